/// "Part 3 of 7 in Rewriting Kettle": what a list entry shows of the series a post is in.
package struct SeriesMark: Hashable, Sendable {
    package var title: String
    /// Site path of the series page.
    package var url: String
    /// 1-based.
    package var position: Int
    package var count: Int
}
