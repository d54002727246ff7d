/// A tag as a link with its post count: on every post that has it, in list
/// entries, and on the tags page.
public struct TagLink: Hashable, Sendable {
    public var name: String
    public var slug: String
    /// Site path, e.g. `/tags/swiftui/`.
    public var url: String
    public var count: Int
}
