/// A section's compiled content for one shape of its value: `list` runs per element
/// with the element pushed, `value` runs once with the (non-list, truthy) value pushed.
/// Nil where the shape says that case cannot happen.
struct SectionBodies: Sendable {
    let list: [RenderStep]?
    let value: [RenderStep]?

    static let empty = SectionBodies(list: nil, value: nil)

    var isEmpty: Bool { list == nil && value == nil }
}
