import Load

/// What the series index shows of a series (and a series page's head).
public struct SeriesSummary: Hashable, Sendable {
    public var title: String
    public var slug: String
    /// Site path, e.g. `/series/rewriting-kettle/`.
    public var url: String
    public var count: Int
    public var description: String?
    public var params: [String: FrontMatterValue]
}
