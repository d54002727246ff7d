import Load
import Site
import Render

extension PageKind {
    /// One series: its intro and its parts in reading order, `/series/tidemark/` (`series.mustache`).
    public static let series: PageKind = PageKind(
        name: "series",
        templates: { [("series", [("series", ContextShapes.series)])] },
        routes: { site, _ in
            site.series.indices.map { i in
                Route(url: site.series[i].url, kind: .series, item: i, source: site.series[i].series.sourcePath)
            }
        },
        inputs: { route, site in
            let i = route.item
            var r = RouteInputs(templates: ["series"])
            r.own = .series(i)
            r.seriesSummary = i
            r.listed = .indices(site.series[i].postIndices)
            return r
        },
        context: { route, c in
            let i = route.item
            let s = c.site.series(i)
            c.setPage(kind: "series", title: s.series.title, path: s.url,
                      description: s.series.description, params: s.series.params, ownFeed: c.site.feed(series: i))
            c.root["series"] = c.series(i, c.root.record(for: "series"))
        },
        sitemap: { route, site in .listed(PageKinds.newest(site.series[route.item].postIndices, in: site)) })
}
