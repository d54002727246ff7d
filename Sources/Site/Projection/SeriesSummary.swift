import Load

/// What the series index shows of a series (and a series page's head).
package struct SeriesSummary: Hashable, Sendable {
    package var title: String
    package var slug: String
    /// Site path, e.g. `/series/rewriting-kettle/`.
    package var url: String
    package var count: Int
    package var description: String?
    package var params: [String: FrontMatterValue]
}
