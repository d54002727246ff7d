import Load
import Markdown
import Support
import BlogBuild
import Site

/// What every importer does once it has read the old site: works out each
/// document's blogbuild URL, keeps each old URL working (a post's `aliases`, a
/// page's `permalink`), gives every file a path of its own, and writes `site.yml`.
package enum ImportAssembler {
    /// blogbuild's URL for each document, by its source path: posts from the
    /// permalink pattern, pages from their `permalink` or file name.
    static func urls(_ documents: [ImportedSite.Document], pattern: String) -> [String: String] {
        var urls: [String: String] = [:]
        for document in documents {
            switch document.kind {
            case .post: if let url = postURL(document, pattern: pattern) { urls[document.source] = url }
            case .page: urls[document.source] = finishedPageURL(document)
            case .series: urls[document.source] = SiteURLs.series(slug: ContentPaths.slug(of: document.path))
            }
        }
        return urls
    }

    static func postURL(_ document: ImportedSite.Document, pattern: String) -> String? {
        let name = PostLoader.nameForDateAndSlug(document.path)
        let named = DateParsing.fileNamePrefix(name)
        let dateText = document.fields.first { $0.key == "date" }?.value.scalarText ?? named?.date
        guard let dateText, case .success(let date) = DateParsing.fields(dateText) else { return nil }
        let title = document.fields.first { $0.key == "title" }?.value.scalarText ?? ""
        // The loader's rule for a post with no `slug:` (a file name that is not a slug is cleaned).
        guard let slug = document.fields.first(where: { $0.key == "slug" })?.value.scalarText
                ?? PostLoader.slug(fileName: named?.rest ?? name, title: title) else { return nil }
        return Permalink.expand(pattern, year: date.year, month: date.month, day: date.day, slug: slug, title: title)
    }

    /// The URL a page will have once `finish` has kept its old URL: its first
    /// old URL (a `permalink:` of the old site) unless blogbuild builds that URL itself.
    static func finishedPageURL(_ document: ImportedSite.Document) -> String {
        var document = document
        var report = ImportReport()
        keepOffBuiltInURLs(&document, report: &report)
        if document.fields.first(where: { $0.key == "permalink" }) == nil, !isNotFoundPage(document), let first = document.oldURLs.first,
           isCleanURL(first) {
            return first
        }
        return pageURL(document)
    }

    /// Whether blogbuild may write `url` as a page's own: nothing in it needs escaping.
    static func isCleanURL(_ url: String) -> Bool {
        !url.unicodeScalars.contains { "?#% ".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F }
    }

    static func pageURL(_ document: ImportedSite.Document) -> String {
        if let permalink = document.fields.first(where: { $0.key == "permalink" })?.value.scalarText { return permalink }
        let slug = ContentPaths.pageSlug(of: document.path)
        return SiteURLs.page(slug: slug)
    }

    /// The site, with old URLs kept: a post gets an alias for each old URL that
    /// is not its new one; a page keeps its first old URL as its `permalink` (when
    /// its path under pages/ does not already give that URL) and the others as aliases.
    static func finish(config: ImportFields, documents: [ImportedSite.Document], copies: [ImportedSite.Copy],
                       report: ImportReport, pattern: String) -> ImportedSite {
        var report = report
        var config = config
        // blogbuild needs the site's address to build (feeds, the sitemap); the old generator did not.
        // The one note about a missing address: the importers leave it to this.
        if !config.contains(where: { $0.key == "base_url" }) {
            config.append((key: "base_url", value: .text(ConfigLoader.placeholderBaseURL)))
            report.leave("content/site.yml", line: nil, "base_url: \(ConfigLoader.placeholderBaseURL)",
                         "the old site named no absolute address; this stand-in lets the site build, and publish refuses it until you write the site's address")
        }
        // A file the old site served where blogbuild writes its own (a `feed.xml` made
        // once and committed, an `index.html`) would collide: blogbuild's answers there.
        // A robots.txt of the site's own replaces blogbuild's, so it is kept.
        let copies = copies.filter { copy in
            let url = "/" + copy.path.dropFirst("content/".count)
            guard url != "/robots.txt", isBuiltIn(url) else { return true }
            report.leave(copy.path, line: nil, url, "blogbuild writes its own \(url) (its feed, sitemap or home page); the old file was not copied")
            return false
        }
        var taken = Set(copies.map(\.path))
        var finished: [ImportedSite.Document] = []
        // An old URL two documents claim (both pages' `redirect_from: /x.html`) redirects to the first.
        var claimed: [String: String] = [:]
        // A feed id two posts had (a WordPress export's copied post keeps its original's
        // `<guid>`) stays the first's: a feed holding one id twice is invalid.
        var feedIDs: Set<String> = []
        for var document in withSeriesFiles(documents, report: &report).sorted(by: { ($0.path, $0.source) < ($1.path, $1.source) }) {
            if document.kind == .page, let own = builtInPageWithoutWords(document) {
                // A theme's page that only names a layout (PaperMod's `search.md`) is what blogbuild builds itself.
                report.leave(document.source, line: nil, own.url,
                             "a page with no words of its own where blogbuild builds its \(own.name): blogbuild's own \(own.name) answers at \(own.url); not imported")
                continue
            }
            if document.kind == .page { keepOffBuiltInURLs(&document, report: &report) }
            document.path = unique(document.path, taken: &taken)
            let old = document.oldURLs.filter { url in
                if url.contains("?") || url.contains("#") {
                    report.leave(document.source, line: nil, url, "an old URL with a query or fragment cannot be kept by a static site; redirect it on the server")
                    return false
                }
                return true
            }
            switch document.kind {
            case .post:
                let own = postURL(document, pattern: pattern).map { SiteURLs.outputPath($0) }
                var aliases = document.fields.first { $0.key == "aliases" }?.value.texts() ?? []
                var seen = Set(aliases.map { SiteURLs.outputPath($0) })
                if let own { seen.insert(own) }
                for url in old where seen.insert(SiteURLs.outputPath(url)).inserted
                    && isFirstClaim(url, by: document, claimed: &claimed, report: &report) {
                    aliases.append(url)
                    report.count("old URL kept as an alias")
                }
                aliases = aliases.filter { SiteURLs.outputPath($0) != own }
                document.fields.removeAll { $0.key == "aliases" }
                if !aliases.isEmpty { document.fields.append((key: "aliases", value: .list(aliases.map(ImportValue.text)))) }
            case .page:
                // An old URL that needs escaping (`/what%3F/`) stays an alias; the page takes its clean slug.
                // The 404 page stays blogbuild's `/404.html`: its old `/404/` redirects there.
                if let first = old.first, isCleanURL(first), document.fields.first(where: { $0.key == "permalink" }) == nil, !isNotFoundPage(document),
                   SiteURLs.outputPath(first) != SiteURLs.outputPath(pageURL(document)) {
                    document.fields.append((key: "permalink", value: .text(first)))
                }
                let own = SiteURLs.outputPath(pageURL(document))
                var aliases: [String] = []
                var seen: Set<String> = [own]
                for url in old where seen.insert(SiteURLs.outputPath(url)).inserted
                    && isFirstClaim(url, by: document, claimed: &claimed, report: &report) {
                    aliases.append(url)
                    report.count("old URL kept as an alias")
                }
                document.fields.removeAll { $0.key == "aliases" }
                if !aliases.isEmpty { document.fields.append((key: "aliases", value: .list(aliases.map(ImportValue.text)))) }
            case .series:
                break
            }
            // Each of blogbuild's keys in the type blogbuild reads it as, whatever the old site wrote.
            document.fields = ImportFieldTypes.conformed(document.fields, source: document.source, report: &report)
            if let id = document.fields.first(where: { $0.key == "feed_id" })?.value.scalarText, !feedIDs.insert(id).inserted {
                document.fields.removeAll { $0.key == "feed_id" }
                report.leave(document.source, line: nil, "feed id \(id)",
                             "another post had the same id in the old feeds; this one gets blogbuild's own id, so feed readers show it as new")
            }
            finished.append(document)
        }
        finished = FrontMatterImageFiles.resolved(finished, copies: copies, report: &report)
        // The old URLs as read: a page moved off a URL blogbuild builds itself has lost its own by now.
        let oldURLs = Dictionary(documents.map { ($0.source, $0.oldURLs) }, uniquingKeysWith: { a, _ in a })
        finished = withRelativeURLsResolved(finished, oldURLs: oldURLs, copies: copies, pattern: pattern, report: &report)
        // Lines of the written files, so after every rewrite of the bodies.
        ListedAltTextPlaces.list(finished, report: &report)
        ListedAltTextPlaces.listHeroImages(finished, report: &report)
        listImagesWithoutAlt(finished, report: &report)
        TemplateSyntaxListing.list(finished, report: &report)
        report.counts["posts"] = finished.count { $0.kind == .post && !isDraft($0) }
        report.counts["drafts"] = finished.count { $0.kind == .post && isDraft($0) }
        report.counts["pages"] = finished.count { $0.kind == .page }
        report.counts["series"] = finished.count { $0.kind == .series }
        report.counts["static files"] = copies.count
        config = TagLinkRedirects.added(to: config, documents: finished, report: &report)
        return ImportedSite(config: config, documents: finished, copies: copies.sorted { $0.path < $1.path }, report: report)
    }

    /// Posts name their series by slug, and each series needs its file: a post's
    /// `series: Building Kettle` (another generator's free text, as Jekyll themes
    /// write it) becomes `series: building-kettle`, with `content/series/building-kettle.md`
    /// titled as written when no importer made one.
    static func withSeriesFiles(_ documents: [ImportedSite.Document], report: inout ImportReport) -> [ImportedSite.Document] {
        var out = documents
        var known = Set(documents.filter { $0.kind == .series }.map { ContentPaths.slug(of: $0.path) })
        var made: [ImportedSite.Document] = []
        for i in out.indices where out[i].kind == .post {
            guard let k = out[i].fields.firstIndex(where: { $0.key == "series" }) else { continue }
            guard let name = out[i].fields[k].value.texts().first, !name.isEmpty else {
                out[i].fields.remove(at: k)
                report.leave(out[i].source, line: nil, "series", "not a name; the post is in no series")
                continue
            }
            let slug = Slug.make(name)
            guard !slug.isEmpty else { continue }
            out[i].fields[k].value = .text(slug)
            if known.insert(slug).inserted {
                made.append(ImportedSite.Document(kind: .series, path: "content/series/\(slug).md",
                                                  fields: [(key: "title", value: .text(name))], body: "", source: "series: \(name)"))
                report.count("series named in posts → a series file")
            }
        }
        return out + made
    }

    /// Each body's relative URLs, written for the old page's address, resolved as the
    /// browser did and written for the page's new file and URL (`RelativeURLs`).
    static func withRelativeURLsResolved(_ documents: [ImportedSite.Document], oldURLs: [String: [String]], copies: [ImportedSite.Copy],
                                         pattern: String, report: inout ImportReport) -> [ImportedSite.Document] {
        let urls = urls(documents, pattern: pattern)
        let resolver = RelativeURLs(copies: copies, documents: documents, oldURLs: oldURLs, urls: urls)
        return documents.map { document in
            guard let old = oldURLs[document.source]?.first, !old.contains("?"), let new = urls[document.source] else { return document }
            var document = document
            let body = String(document.body.drop { $0 == "\n" })
            document.body = resolver.rewrite(body, oldURL: old, path: document.path, newURL: new,
                                             bodyLine: bodyLine(document), report: &report)
            return document
        }
    }

    /// The line of the written file where `document`'s body starts: after the front
    /// matter and one blank line (`FrontMatterText.document`).
    static func bodyLine(_ document: ImportedSite.Document) -> Int {
        FrontMatterText.document(document.fields, body: "").utf8.count { $0 == UInt8(ascii: "\n") } + 2
    }

    /// Lists each image in a written body that has no alt text (`![](x.png)`,
    /// `<img src=x>`), at its line in the file written, as `check` reports it:
    /// `publish` fails on them, and the old site often had none. A document whose
    /// importer already listed its images' alt text is left to that list.
    static func listImagesWithoutAlt(_ documents: [ImportedSite.Document], report: inout ImportReport) {
        var options = MarkdownOptions()
        options.highlight = false
        let listed = Set(report.untranslated.filter { $0.note.contains("alt text") }.map(\.source))
        for document in documents where document.kind != .series && !listed.contains(document.source) {
            let body = String(document.body.drop { $0 == "\n" })
            guard body.contains("![") || body.contains("<img") || body.contains("<IMG") else { continue }
            let bodyLine = bodyLine(document)
            let rendered = MarkdownRenderer.render(body, options: options)
            for index in rendered.imagesWithoutAlt where index < rendered.images.count {
                report.leave(document.path, line: bodyLine + rendered.imagePositions[index].line - 1, "image '\(rendered.images[index])'",
                             ListedAltTextPlaces.note)
            }
        }
    }

    /// URLs blogbuild writes itself, which no imported page may take.
    static func isBuiltIn(_ url: String) -> Bool {
        let path = SiteURLs.outputPath(url)
        if builtInNames[path] != nil || ["feed.xml", "atom.xml", "feed.json", "sitemap.xml", "robots.txt"].contains(path) { return true }
        // The home page's later pages: /page/2/ ...
        let parts = path.split(separator: "/")
        return parts.count == 3 && parts[0] == "page" && Int(parts[1]) != nil && parts[2] == "index.html"
    }

    /// The pages blogbuild builds itself at a fixed URL, by output path, with what each is.
    static let builtInNames = ["index.html": "home page", "apps/index.html": "apps page", "tags/index.html": "tags page",
                               "archive/index.html": "archive", "series/index.html": "series page", "search/index.html": "search page"]

    /// The URL and name of the page blogbuild builds at a page's URL, when the page has no
    /// words of its own (a body of blanks): then blogbuild's page stands in for it.
    static func builtInPageWithoutWords(_ document: ImportedSite.Document) -> (url: String, name: String)? {
        let url = document.fields.first { $0.key == "permalink" }?.value.scalarText ?? document.oldURLs.first ?? pageURL(document)
        guard let name = builtInNames[SiteURLs.outputPath(url)],
              document.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return (url, name)
    }

    /// A page whose URL is one blogbuild builds itself (`apps.md` → `/apps/`) moves
    /// to a path of its own (`/apps-page/`); the old URL is not kept as an alias,
    /// since blogbuild's own page answers there, and IMPORT.md says so.
    private static func keepOffBuiltInURLs(_ document: inout ImportedSite.Document, report: inout ImportReport) {
        let permalink = document.fields.first { $0.key == "permalink" }?.value.scalarText
        let url = permalink ?? pageURL(document)
        guard isBuiltIn(url) else {
            document.oldURLs.removeAll(where: isBuiltIn)
            return
        }
        document.fields.removeAll { $0.key == "permalink" }
        let base = String(document.path.dropLast(3))
        document.path = (base.hasSuffix("/index") ? String(base.dropLast("/index".count)) : base) + "-page.md"
        document.oldURLs.removeAll(where: isBuiltIn)
        report.leave(document.source, line: nil, url,
                     "blogbuild builds \(url) itself (its \(builtInNames[SiteURLs.outputPath(url)] ?? "own list or feed")); this page is now at \(pageURL(document))")
    }

    /// Whether `url` is not yet an old URL of another document; if it is, the
    /// later claim is dropped and listed (the old site's generator wrote one of them).
    private static func isFirstClaim(_ url: String, by document: ImportedSite.Document, claimed: inout [String: String],
                                     report: inout ImportReport) -> Bool {
        let path = SiteURLs.outputPath(url)
        if let first = claimed[path], first != document.source {
            report.leave(document.source, line: nil, url, "also an old URL of \(first), which keeps it; not an alias here")
            return false
        }
        claimed[path] = document.source
        return true
    }

    /// `pages/404.md`: the page a host sends for a missing address, always at `/404.html`.
    private static func isNotFoundPage(_ document: ImportedSite.Document) -> Bool {
        document.kind == .page && ContentPaths.pageSlug(of: document.path) == "404"
    }

    private static func isDraft(_ document: ImportedSite.Document) -> Bool {
        document.fields.first { $0.key == "draft" }?.value.bool == true
    }

    /// `path`, or `path` with `-2`, `-3` … before `.md` when it is taken.
    static func unique(_ path: String, taken: inout Set<String>) -> String {
        var candidate = path
        var n = 2
        while taken.contains(candidate) {
            let dot = path.lastIndex(of: ".") ?? path.endIndex
            candidate = path[..<dot] + "-\(n)" + path[dot...]
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Orders a document's fields as blogbuild's own files do: title, date,
    /// updated, summary, tags, series, app, image, draft, slug, aliases, then
    /// whatever else, as it came.
    static func ordered(_ fields: ImportFields) -> ImportFields {
        let order = ["title", "date", "updated", "summary", "tags", "series", "series_order", "app", "image", "draft", "slug",
                     "permalink", "aliases", "feed_id"]
        let known = order.compactMap { key in fields.first { $0.key == key } }
        return known + fields.filter { !order.contains($0.key) }
    }

    /// A site path with the old site's base path taken off: `/blog/2019/x/` → `/2019/x/`.
    package static func sitePath(_ url: String, basePath: String) -> String {
        var path = url
        if let scheme = path.range(of: "://") {
            let afterHost = path[scheme.upperBound...].firstIndex(of: "/") ?? path.endIndex
            path = String(path[afterHost...])
        }
        if path.isEmpty { path = "/" }
        let base = basePath.hasSuffix("/") ? basePath : basePath + "/"
        if base != "/", path.hasPrefix(base) { path = "/" + path.dropFirst(base.count) }
        else if base != "/", path + "/" == base { path = "/" }
        // `//greek/` (WordPress writes such links): a server reads it as `/greek/`, a
        // browser as another host's address, so it is kept as the site path `/greek/`.
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        return path.hasPrefix("/") ? path : "/" + path
    }
}
