import Load

/// What the series index shows of a series (and a series page's head).
struct SeriesSummary: Hashable, Sendable {
    var title: String
    var slug: String
    /// Site path, e.g. `/series/rewriting-kettle/`.
    var url: String
    var count: Int
    var description: String?
    var params: [String: FrontMatterValue]
}
