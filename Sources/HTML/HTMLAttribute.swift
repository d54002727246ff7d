/// One attribute of a start tag, as byte offsets into the scanned buffer, so a
/// rewriter can copy everything around it and splice only the value.
public struct HTMLAttribute: Sendable, Hashable {
    /// From just after the tag name or the previous attribute to the end of this
    /// one (closing quote included): what to cut to remove the attribute.
    public var range: Range<Int>
    /// The name as written (compare with `HTMLScanner.equals`, which ignores case).
    public var name: Range<Int>
    /// The value as written, without quotes and with character references still
    /// in it (`HTMLEntities.decode` reads it); empty, at the end of the name, for
    /// an attribute written without a value.
    public var value: Range<Int>
    /// `"` or `'` around the value; 0 for an unquoted value or none.
    public var quote: UInt8
    /// A later attribute of the same name (any case) on the same tag. The standard
    /// drops it from the element, so readers of values skip it; it is still
    /// reported for code that removes or rewrites bytes.
    public var isDuplicate: Bool
}
