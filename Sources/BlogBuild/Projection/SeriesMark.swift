/// "Part 3 of 7 in Rewriting Kettle": what a list entry shows of the series a post is in.
struct SeriesMark: Hashable, Sendable {
    var title: String
    /// Site path of the series page.
    var url: String
    /// 1-based.
    var position: Int
    var count: Int
}
