import Foundation
import Mustache

/// Renders routes to bytes with the theme's templates. Pure and thread-safe:
/// routes are rendered on all cores.
struct PageRenderer: Sendable {
    let site: Site
    let theme: Theme
    let urls: URLMaker
    /// What pages show of posts, tags, series and apps (made from `site` when not given).
    var projections: SiteProjections? = nil
    /// Renders with swift-mustache and the dictionary context instead: kept only until
    /// the compiled engine's output is shown to be the same, byte for byte.
    var legacyEngine = false

    /// Renders every route. With a cache and each route's key (`RenderKeys`), a
    /// route whose key is the one its cached page was made for is not rendered again.
    func render(_ routes: [Route], keys: [Int]? = nil, cache: PageCache? = nil) -> ([OutputFile], [Diagnostic]) {
        // One context for all routes: building it walks the whole site.
        let context = TemplateContext(site: site, urls: urls, projections: projections)
        let previous = cache?.entries ?? [:]
        let keyed: [(route: Route, key: Int?)] = routes.indices.map { (routes[$0], keys?[$0]) }
        var templateValues = TemplateValues(site: site, urls: urls, projections: context.projections)
        // Many pages list each post; the handful a live edit re-renders are cheaper made as asked.
        let toRender = keyed.count { item in item.key == nil || previous[item.route.outputPath]?.key != item.key }
        if toRender > 64 { templateValues = templateValues.withEntryTexts() }
        let values = RouteValues(site: site, urls: urls, values: templateValues, pages: theme.pages.values)
        let results = keyed.parallelMap { item -> (Result<OutputFile, Diagnostic>, reused: Bool) in
            let path = item.route.outputPath
            if let key = item.key, let hit = previous[path], hit.key == key {
                return (.success(OutputFile(path: path, contents: .bytes(hit.bytes))), true)
            }
            return (legacyEngine ? render(item.route, context: context) : render(item.route, values: values), false)
        }
        if let cache, keys != nil {
            var fresh: [String: PageCache.Entry] = [:]
            fresh.reserveCapacity(results.count)
            for (item, (result, _)) in zip(keyed, results) {
                if let key = item.key, case .success(let file) = result, case .bytes(let bytes) = file.contents {
                    fresh[file.path] = PageCache.Entry(key: key, bytes: bytes)
                }
            }
            cache.remember(fresh, rendered: results.count { !$0.reused })
        }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        files.reserveCapacity(results.count)
        for (r, _) in results {
            switch r {
            case .success(let f): files.append(f)
            case .failure(let d): diagnostics.append(d)
            }
        }
        return (files, diagnostics)
    }

    private func render(_ route: Route, values: RouteValues) -> Result<OutputFile, Diagnostic> {
        guard let name = RouteValues.template(for: route, in: site) else {
            guard case .alias(let i, _) = route.kind else { return .failure(Diagnostic(file: route.outputPath, message: "no template")) }
            return .success(OutputFile(path: route.outputPath, contents: .bytes(Array(aliasPage(to: i).utf8))))
        }
        guard let page = theme.pages[name] else {
            return .failure(Diagnostic(file: "templates/\(name).mustache", message: "template: missing template '\(name)'"))
        }
        var bytes: [UInt8] = []
        // Most pages are 10–40 KB: one allocation instead of a dozen doublings.
        bytes.reserveCapacity(32 * 1024)
        page.template.render(values.root(for: route, shape: page.root, reads: page.reads), into: &bytes)
        return .success(OutputFile(path: route.outputPath, contents: .bytes(bytes)))
    }

    private func render(_ route: Route, context ctx: TemplateContext) -> Result<OutputFile, Diagnostic> {
        let name: String
        let values: [String: Any]
        switch route.kind {
        case .post(let i):
            let p = site.posts[i]
            // The summary's text (a front-matter `summary:` is Markdown too: no backticks in the description).
            let desc = plainText(p.rendered.summaryHTML)
            var page = ctx.page(kind: "post", title: p.post.title, path: p.permalink, description: desc, params: p.post.params)
            if let img = p.post.image {
                page["image"] = urls.absoluteURL(ImageReference.sitePath(img.src, from: p.post.sourcePath))
                if let alt = img.alt { page["image_alt"] = alt }
                page["twitter_card"] = "summary_large_image"
            }
            name = "post"
            values = ctx.root(page: page, extra: ["post": ctx.post(i)])
        case .home(let n, let count):
            let per = max(1, site.config.postsPerPage)
            let range = min(site.posts.count, (n - 1) * per)..<min(site.posts.count, n * per)
            var pagination: [String: Any] = ["number": n, "count": count, "is_first": n == 1, "has_pages": count > 1]
            if n > 1 { pagination["newer_url"] = urls.url(Router.homeURL(n - 1)) }
            if n < count { pagination["older_url"] = urls.url(Router.homeURL(n + 1)) }
            let title = n == 1 ? site.config.title : "Page \(n) of \(count)"
            name = "home"
            values = ctx.root(page: ctx.page(kind: "home", title: title, path: route.url, description: nil),
                              extra: ["posts": range.map(ctx.postSummary), "has_posts": !range.isEmpty,
                                      "pagination": pagination])
        case .seriesIndex:
            name = "series-index"
            values = ctx.root(page: ctx.page(kind: "series-index", title: "Series", path: route.url, description: nil),
                              extra: ["all_series": site.series.indices.map(ctx.seriesSummary), "has_series": !site.series.isEmpty])
        case .series(let i):
            let s = site.series[i]
            var page = ctx.page(kind: "series", title: s.series.title, path: s.url,
                                description: s.series.description, params: s.series.params)
            ctx.addCollectionFeed(.series(i, in: site), to: &page)
            name = "series"
            values = ctx.root(page: page, extra: ["series": ctx.series(i)])
        case .apps:
            name = "apps"
            values = ctx.root(page: ctx.page(kind: "apps", title: "Apps", path: route.url, description: nil),
                              extra: ["apps": site.apps.indices.map(ctx.appCard), "has_apps": !site.apps.isEmpty])
        case .app(let i):
            let a = site.apps[i]
            var page = ctx.page(kind: "app", title: a.app.title, path: a.url, description: a.app.tagline, params: a.app.params)
            if let icon = a.app.icon { page["image"] = urls.absoluteURL(ImageReference.sitePath(icon, from: a.app.sourcePath)) }
            ctx.addCollectionFeed(.app(i, in: site), to: &page)
            name = "app"
            values = ctx.root(page: page, extra: ["app": ctx.app(i)])
        case .tags:
            name = "tags"
            values = ctx.root(page: ctx.page(kind: "tags", title: "Tags", path: route.url, description: nil),
                              extra: ["tags": site.tags.indices.map(ctx.tagLink), "has_tags": !site.tags.isEmpty])
        case .tag(let i):
            let t = site.tags[i]
            var tag = ctx.tagLink(i)
            tag["posts"] = t.postIndices.map(ctx.postSummary)
            var page = ctx.page(kind: "tag", title: "Posts tagged “\(t.name)”", path: t.url, description: nil)
            ctx.addCollectionFeed(.tag(i, in: site), to: &page)
            name = "tag"
            values = ctx.root(page: page, extra: ["tag": tag])
        case .archive:
            var years: [[String: Any]] = []
            var current: Int? = nil
            var bucket: [PostSummaryValue] = []
            for i in site.posts.indices {
                let y = site.posts[i].post.date.year
                if y != current {
                    if let c = current { years.append(["year": c, "posts": bucket, "count": bucket.count]) }
                    current = y
                    bucket = []
                }
                bucket.append(ctx.postSummary(i))
            }
            if let c = current { years.append(["year": c, "posts": bucket, "count": bucket.count]) }
            name = "archive"
            values = ctx.root(page: ctx.page(kind: "archive", title: "Archive", path: route.url, description: nil),
                              extra: ["years": years, "has_posts": !site.posts.isEmpty, "post_count": site.posts.count,
                                      "post_count_text": site.posts.count == 1 ? "1 post" : "\(site.posts.count) posts"])
        case .page(let i):
            let p = site.pages[i]
            let isNotFound = Route.outputPath(forSitePath: p.url) == "404.html"
            var page = ctx.page(kind: isNotFound ? "404" : "page", title: p.page.title, path: p.url,
                                description: plainText(p.rendered.summaryHTML), params: p.page.params)
            page["content"] = ctx.contentHTML(p.rendered.html)
            page["toc"] = p.rendered.toc.map { ["level": $0.level, "id": $0.id, "text": $0.text] as [String: Any] }
            page["has_toc"] = p.rendered.toc.count >= 2
            page["show_toc"] = p.rendered.toc.count >= TemplateContext.tocMinimumHeadings
            page["has_content"] = true
            name = isNotFound ? "404" : "page"
            values = ctx.root(page: page, extra: [:])
        case .notFound:
            var page = ctx.page(kind: "404", title: "Page not found", path: route.url, description: nil)
            page["has_content"] = false
            name = "404"
            values = ctx.root(page: page, extra: [:])
        case .alias(let i, _):
            return .success(OutputFile(path: route.outputPath, contents: .bytes(Array(aliasPage(to: i).utf8))))
        }
        guard let html = theme.library.render(values, withTemplate: name) else {
            return .failure(Diagnostic(file: "templates/\(name).mustache", message: "template: missing template '\(name)'"))
        }
        return .success(OutputFile(path: route.outputPath, contents: .bytes(Array(html.utf8))))
    }

    /// A small page that sends readers (and search engines) from an old URL to the post.
    private func aliasPage(to i: Int) -> String {
        let p = site.posts[i]
        let target = HTMLEscape.text(urls.url(p.permalink))
        let canonical = HTMLEscape.text(urls.absoluteURL(p.permalink))
        let title = HTMLEscape.text(p.post.title)
        return """
        <!DOCTYPE html>
        <html lang="\(HTMLEscape.text(site.config.language))">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <link rel="canonical" href="\(canonical)">
        <meta name="robots" content="noindex">
        <meta http-equiv="refresh" content="0; url=\(target)">
        </head>
        <body>
        <p>This post has moved to <a href="\(target)">\(title)</a>.</p>
        </body>
        </html>

        """
    }

    /// Text of a small HTML fragment, for meta descriptions.
    func plainText(_ html: String) -> String {
        Self.plainText(html)
    }

    /// The text of an HTML fragment: tags dropped, character references decoded,
    /// runs of white space made one space. Over bytes, in one pass: a summary can be
    /// a whole 10 MB paragraph.
    static func plainText(_ html: String) -> String {
        var text: [UInt8] = []
        var inTag = false
        var space = false
        var hasEntity = false
        for b in html.utf8 {
            if inTag {
                if b == UInt8(ascii: ">") { inTag = false }
                continue
            }
            switch b {
            case UInt8(ascii: "<"):
                inTag = true
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                space = !text.isEmpty
            default:
                if space {
                    text.append(0x20)
                    space = false
                }
                if b == UInt8(ascii: "&") { hasEntity = true }
                text.append(b)
            }
        }
        let plain = String(decoding: text, as: UTF8.self)
        guard hasEntity else { return plain }
        let decoded = HTMLBytes.decodeEntities(plain)
        // A decoded reference may be white space itself (`&nbsp;`, `&#10;`, `&#32;`).
        var previousSpace = true
        var collapsed = true
        for scalar in decoded.unicodeScalars {
            let isSpace = scalar == " "
            if (isSpace && previousSpace) || scalar.value < 0x20 || (scalar.value >= 0x80 && scalar.properties.isWhitespace) {
                collapsed = false
                break
            }
            previousSpace = isSpace
        }
        if collapsed && !previousSpace { return decoded }
        return decoded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
