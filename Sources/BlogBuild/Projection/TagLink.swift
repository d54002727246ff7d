/// A tag as a link with its post count: on every post that has it, in list
/// entries, and on the tags page.
struct TagLink: Hashable, Sendable {
    var name: String
    var slug: String
    /// Site path, e.g. `/tags/swiftui/`.
    var url: String
    var count: Int
}
