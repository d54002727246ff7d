/// "Part 3 of 7 in Rewriting Kettle": what a list entry shows of the series a post is in.
public struct SeriesMark: Hashable, Sendable {
    public var title: String
    /// Site path of the series page.
    public var url: String
    /// 1-based.
    public var position: Int
    public var count: Int
}
