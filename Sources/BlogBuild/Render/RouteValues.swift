/// The template and the context a route renders with. Aliases have no template
/// (`PageRenderer.aliasPage`).
struct RouteValues {
    let site: Site
    let urls: URLMaker
    let values: TemplateValues
    /// Per page type (by its root shape): `site` without `nav`, and `page` with what
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

    /// The template `route` renders with; nil for an alias.
    static func template(for route: Route, in site: Site) -> String? {
        if case .page(let i) = route.kind {
            if site.pages[i].appIndex != nil { return "app-page" }
            return Route.outputPath(forSitePath: site.pages[i].url) == "404.html" ? "404" : "page"
        }
        return route.templateName
    }

    /// The absolute URL of a `social_image:` written in `file`: its largest
    /// processed variant when it was processed, else the file itself.
    private func sharedImage(_ src: String, from file: String) -> String {
        let shared = site.imageVariants(src, in: file).map { "/" + $0.fallbackPath }
        return urls.absoluteURL(shared ?? ImageReference.sitePath(src, from: file))
    }

    /// The absolute URL of app `i`'s icon as a page's og:image: its largest
    /// processed variant (never the original with its metadata), else the file.
    private func appIcon(_ i: Int) -> String? {
        let app = site.apps[i].app
        guard let icon = app.icon else { return nil }
        let shared = site.imageVariants(icon, in: app.sourcePath).map { "/" + $0.fallbackPath }
        return urls.absoluteURL(shared ?? ImageReference.sitePath(icon, from: app.sourcePath))
    }

    /// The root of the context `route`'s template gets, laid out by `root`
    /// (`ContextShapes.root(for:)`), making only what `reads` says is read.
    func root(for route: Route, shape root: TemplateShape, reads: TemplateReads) -> TemplateValue {
        var r = TemplateRecord(root, reads: reads)
        let v = values
        let strings = site.config.strings
        let shared = common[ObjectIdentifier(root)]
        let pageRecord = shared?.page ?? v.pageWithSiteFeeds(r.record(for: "page"))
        var page: TemplateRecord
        switch route.kind {
        case .post(let i):
            let p = site.posts[i]
            // The summary's text (a front-matter `summary:` is Markdown too: no backticks in the description).
            page = v.page(pageRecord, kind: "post", title: p.post.title, path: p.permalink,
                          description: PageRenderer.plainText(p.rendered.summaryHTML), params: p.post.params)
            if let img = p.post.image {
                // A processed hero is shared as its largest fallback variant (never the original with its metadata).
                let shared = site.imageVariants(img.src, in: p.post.sourcePath).map { "/" + $0.fallbackPath }
                page["image"] = .string(urls.absoluteURL(shared ?? ImageReference.sitePath(img.src, from: p.post.sourcePath)))
                if let alt = img.alt { page["image_alt"] = .string(alt) }
                page["twitter_card"] = .string("summary_large_image")
            }
            if let social = p.post.socialImage { page["image"] = .string(sharedImage(social, from: p.post.sourcePath)) }
            r["post"] = v.post(i, r.record(for: "post"))
        case .home(let n, let count):
            let per = max(1, site.config.postsPerPage)
            let range = min(site.posts.count, (n - 1) * per)..<min(site.posts.count, n * per)
            var pagination = r.record(for: "pagination")
            pagination["number"] = .int(n)
            pagination["count"] = .int(count)
            pagination["is_first"] = .bool(n == 1)
            pagination["has_pages"] = .bool(count > 1)
            let label = strings.format(.pageOf, ["n": String(n), "total": String(count)])
            pagination["label"] = .string(label)
            if n > 1 { pagination["newer_url"] = .string(urls.url(Router.homeURL(n - 1))) }
            if n < count { pagination["older_url"] = .string(urls.url(Router.homeURL(n + 1))) }
            page = v.page(pageRecord, kind: "home", title: n == 1 ? site.config.title : label,
                          path: route.url, description: nil)
            r["posts"] = v.entries(range, r.elementRecord(for: "posts"))
            r["has_posts"] = .bool(!range.isEmpty)
            r["pagination"] = pagination.value
        case .seriesIndex:
            page = v.page(pageRecord, kind: "series-index", title: strings[.series], path: route.url, description: nil)
            let summary = r.elementRecord(for: "all_series")
            r["all_series"] = .list(site.series.indices.map { v.seriesSummary($0, summary).value })
            r["has_series"] = .bool(!site.series.isEmpty)
        case .series(let i):
            let s = site.series[i]
            page = v.page(pageRecord, kind: "series", title: s.series.title, path: s.url,
                          description: s.series.description, params: s.series.params, ownFeed: .series(i, in: site))
            r["series"] = v.series(i, r.record(for: "series"))
        case .apps:
            page = v.page(pageRecord, kind: "apps", title: strings[.apps], path: route.url, description: nil)
            let card = r.elementRecord(for: "apps")
            r["apps"] = .list(site.apps.indices.map { v.appCard($0, card).value })
            r["has_apps"] = .bool(!site.apps.isEmpty)
        case .app(let i):
            let a = site.apps[i]
            page = v.page(pageRecord, kind: "app", title: a.app.title, path: a.url, description: a.app.tagline,
                          params: a.app.params, ownFeed: .app(i, in: site))
            if let icon = appIcon(i) { page["image"] = .string(icon) }
            if let id = a.app.appStoreID { page["app_store_id"] = .string(id) }
            r["app"] = v.app(i, r.record(for: "app"))
        case .tags:
            page = v.page(pageRecord, kind: "tags", title: strings[.tags], path: route.url, description: nil)
            let link = r.elementRecord(for: "tags")
            r["tags"] = .list(v.projections.tags.map { v.tagLink($0, link).value })
            r["has_tags"] = .bool(!site.tags.isEmpty)
        case .tag(let i):
            let t = site.tags[i]
            var tag = v.tagLink(v.projections.tags[i], r.record(for: "tag"))
            tag["posts"] = v.entries(t.postIndices, tag.elementRecord(for: "posts"))
            page = v.page(pageRecord, kind: "tag", title: strings.format(.postsTagged, ["tag": t.name]), path: t.url, description: nil,
                          ownFeed: .tag(i, in: site))
            r["tag"] = tag.value
        case .archive:
            let yearRecord = r.elementRecord(for: "years")
            let entry = yearRecord.elementRecord(for: "posts")
            var years: [TemplateValue] = []
            var start = 0
            // Posts come newest first; a year is a run of posts with the same year.
            while start < site.posts.count {
                let year = site.posts[start].post.date.year
                var end = start + 1
                while end < site.posts.count, site.posts[end].post.date.year == year { end += 1 }
                var y = yearRecord
                y["year"] = .int(year)
                y["posts"] = v.entries(start..<end, entry)
                y["count"] = .int(end - start)
                years.append(y.value)
                start = end
            }
            page = v.page(pageRecord, kind: "archive", title: strings[.archive], path: route.url, description: nil)
            r["years"] = .list(years)
            r["has_posts"] = .bool(!site.posts.isEmpty)
            r["post_count"] = .int(site.posts.count)
            let count = strings.count(site.posts.count, one: .postCountOne, other: .postCountOther)
            r["post_count_text"] = .string(count)
            r["lead"] = .string(strings.format(.archiveLead, ["posts": count]))
        case .page(let i):
            let p = site.pages[i]
            let isNotFound = p.appIndex == nil && Route.outputPath(forSitePath: p.url) == "404.html"
            let kind = p.appIndex != nil ? "app-page" : isNotFound ? "404" : "page"
            page = v.page(pageRecord, kind: kind, title: p.page.title, path: p.url,
                          description: PageRenderer.plainText(p.rendered.summaryHTML), params: p.page.params)
            page["content"] = .string(v.contentHTML(p.rendered.html))
            page["toc"] = v.toc(p.rendered.toc, page.elementRecord(for: "toc"))
            page["has_toc"] = .bool(p.rendered.toc.count >= 2)
            page["show_toc"] = .bool(p.rendered.toc.count >= TemplateValues.tocMinimumHeadings)
            page["has_content"] = .bool(true)
            if let social = p.page.socialImage { page["image"] = .string(sharedImage(social, from: p.page.sourcePath)) }
            if let ai = p.appIndex {
                // The app's head on its child page, and its Smart App Banner.
                let card = v.appCard(ai, r.record(for: "app"))
                r["app"] = card.value
                // Shared, it shows its app's icon, as the app's own page does.
                if let icon = appIcon(ai) { page["image"] = .string(icon) }
                if let id = v.projections.apps[ai].appStoreID { page["app_store_id"] = .string(id) }
            }
        case .notFound:
            page = v.page(pageRecord, kind: "404", title: strings[.pageNotFound], path: route.url, description: nil)
            page["has_content"] = .bool(false)
        case .search:
            page = v.page(pageRecord, kind: "search", title: strings[.search], path: route.url, description: nil)
            r["search"] = v.searchPage(r.record(for: "search"))
        case .alias, .pageAlias, .redirect:
            page = pageRecord
        }
        var siteRecord = shared?.site ?? v.siteWithoutNav(r.record(for: "site"))
        if case .string(let url) = page["url"] {
            siteRecord["nav"] = v.nav(siteRecord.elementRecord(for: "nav"), pageURL: url)
        }
        r["site"] = siteRecord.value
        r["strings"] = shared?.strings ?? v.strings(r.record(for: "strings"))
        r["page"] = page.value
        return r.value
    }
}
