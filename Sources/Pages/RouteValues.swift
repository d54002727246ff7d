import Template
import Site
import Render

/// The context a route renders with: what every page has (`site`, its nav,
/// `strings`, the common part of `page`), and what its kind adds
/// (`PageKind.context`). Redirects have no template (`PageRenderer.aliasPage`).
struct RouteValues: Sendable {
    let site: Site
    let urls: URLMaker
    let values: TemplateValues
    /// Per page template (by its root shape): `site` without `nav`, and `page` with what
    /// every page has, made once instead of on each of thousands of pages.
    private let common: [ObjectIdentifier: (site: TemplateRecord, page: TemplateRecord, strings: TemplateValue)]

    init(site: Site, urls: URLMaker, values: TemplateValues, pages: some Sequence<Theme.CompiledPage>) {
        self.site = site
        self.urls = urls
        self.values = values
        var common: [ObjectIdentifier: (site: TemplateRecord, page: TemplateRecord, strings: TemplateValue)] = [:]
        for page in pages {
            let root = TemplateRecord(page.root, reads: page.reads)
            common[ObjectIdentifier(page.root)] = (values.siteWithoutNav(root.record(for: "site")),
                                                   values.pageWithSiteFeeds(root.record(for: "page")),
                                                   values.strings(root.record(for: "strings")))
        }
        self.common = common
    }

    /// The root of the context `route`'s template gets, laid out by `root`
    /// (`PageKinds.templates`), making only what `reads` says is read.
    /// `undeclared`: what the kind's context read that its inputs do not declare (`DeclaredSite`;
    /// debug builds only, else always empty).
    func root(for route: Route, shape root: TemplateShape, reads: TemplateReads) -> (root: TemplateValue, undeclared: [String]) {
        let r = TemplateRecord(root, reads: reads)
        let v = values
        let shared = common[ObjectIdentifier(root)]
        #if DEBUG
        let log: UndeclaredReads? = UndeclaredReads()
        #else
        let log: UndeclaredReads? = nil
        #endif
        var context = PageContext(site: DeclaredSite(site, inputs: route.inputs(in: site), log: log), urls: urls, values: v, root: r,
                                  page: shared?.page ?? v.pageWithSiteFeeds(r.record(for: "page")))
        route.kind.context(route, &context)
        var out = context.root
        var siteRecord = shared?.site ?? v.siteWithoutNav(out.record(for: "site"))
        if case .string(let url) = context.page["url"] {
            siteRecord["nav"] = v.nav(siteRecord.elementRecord(for: "nav"), pageURL: url)
        }
        out["site"] = siteRecord.value
        out["strings"] = shared?.strings ?? v.strings(out.record(for: "strings"))
        out["page"] = context.page.value
        return (out.value, log?.reads ?? [])
    }
}
