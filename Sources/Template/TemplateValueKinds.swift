/// The kinds a value of some shape may be at run time. The compiler uses them to skip
/// section bodies that can never run (a list-only value is never pushed whole) and to
/// know when a stack frame is certainly an object, so that a name it always has stops
/// the lookup there instead of also compiling lookups further down the stack.
public struct TemplateValueKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An object (`TemplateObject`).
    static let object = TemplateValueKinds(rawValue: 1)
    /// A list.
    static let list = TemplateValueKinds(rawValue: 2)
    /// A string, number or bool.
    static let scalar = TemplateValueKinds(rawValue: 4)
    /// Anything at all: values found by name in an open object.
    static let all: TemplateValueKinds = [.object, .list, .scalar]
}
