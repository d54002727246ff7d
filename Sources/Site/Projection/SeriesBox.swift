/// The series box on a post's own page: every part by title, with previous and next.
package struct SeriesBox: Hashable, Sendable {
    package struct Part: Hashable, Sendable {
        package var title: String
        package var permalink: String
    }

    package var title: String
    /// Site path of the series page.
    package var url: String
    /// 0-based position of the post the box is on.
    package var position: Int
    package var parts: [Part]
}
