/// Which fields of which shapes a compiled template reads, through every partial,
/// parent and block it reaches: what the code filling a context may skip making
/// (a list page that shows no summaries needs none rewritten). Shapes are told
/// apart by identity, so the shapes compiled against must outlive this value.
struct TemplateReads: Sendable {
    private var slots: Set<ShapeSlot> = []

    private struct ShapeSlot: Hashable, Sendable {
        let shape: ObjectIdentifier
        let slot: Int
    }

    /// Whether slot `slot` of `shape` is read anywhere.
    func contains(_ shape: TemplateShape, slot: Int) -> Bool {
        slots.contains(ShapeSlot(shape: ObjectIdentifier(shape), slot: slot))
    }

    mutating func insert(_ shape: TemplateShape, slot: Int) {
        slots.insert(ShapeSlot(shape: ObjectIdentifier(shape), slot: slot))
    }
}
