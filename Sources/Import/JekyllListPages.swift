import Foundation
import Load
import Support
import BlogBuild
import Site

/// The list pages a Jekyll site wrote, which have no file of their own in the
/// import: pages whose Liquid loops over the site's posts, tags or categories
/// (an archive, a tags page, a blog index, a theme's `archives` tab),
/// jekyll-paginate's `/page2/` …, jekyll-paginate-v2's pages, and
/// jekyll-archives' year, month, day, tag and category pages. blogbuild writes
/// its own lists, so each old address becomes a `redirects:` entry to the list
/// that shows the same posts: a page of the home page, the archive, the tags
/// page, or one tag's page (categories became tags).
struct JekyllListPages {
    /// What a list page of the old site showed.
    enum Listing: Equatable {
        /// One tag's or category's posts.
        case tag(String)
        /// Every tag or category.
        case tags
        /// Page `number` of the newest posts (jekyll-paginate's `paginator`).
        case home(number: Int)
        /// Every post.
        case archive
        /// No list: a page that only sent readers on (jekyll-redirect-from's `redirect_to:`).
        case elsewhere(String)
    }

    /// The site's `_config.yml`.
    var config: ImportValue
    /// Old URL and what it listed, in the order found.
    private(set) var found: [(url: String, listing: Listing)] = []
    /// List pages paginated by jekyll-paginate-v2, with their front matter: their
    /// later pages are known once the posts are.
    private var paginatedV2: [(url: String, front: ImportValue)] = []

    init(config: ImportValue) { self.config = config }

    mutating func add(_ url: String, _ listing: Listing) {
        for form in JekyllPermalink.writtenForms(url) { found.append((form, listing)) }
    }

    /// Where `{% link FILE %}` to a list page (or the home page) of the old site
    /// goes: blogbuild's list, by the file's path in the source.
    private(set) var links: [String: String] = [:]

    /// A page of the old site, the file `source`, that listed posts, tags or categories, at `url`.
    mutating func addListPage(_ url: String, _ listing: Listing, front: ImportValue, source: String) {
        let listing = front["pagination"]?["enabled"]?.bool == true ? Self.paginatedTag(front).map(Listing.tag) ?? listing : listing
        add(url, listing)
        switch listing {
        case .tag(let name): links[source] = SiteURLs.tag(slug: SiteURLs.tagSlug(name))
        case .tags: links[source] = SiteURLs.tags
        case .home: links[source] = "/"
        case .archive: links[source] = SiteURLs.archive
        case .elsewhere: break
        }
        // jekyll-paginate-v2's later pages are known once the posts are.
        if front["pagination"]?["enabled"]?.bool == true { paginatedV2.append((url, front)) }
    }

    /// The old site's home page, the file `source`: blogbuild's is `/`.
    mutating func addHomePage(source: String) {
        links[source] = "/"
    }

    /// The tag or category a jekyll-paginate-v2 page lists, if it lists one.
    private static func paginatedTag(_ front: ImportValue) -> String? {
        let own = front["pagination"]
        return (own?["tag"] ?? own?["category"] ?? own?["tags"] ?? own?["categories"])?.texts().first
    }

    /// A page that was only a redirect (`redirect_to:`), to a URL or a site path.
    mutating func addRedirect(_ url: String, to target: String) {
        // jekyll-redirect-from reads a target without a scheme from the site's root.
        add(url, .elsewhere(target.contains("://") || target.hasPrefix("/") ? target : "/" + target))
    }

    // MARK: - Pages that list

    /// Theme layouts (a gem the import cannot read) that are lists by their name:
    /// Chirpy's `archives`, `tags`, `categories` tabs, and the like.
    static let listLayouts: [String: Listing] = [
        "archive": .archive, "archives": .archive, "home": .home(number: 1),
        "tags": .tags, "tag_index": .tags, "categories": .tags, "category_index": .tags,
    ]

    /// What a page lists: what its Liquid loops over, or, for a page with no body
    /// of its own, what its layout does (the site's `_layouts/NAME.html`, or a
    /// theme's list layout by name). nil for a page that lists nothing.
    static func listing(body: String, layout: String?, tree: SourceTree) -> Listing? {
        if let listing = listing(inLiquid: body) { return listing }
        guard let layout, isBlank(body) else { return nil }
        for ext in ["html", "liquid"] {
            if let text = tree.text("_layouts/\(layout).\(ext)") { return listing(inLiquid: SourceDocumentText(text).body) }
        }
        return listLayouts[layout]
    }

    /// What Liquid text lists: one tag or category named as written
    /// (`site.categories.swift`, `site.tags["hotwire-native"]`), the paginated
    /// posts, all posts, or all tags or categories, in that order: a blog index
    /// that also shows a row of categories is a list of posts.
    static func listing(inLiquid text: String) -> Listing? {
        let named = #/site\.(?:tags|categories)(?:\.([A-Za-z0-9_-]+)|\[\s*["']([^"']+)["']\s*\])/#
        for match in text.matches(of: named) {
            if let name = match.output.1.map(String.init), !["size", "first", "last"].contains(name) { return .tag(name) }
            if let name = match.output.2.map(String.init) { return .tag(name) }
        }
        if text.contains("paginator.") { return .home(number: 1) }
        if text.contains("site.posts") { return .archive }
        if text.contains("site.tags") || text.contains("site.categories") { return .tags }
        return nil
    }

    /// Whether a body shows nothing of its own: blanks, Liquid and HTML comments.
    static func isBlank(_ body: String) -> Bool {
        var text = body
        for pattern in [#"\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}"#, #"<!--[\s\S]*?-->"#] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    // MARK: - Paginators

    /// jekyll-paginate: `paginate: N` wrote pages 2… of the `index.html` in the
    /// folder of `paginate_path` (`/page:num` by default) at that path, `N` posts
    /// to a page, counted over the published posts.
    /// The paginated page must use `paginator` (in its body or its layout): with
    /// the plugin not loaded, a site's `paginate:` wrote nothing.
    mutating func addPaginator(tree: SourceTree, postCount: Int) {
        guard let perPage = config["paginate"]?.scalarText.flatMap({ Int($0) }), perPage > 0 else { return }
        let path = config["paginate_path"]?.scalarText ?? "/page:num"
        let folder = (path.split(separator: "/").dropLast().joined(separator: "/"))
        guard let text = tree.text(folder.isEmpty ? "index.html" : folder + "/index.html") else { return }
        let index = SourceDocumentText(text)
        let layout = (try? index.fields().get())?["layout"]?.scalarText
        guard Self.listing(body: index.body, layout: layout, tree: tree) == .home(number: 1) else { return }
        for number in Self.laterPages(postCount, perPage: perPage) {
            add(Self.pageURL(path.replacingOccurrences(of: ":num", with: String(number))), .home(number: number))
        }
    }

    /// jekyll-paginate-v2: a page with `pagination: {enabled: true}` (and the
    /// site's `pagination:` enabled) wrote pages 2… of itself at its URL plus the
    /// `permalink` (`/page/:num/`), `per_page` posts to a page; with a `category`
    /// or `tag` it listed that tag's posts only.
    private mutating func addPaginationV2(pageURL: String, front: ImportValue, postTags: [[String]]) {
        guard let site = config["pagination"], site["enabled"]?.bool == true,
              let own = front["pagination"], own["enabled"]?.bool == true else { return }
        let perPage = (own["per_page"] ?? site["per_page"])?.scalarText.flatMap { Int($0) } ?? 10
        let permalink = (own["permalink"] ?? site["permalink"])?.scalarText ?? "/page/:num/"
        let name = Self.paginatedTag(front)
        let count = name.map { name in postTags.count { $0.contains { $0.lowercased() == name.lowercased() } } } ?? postTags.count
        let base = pageURL.hasSuffix("/") ? String(pageURL.dropLast()) : (pageURL as NSString).deletingPathExtension
        for number in Self.laterPages(count, perPage: perPage) {
            add(Self.pageURL(base + "/" + permalink.replacingOccurrences(of: ":num", with: String(number))),
                name.map(Listing.tag) ?? .home(number: number))
        }
    }

    /// `[2, 3]` for 5 posts, 2 to a page.
    static func laterPages(_ count: Int, perPage: Int) -> [Int] {
        let pages = (count + perPage - 1) / perPage
        return pages >= 2 ? Array(2...pages) : []
    }

    /// A paginator's page is a folder (`/page2` is written `page2/index.html`).
    private static func pageURL(_ path: String) -> String {
        var url = path.hasPrefix("/") ? path : "/" + path
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url.hasSuffix("/") ? url : url + "/"
    }

    // MARK: - jekyll-archives

    /// A published post as jekyll-archives grouped it.
    struct Post {
        var year: Int, month: Int, day: Int
        var tags: [String]
        var categories: [String]
    }

    /// jekyll-archives: the pages its `enabled` list names (`year`, `month`, `day`,
    /// `tags`, `categories`, or `all`), at its `permalinks` (or its defaults).
    mutating func addArchives(posts: [Post]) {
        guard let archives = config["jekyll-archives"] else { return }
        let enabled = archives["enabled"]?.scalarText == "all"
            ? ["year", "month", "day", "tags", "categories"] : (archives["enabled"]?.texts() ?? [])
        let defaults = ["year": "/:year/", "month": "/:year/:month/", "day": "/:year/:month/:day/",
                        "tag": "/tag/:name/", "category": "/category/:name/"]
        func permalink(_ kind: String) -> String { archives["permalinks"]?[kind]?.scalarText ?? defaults[kind]! }
        func fill(_ kind: String, _ values: [String: String]) -> String {
            var url = permalink(kind)
            for (key, value) in values.sorted(by: { $0.key.count > $1.key.count }) { url = url.replacingOccurrences(of: ":" + key, with: value) }
            return Self.pageURL(url)
        }
        var urls: [(String, Listing)] = []
        for post in posts {
            let y = String(format: "%04d", post.year), m = String(format: "%02d", post.month), d = String(format: "%02d", post.day)
            if enabled.contains("year") { urls.append((fill("year", ["year": y]), .archive)) }
            if enabled.contains("month") { urls.append((fill("month", ["year": y, "month": m]), .archive)) }
            if enabled.contains("day") { urls.append((fill("day", ["year": y, "month": m, "day": d]), .archive)) }
            if enabled.contains("tags") {
                for tag in post.tags { urls.append((fill("tag", ["name": JekyllPermalink.slugify(tag, pretty: false)]), .tag(tag))) }
            }
            if enabled.contains("categories") {
                for category in post.categories {
                    urls.append((fill("category", ["name": JekyllPermalink.slugify(category, pretty: false)]), .tag(category)))
                }
            }
        }
        var seen = Set<String>()
        for (url, listing) in urls where seen.insert(url).inserted { add(url, listing) }
    }

    /// The published posts of an import as jekyll-archives saw them: the date as
    /// written, the tags and categories of the source's front matter and folders.
    static func archivedPosts(_ documents: [ImportedSite.Document], tree: SourceTree) -> [Post] {
        documents.compactMap { document in
            guard document.kind == .post, document.fields.first(where: { $0.key == "draft" })?.value.bool != true,
                  let date = document.fields.first(where: { $0.key == "date" })?.value.scalarText,
                  case .success(let day) = DateParsing.fields(date) else { return nil }
            let front = tree.text(document.source).flatMap { try? SourceDocumentText($0).fields().get() } ?? .map([])
            let parts = document.source.split(separator: "/").map(String.init)
            let folders = parts.firstIndex(of: "_posts").map { Array(parts[..<$0]) } ?? []
            return Post(year: day.year, month: day.month, day: day.day,
                        tags: (front["tags"]?.texts(splittingOnSpaces: true) ?? []) + (front["tag"]?.texts() ?? []),
                        categories: folders + (front["categories"]?.texts(splittingOnSpaces: true) ?? []) + (front["category"]?.texts() ?? []))
        }
    }

    // MARK: - Redirects

    /// `redirects:` for `site.yml`: each old list URL to blogbuild's list, but for
    /// those blogbuild already writes (its own `/archive/`, `/tags/`, `/page/2/`)
    /// or an imported page, post or file already has.
    mutating func redirects(for site: ImportedSite, pattern: String, report: inout ImportReport) -> ImportFields {
        let postTags = site.documents.filter { $0.kind == .post && $0.fields.first { $0.key == "draft" }?.value.bool != true }
            .map { $0.fields.first { $0.key == "tags" }?.value.texts() ?? [] }
        for (url, front) in paginatedV2 { addPaginationV2(pageURL: url, front: front, postTags: postTags) }
        guard !found.isEmpty else { return [] }
        var taken = Set(site.copies.map { String($0.path.dropFirst("content/".count)) })
        var tags = Set<String>()
        var posts = 0
        for document in site.documents {
            let isDraft = document.fields.first { $0.key == "draft" }?.value.bool == true
            let url = document.kind == .post ? ImportAssembler.postURL(document, pattern: pattern) : ImportAssembler.pageURL(document)
            for old in [url].compactMap({ $0 }) + (document.fields.first { $0.key == "aliases" }?.value.texts() ?? []) {
                taken.insert(SiteURLs.outputPath(old))
            }
            guard document.kind == .post, !isDraft else { continue }
            posts += 1
            for tag in document.fields.first(where: { $0.key == "tags" })?.value.texts() ?? [] { tags.insert(SiteURLs.tagSlug(tag)) }
        }
        let perPage = max(1, Int(site.config.first { $0.key == "posts_per_page" }?.value.scalarText ?? "") ?? SiteConfig().postsPerPage)
        let homePages = max(1, (posts + perPage - 1) / perPage)
        var out: ImportFields = []
        for (url, listing) in found {
            let target: String
            switch listing {
            case .tag(let name): target = tags.contains(SiteURLs.tagSlug(name)) ? SiteURLs.tag(slug: SiteURLs.tagSlug(name)) : SiteURLs.tags
            case .tags: target = SiteURLs.tags
            case .home(let number): target = SiteURLs.home(page: min(number, homePages))
            case .archive: target = SiteURLs.archive
            case .elsewhere(let url): target = url
            }
            let path = SiteURLs.outputPath(url)
            guard ImportAssembler.isCleanURL(url), !ImportAssembler.isBuiltIn(url), path != SiteURLs.outputPath(target),
                  taken.insert(path).inserted else { continue }
            out.append((key: url, value: .text(target)))
        }
        guard !out.isEmpty else { return [] }
        report.count("old list pages → redirects", out.count)
        return [(key: "redirects", value: .map(out))]
    }
}
