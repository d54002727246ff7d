/// Which fields of which shapes a compiled template reads, through every partial,
/// parent and block it reaches: what the code filling a context may skip making
/// (a list page that shows no summaries needs none rewritten). Shapes are told
/// apart by identity, so the shapes compiled against must outlive this value.
public struct TemplateReads: Sendable {
    private var slots: Set<ShapeSlot> = []
    /// Names looked up in a free-form object (`page.params.NAME`, or `NAME` inside a
    /// `{{#params}}` section): the front-matter keys a template uses though blogbuild
    /// itself does not, which therefore are no typo.
    public private(set) var openNames: Set<String> = []

    private struct ShapeSlot: Hashable, Sendable {
        let shape: ObjectIdentifier
        let slot: Int
    }

    /// Whether slot `slot` of `shape` is read anywhere.
    public func contains(_ shape: TemplateShape, slot: Int) -> Bool {
        slots.contains(ShapeSlot(shape: ObjectIdentifier(shape), slot: slot))
    }

    mutating func insert(_ shape: TemplateShape, slot: Int) {
        slots.insert(ShapeSlot(shape: ObjectIdentifier(shape), slot: slot))
    }

    /// Records that `name` is looked up by name in an open (free-form) object.
    mutating func insertOpen(_ name: String) {
        openNames.insert(name)
    }
}
