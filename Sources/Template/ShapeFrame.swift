/// One frame of the context stack as the compiler sees it: the shape of the value that
/// will be there, and the kinds it may be in that place (a list's element, or a
/// section's value, which is never a list there since lists are iterated).
struct ShapeFrame: Hashable, Sendable {
    let shape: TemplateShape
    let kinds: TemplateValueKinds

    static func == (a: ShapeFrame, b: ShapeFrame) -> Bool { a.shape === b.shape && a.kinds == b.kinds }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(shape))
        hasher.combine(kinds.rawValue)
    }
}
