/// The series box on a post's own page: every part by title, with previous and next.
public struct SeriesBox: Hashable, Sendable {
    public struct Part: Hashable, Sendable {
        public var title: String
        public var permalink: String
    }

    public var title: String
    /// Site path of the series page.
    public var url: String
    /// 0-based position of the post the box is on.
    public var position: Int
    public var parts: [Part]
}
