import Load
import Template
import Site
import Render

extension PageKind {
    /// Every series: `/series/` (`series-index.mustache`).
    static let seriesIndex: PageKind = PageKind(
        name: "series-index",
        templates: {
            [("series-index", [("all_series", ContextShapes.list(ContextShapes.object(ContextShapes.seriesSummaryFields))),
                               ("has_series", .scalar)])]
        },
        routes: { _, _ in [Route(url: SiteURLs.seriesIndex, kind: .seriesIndex, source: "(series index)")] },
        inputs: { _, _ in
            var r = RouteInputs(templates: ["series-index"])
            r.allSeries = true
            return r
        },
        context: { route, c in
            c.setPage(kind: "series-index", title: c.strings[.series], path: route.url, description: nil)
            let summary = c.root.elementRecord(for: "all_series")
            c.root["all_series"] = .list(c.site.seriesIndices.map { c.seriesSummary($0, summary).value })
            c.root["has_series"] = .bool(!c.site.seriesIndices.isEmpty)
        },
        sitemap: { _, site in .listed(PageKinds.newest(site.series.lazy.flatMap(\.postIndices), in: site)) })
}
