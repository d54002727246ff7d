/// An object laid out by its shape: `values[slot]`. `open` holds an open shape's
/// undeclared names; a free-form object (one whose shape is not known when templates
/// compile, such as everything found inside front matter `params`) keeps all of its
/// names there and leaves `values` empty.
public final class TemplateObject: Sendable {
    public let values: [TemplateValue]
    public let open: [String: TemplateValue]

    public init(values: [TemplateValue], open: [String: TemplateValue] = [:]) {
        self.values = values
        self.open = open
    }

    /// The value in `slot`; `.missing` past the end, so that data laid out by the wrong
    /// shape renders wrongly but safely.
    @inline(__always)
    public func value(at slot: Int) -> TemplateValue {
        slot < values.count ? values[slot] : .missing
    }

    /// The value of an undeclared name.
    @inline(__always)
    public func value(named name: String) -> TemplateValue {
        open[name] ?? .missing
    }
}
