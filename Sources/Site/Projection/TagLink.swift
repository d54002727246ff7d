/// A tag as a link with its post count: on every post that has it, in list
/// entries, and on the tags page.
package struct TagLink: Hashable, Sendable {
    package var name: String
    package var slug: String
    /// Site path, e.g. `/tags/swiftui/`.
    package var url: String
    package var count: Int
}
