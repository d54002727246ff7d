/// The series box on a post's own page: every part by title, with previous and next.
struct SeriesBox: Hashable, Sendable {
    struct Part: Hashable, Sendable {
        var title: String
        var permalink: String
    }

    var title: String
    /// Site path of the series page.
    var url: String
    /// 0-based position of the post the box is on.
    var position: Int
    var parts: [Part]
}
