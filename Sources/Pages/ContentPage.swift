import HTML
import Load
import Markdown
import Template
import Site
import Render

extension PageKind {
    /// A standalone page (`content/pages/about.md`): `/about/` (`page.mustache`);
    /// `404.md` is the site's "not found" page, `/404.html` (`404.mustache`).
    public static let page: PageKind = PageKind(
        name: "page",
        templates: { [("page", []), ("404", [])] },
        routes: { site, _ in
            site.pages.indices.compactMap { i in
                site.pages[i].appIndex != nil ? nil
                    : Route(url: site.pages[i].url, kind: .page, item: i, source: site.pages[i].page.sourcePath)
            }
        },
        template: { route, _ in route.outputPath == "404.html" ? "404" : "page" },
        inputs: { route, _ in
            var r = RouteInputs(templates: ["page", "404"])
            r.own = .page(route.item)
            return r
        },
        context: { route, c in
            c.fillContentPage(c.site.pages[route.item], kind: route.outputPath == "404.html" ? "404" : "page")
        },
        sitemap: { route, _ in route.outputPath == "404.html" ? .unlisted : .listed(nil) })
}

extension PageContext {
    /// `page` for a page written in Markdown: its title, text, table of contents and shared image.
    mutating func fillContentPage(_ p: SitePage, kind: String) {
        setPage(kind: kind, title: p.page.title, path: p.url,
                description: PlainText.of(p.rendered.summaryHTML), params: p.page.params)
        page["content"] = .string(values.contentHTML(p.rendered.html))
        page["toc"] = values.toc(p.rendered.toc, page.elementRecord(for: "toc"))
        page["has_toc"] = .bool(p.rendered.toc.count >= 2)
        page["show_toc"] = .bool(p.rendered.toc.count >= TemplateValues.tocMinimumHeadings)
        page["has_content"] = .bool(true)
        if let social = p.page.socialImage { page["image"] = .string(sharedImage(social, from: p.page.sourcePath)) }
    }
}
