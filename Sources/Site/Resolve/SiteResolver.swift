import Foundation
import Load
import Markdown
import Support
import Diagnostics
import HTML

/// Turns loaded content into a `Site`: picks the posts this build shows, renders
/// every Markdown body (on all cores), and computes permalinks, series order,
/// app and tag relations. Pure: no file system.
public enum SiteResolver {
    /// Resolves `content`, rendering its Markdown on all cores.
    static func resolve(_ content: LoadedContent, mode: BuildMode, now: Date) -> (Site, [Diagnostic]) {
        let work = markdownWork(content, mode: mode, now: now)
        let options = work.options
        return resolve(content, mode: mode, now: now,
                       rendered: work.bodies.parallelMap { MarkdownRenderer.render($0.body, options: options) },
                       summaries: work.summaries.map { $0.map { summaryHTML($0, options: options) } })
    }

    /// The Markdown a build of `content` renders: the bodies of the posts it shows,
    /// then of every series, app and page, and the shown posts' `summary:` texts.
    public static func markdownWork(_ content: LoadedContent, mode: BuildMode, now: Date) -> MarkdownWork {
        let visible = select(content.posts, mode: mode, now: now).visible
        let shown = selectOthers(content, mode: mode)
        var bodies: [MarkdownWork.Document] = visible.map { .init(path: $0.sourcePath, body: $0.body) }
        bodies += shown.series.map { .init(path: $0.sourcePath, body: $0.body) }
        bodies += shown.apps.map { .init(path: $0.sourcePath, body: $0.body) }
        bodies += shown.pages.map { .init(path: $0.sourcePath, body: $0.body) }
        return MarkdownWork(options: MarkdownOptions(config: content.config), bodies: bodies, summaries: visible.map(\.summary))
    }

    /// The series, apps and pages a build in `mode` shows: all of them with drafts,
    /// else those not held back (`draft: true`), an app's child pages going with
    /// their app. `heldBack`: the source paths left out; `heldBackSeriesAndApps`
    /// those of series and apps, which posts may still name.
    static func selectOthers(_ content: LoadedContent, mode: BuildMode)
        -> (series: [Series], apps: [App], pages: [Page], heldBack: [String], heldBackSeriesAndApps: Set<String>) {
        guard !mode.includesDrafts,
              content.series.contains(where: \.draft) || content.apps.contains(where: \.draft) || content.pages.contains(where: \.draft)
        else { return (content.series, content.apps, content.pages, [], []) }
        var heldBack: [String] = []
        let series = content.series.filter { s in
            if s.draft { heldBack.append(s.sourcePath) }
            return !s.draft
        }
        let apps = content.apps.filter { a in
            if a.draft { heldBack.append(a.sourcePath) }
            return !a.draft
        }
        let seriesAndApps = Set(heldBack)
        let draftApps = Set(content.apps.filter(\.draft).map(\.slug))
        let pages = content.pages.filter { p in
            let held = p.draft || p.app.map(draftApps.contains) == true
            if held { heldBack.append(p.sourcePath) }
            return !held
        }
        return (series, apps, pages, heldBack, seriesAndApps)
    }

    /// The posts a build in `mode` at `now` shows, and those it leaves out.
    private static func select(_ all: [Post], mode: BuildMode, now: Date)
        -> (visible: [Post], skippedDrafts: [String], skippedFuture: [String]) {
        var visible: [Post] = []
        var skippedDrafts: [String] = []
        var skippedFuture: [String] = []
        for post in all {
            let isFuture = post.date.instant > now
            if !mode.includesDrafts && post.draft {
                skippedDrafts.append(post.sourcePath)
            } else if !mode.includesDrafts && isFuture {
                skippedFuture.append(post.sourcePath)
            } else {
                visible.append(post)
            }
        }
        return (visible, skippedDrafts, skippedFuture)
    }

    /// Resolves `content` with its Markdown already rendered: `rendered` and
    /// `summaries` are `markdownWork`'s bodies and summaries as HTML, in its order.
    /// `related`: chooses each post's related posts (`RelatedPosts.choose`; a rebuild
    /// passes `RelatedPostMemo`'s, which chooses again only where the edit can change it).
    public static func resolve(_ content: LoadedContent, mode: BuildMode, now: Date,
                        rendered: [RenderedMarkdown], summaries: [String?],
                        related: ([SitePost], [SiteApp], [SiteTag]) -> [[Int]] = RelatedPosts.choose(posts:apps:tags:)) -> (Site, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let config = content.config
        let (visible, postDrafts, skippedFuture) = select(content.posts, mode: mode, now: now)
        let shown = selectOthers(content, mode: mode)
        let skippedDrafts = postDrafts + shown.heldBack
        var cursor = 0
        func next(_ n: Int) -> ArraySlice<RenderedMarkdown> {
            defer { cursor += n }
            return rendered[cursor..<(cursor + n)]
        }
        let postRendered = next(visible.count)
        let seriesRendered = Array(next(shown.series.count))
        let appRendered = Array(next(shown.apps.count))
        let pageRendered = Array(next(shown.pages.count))

        // Posts, newest first; ties broken by path so the order never depends on the file system.
        // The order is found first, over indices: moving whole posts while sorting costs more.
        let order = visible.indices.sorted { a, b in
            let da = visible[a].date.instant, db = visible[b].date.instant
            if da != db { return da > db }
            return visible[a].sourcePath < visible[b].sourcePath
        }
        var posts: [SitePost] = order.map { k in
            let post = visible[k]
            var rendered = postRendered[postRendered.startIndex + k]
            if let summary = summaries[k] { rendered.summaryHTML = summary }
            return SitePost(post: post, rendered: rendered, permalink: SiteURLs.post(post, pattern: config.postPermalink),
                            isDraft: post.draft, isFuture: post.date.instant > now,
                            seriesIndex: nil, seriesPosition: nil, appIndex: nil, tagIndices: [])
        }

        // Series.
        var series: [SiteSeries] = zip(shown.series, seriesRendered).map { s, md in
            SiteSeries(series: s, intro: md, url: SiteURLs.series(slug: s.slug), postIndices: [])
        }
        series.sort { ($0.series.title.lowercased(), $0.series.slug) < ($1.series.title.lowercased(), $1.series.slug) }

        // Apps.
        var apps: [SiteApp] = zip(shown.apps, appRendered).map { a, md in
            SiteApp(app: a, description: md, url: SiteURLs.app(slug: a.slug), postIndices: [])
        }
        apps.sort { a, b in
            if a.app.status != b.app.status { return a.app.status == .available }
            let da = a.app.released?.instant ?? .distantPast, db = b.app.released?.instant ?? .distantPast
            if da != db { return da > db }
            return a.app.slug < b.app.slug
        }
        let appBySlug = Dictionary(apps.enumerated().map { ($1.app.slug, $0) }, uniquingKeysWith: { a, _ in a })

        for i in posts.indices where posts[i].post.tags.count > Self.maximumTagsPerPost {
            // Every tag page lists the post with all its tags: the output grows with the
            // square of the count (10,000 tags: 10,000 pages of 10,000 links).
            let post = posts[i].post
            let at = post.keyLocations["tags"]
            diagnostics.append(Diagnostic(file: post.sourcePath, line: at?.line, column: at?.column,
                                          message: "front matter: more than 1,000 tags on one post (\(post.tags.count)); "
                                            + "only the first 1,000 are read"))
            posts[i].post.tags = Array(post.tags.prefix(Self.maximumTagsPerPost))
        }
        let (tags, relationProblems) = relate(&posts, series: &series, apps: &apps, failedFiles: content.failedFiles,
                                              heldBack: shown.heldBackSeriesAndApps)
        diagnostics += relationProblems

        if config.related {
            for (i, related) in related(posts, apps, tags).enumerated() {
                posts[i].relatedIndices = related
            }
        }

        var pages: [SitePage] = zip(shown.pages, pageRendered).compactMap { page, md in
            guard let app = page.app else {
                let url = page.permalink ?? SiteURLs.page(slug: page.slug)
                return SitePage(page: page, rendered: md, url: url)
            }
            guard let ai = appBySlug[app] else {
                if !ContentPaths.markdownPaths(in: "content/apps", slug: app).contains(where: content.failedFiles.contains) {
                    diagnostics.append(orphanAppPage(page, app: app, known: appBySlug.keys))
                }
                return nil
            }
            return SitePage(page: page, rendered: md, url: page.permalink ?? SiteURLs.appPage(slug: page.slug, appURL: apps[ai].url), appIndex: ai)
        }.sorted { $0.url < $1.url }

        // Links to Markdown files become the pages' URLs, now that every page has one.
        // Made when a document has such a link: most sites have none, and it lists every page.
        let linking = posts.contains { $0.rendered.linksMarkdownFiles } || series.contains { $0.intro.linksMarkdownFiles }
            || apps.contains { $0.description.linksMarkdownFiles } || pages.contains { $0.rendered.linksMarkdownFiles }
        let fileLinks = linking ? Self.fileLinks(posts: posts, series: series, apps: apps, pages: pages,
                                                 leftOut: skippedDrafts + skippedFuture, failed: content.failedFiles) : nil
        func relink(_ rendered: inout RenderedMarkdown, _ sourcePath: String, _ bodyLine: Int) {
            guard rendered.linksMarkdownFiles, let fileLinks else { return }
            let (rewritten, problems) = fileLinks.rewrite(rendered, sourcePath: sourcePath, bodyLine: bodyLine)
            if !problems.isEmpty { diagnostics += problems }
            if let rewritten { rendered = rewritten }
        }
        for i in posts.indices { relink(&posts[i].rendered, posts[i].post.sourcePath, posts[i].post.bodyLine) }
        for i in series.indices { relink(&series[i].intro, series[i].series.sourcePath, series[i].series.bodyLine) }
        for i in apps.indices { relink(&apps[i].description, apps[i].app.sourcePath, apps[i].app.bodyLine) }
        for i in pages.indices { relink(&pages[i].rendered, pages[i].page.sourcePath, pages[i].page.bodyLine) }

        var site = Site(config: config, posts: posts, series: series, apps: apps, tags: tags, pages: pages,
                        staticFiles: content.staticFiles, skippedDrafts: skippedDrafts.sorted(),
                        skippedFuture: skippedFuture.sorted())
        site.failedFiles = content.failedFiles
        site.heldBackSeriesAndApps = shown.heldBackSeriesAndApps
        site.failedPageOutputs = Set(content.failedFiles.compactMap { file in
            likelyURL(of: file, postPermalink: config.postPermalink).map(SitePaths.outputPath(forSitePath:))
        })
        return (site, diagnostics)
    }

    /// The relations of `posts` to series, apps and tags, made again from their
    /// front matter: each post's series (and place in it), app and tags, each
    /// series' and app's posts, and the site's tags. Related posts are not part of it.
    /// Problems: a post naming a series or app the site does not have.
    static func relate(_ posts: inout [SitePost], series: inout [SiteSeries], apps: inout [SiteApp],
                       failedFiles: Set<String>, heldBack: Set<String> = []) -> (tags: [SiteTag], problems: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let seriesBySlug = Dictionary(series.enumerated().map { ($1.series.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let appBySlug = Dictionary(apps.enumerated().map { ($1.app.slug, $0) }, uniquingKeysWith: { a, _ in a })
        for si in series.indices { series[si].postIndices = [] }
        for ai in apps.indices { apps[ai].postIndices = [] }
        // A site has few tag names and many posts naming them: each name is looked up once per post,
        // as a tag number (`id`); its slug is made once. "Swift" and "swift" share a slug: one tag,
        // named as the first post to use it wrote it.
        var idByName: [String: Int] = [:]
        var idBySlug: [String: Int] = [:]
        var madeTags: [SiteTag] = []
        func id(_ name: String) -> Int {
            if let known = idByName[name] { return known }
            let key = tagSlug(name)
            let id = idBySlug[key] ?? {
                idBySlug[key] = madeTags.count
                madeTags.append(SiteTag(name: name, slug: key, url: SiteURLs.tag(slug: key), postIndices: []))
                return madeTags.count - 1
            }()
            idByName[name] = id
            return id
        }
        // Each post's tag numbers, in the order it wrote them, each once: `postTags[tagStart[i]..<tagStart[i + 1]]`.
        var postTags: [Int] = []
        var tagStart: [Int] = [0]
        tagStart.reserveCapacity(posts.count + 1)
        // Posts are read in place (`posts[i].post…`), never copied: a copy of every post costs more than the rest.
        for i in posts.indices {
            // Looked up by name first; the post itself (a copy) only for the message of a name the site lacks.
            let seriesSlug = posts[i].post.series, appSlug = posts[i].post.app
            var found: (series: Int?, app: Int?, problems: [Diagnostic]) =
                (seriesSlug.flatMap { seriesBySlug[$0] }, appSlug.flatMap { appBySlug[$0] }, [])
            if (seriesSlug != nil && found.series == nil) || (appSlug != nil && found.app == nil) {
                found = lookUp(posts[i].post, seriesBySlug: seriesBySlug, appBySlug: appBySlug, failedFiles: failedFiles,
                               heldBack: heldBack)
            }
            posts[i].seriesIndex = found.series
            posts[i].seriesPosition = nil
            posts[i].appIndex = found.app
            posts[i].tagIndices = []
            if let si = found.series { series[si].postIndices.append(i) }
            if let ai = found.app { apps[ai].postIndices.append(i) }
            diagnostics += found.problems
            let first = postTags.count
            for name in posts[i].post.tags {
                let t = id(name)
                if !postTags[first...].contains(t) { postTags.append(t) }
            }
            tagStart.append(postTags.count)
        }
        for i in posts.indices {
            for t in postTags[tagStart[i]..<tagStart[i + 1]] { madeTags[t].postIndices.append(i) }
        }
        for si in series.indices {
            sortParts(&series[si], posts: posts)
            for (position, pi) in series[si].postIndices.enumerated() { posts[pi].seriesPosition = position }
        }
        let order = madeTags.indices.sorted { (madeTags[$0].name.lowercased(), madeTags[$0].slug) < (madeTags[$1].name.lowercased(), madeTags[$1].slug) }
        var place = [Int](repeating: 0, count: madeTags.count)
        for (at, t) in order.enumerated() { place[t] = at }
        let tags = order.map { madeTags[$0] }
        for i in posts.indices where tagStart[i] < tagStart[i + 1] {
            posts[i].tagIndices = postTags[tagStart[i]..<tagStart[i + 1]].map { place[$0] }
        }
        return (tags, diagnostics)
    }

    /// Puts a series' parts in reading order: by `series_order:` when the series is
    /// ordered by hand (parts without one last), then oldest first, ties by path.
    public static func sortParts(_ series: inout SiteSeries, posts: [SitePost]) {
        let manual = series.series.order == .manual
        series.postIndices.sort { a, b in
            if manual {
                let oa = posts[a].post.seriesOrder, ob = posts[b].post.seriesOrder
                if oa != ob { return (oa ?? Int.max) < (ob ?? Int.max) }
            }
            let da = posts[a].post.date.instant, db = posts[b].post.date.instant
            if da != db { return da < db }
            return posts[a].post.sourcePath < posts[b].post.sourcePath
        }
    }

    /// The series and app `post` names, as indices (`seriesBySlug`, `appBySlug`), and a
    /// problem for each it names that the site lacks (unless that file failed to load:
    /// its own error is the cause). One this build holds back as a draft (`heldBack`,
    /// source paths) is no mistake: the post is shown without it, as Hugo shows a page
    /// whose term page is a draft, and a hint says so.
    public static func lookUp(_ post: Post, seriesBySlug: [String: Int], appBySlug: [String: Int],
                       failedFiles: Set<String>, heldBack: Set<String> = []) -> (series: Int?, app: Int?, problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        func check(_ key: String, _ slug: String, folder: String, known: Dictionary<String, Int>.Keys) {
            let paths = ContentPaths.markdownPaths(in: folder, slug: slug)
            if let draft = paths.first(where: heldBack.contains) {
                let at = post.keyLocations[key]
                problems.append(Diagnostic(file: post.sourcePath, line: at?.line, column: at?.column,
                                           message: "front matter: \(key) '\(slug)' is a draft (\(draft)) this build leaves out; "
                                             + "the post is shown without it", severity: .hint))
            } else if !paths.contains(where: failedFiles.contains) {
                problems.append(unknownReference(post, key: key, slug: slug, known: known))
            }
        }
        var series: Int?, app: Int?
        if let slug = post.series {
            series = seriesBySlug[slug]
            if series == nil { check("series", slug, folder: "content/series", known: seriesBySlug.keys) }
        }
        if let slug = post.app {
            app = appBySlug[slug]
            if app == nil { check("app", slug, folder: "content/apps", known: appBySlug.keys) }
        }
        return (series, app, problems)
    }

    /// A post's rendered body with its list summary: `summary:` from the front
    /// matter, when it has one, instead of the body's first paragraph.
    public static func withSummary(_ rendered: RenderedMarkdown, of post: Post, options: MarkdownOptions) -> RenderedMarkdown {
        guard let summary = post.summary else { return rendered }
        var md = rendered
        md.summaryHTML = summaryHTML(summary, options: options)
        return md
    }

    /// A front-matter `summary:` as HTML: inline Markdown (`code`, links, emphasis),
    /// as Hugo renders it; text with nothing Markdown would change is only escaped.
    public static func summaryHTML(_ summary: String, options: MarkdownOptions) -> String {
        let plain = !summary.utf8.contains { summaryMarkup.contains($0) || (options.smart && summarySmartMarks.contains($0)) }
        if plain { return "<p>" + HTMLEscape.text(summary) + "</p>" }
        var inline = options
        inline.highlight = false
        var first = MarkdownRenderer.render(summary, options: inline).summaryHTML
        // `<angle brackets>` in a one-line summary is a tag to CommonMark, left open on
        // every list page that shows it: such a summary's `<` is text, as meant.
        if !HTMLBalance.isBalanced(first) {
            first = MarkdownRenderer.render(escapingTags(summary), options: inline).summaryHTML
        }
        return first.isEmpty ? "<p>" + HTMLEscape.text(summary) + "</p>" : first
    }

    /// `text` with every `<` outside code spans written as `&lt;`, so Markdown
    /// keeps its emphasis and links but makes no raw HTML of it.
    static func escapingTags(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
            if chars[i] == "`" {
                var run = 0
                while i + run < chars.count, chars[i + run] == "`" { run += 1 }
                // A code span ends at the next run of exactly as many backticks.
                var j = i + run
                var end: Int?
                while j < chars.count {
                    if chars[j] == "`" {
                        var other = 0
                        while j + other < chars.count, chars[j + other] == "`" { other += 1 }
                        if other == run { end = j + other; break }
                        j += other
                    } else {
                        j += 1
                    }
                }
                let stop = end ?? i + run
                out += String(chars[i..<stop])
                i = stop
            } else {
                out += chars[i] == "<" ? "&lt;" : String(chars[i])
                i += 1
            }
        }
        return out
    }

    /// Bytes that make a summary Markdown rather than plain text.
    private static let summaryMarkup = ByteSet("`*_[]<>&!\\~|#:")
    /// And with smart punctuation on.
    private static let summarySmartMarks = ByteSet("\"'.-")

    /// What links to Markdown files become in `site` (see `MarkdownFileLinks`).
    public static func fileLinks(of site: Site) -> MarkdownFileLinks {
        fileLinks(posts: site.posts, series: site.series, apps: site.apps, pages: site.pages,
                  leftOut: site.skippedDrafts + site.skippedFuture, failed: site.failedFiles)
    }

    /// Each page's source path relative to content/ → its site path, and the posts left out.
    private static func fileLinks(posts: [SitePost], series: [SiteSeries], apps: [SiteApp],
                                  pages: [SitePage], leftOut: [String], failed: Set<String>) -> MarkdownFileLinks {
        var urls: [String: String] = [:]
        func add(_ sourcePath: String, _ url: String) { urls[String(sourcePath.dropFirst("content/".count))] = url }
        for p in posts { add(p.post.sourcePath, p.permalink) }
        for s in series { add(s.series.sourcePath, s.url) }
        for a in apps { add(a.app.sourcePath, a.url) }
        for p in pages { add(p.page.sourcePath, p.url) }
        func relative(_ path: String) -> String { String(path.dropFirst("content/".count)) }
        return MarkdownFileLinks(pages: urls, leftOut: Set(leftOut.map(relative)), failed: Set(failed.map(relative)))
    }

    /// The URL a Markdown file would have, from its path alone: what a file that failed
    /// to load leaves for links to it. A post's date and slug come from its file name
    /// (nil without a date there); front matter that would change them is not known.
    static func likelyURL(of sourcePath: String, postPermalink: String) -> String? {
        let parts = sourcePath.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "content" else { return nil }
        let slug = ContentPaths.slug(of: sourcePath)
        switch parts[1] {
        case "posts":
            guard let named = DateParsing.fileNamePrefix(PostLoader.nameForDateAndSlug(sourcePath)), !named.rest.isEmpty,
                  case .success(let date) = DateParsing.fields(named.date) else { return nil }
            let cleaned = Slug.fromFileName(named.rest)
            let fileSlug = cleaned.isEmpty ? named.rest : cleaned
            return Permalink.expand(postPermalink, year: date.year, month: date.month, day: date.day, slug: fileSlug, title: named.rest)
        case "series" where parts.count == 3: return SiteURLs.series(slug: slug)
        case "apps" where parts.count == 3: return SiteURLs.app(slug: slug)
        case "apps" where parts.count == 4:
            return SiteURLs.appPage(slug: PageLoader.urlSlug(sourcePath, app: parts[2]), appURL: SiteURLs.app(slug: parts[2]))
        case "pages" where parts.count == 3: return SiteURLs.page(slug: PageLoader.urlSlug(sourcePath, app: nil))
        default: return nil
        }
    }

    /// More tags than this on one post is an error (see `resolve`).
    public static let maximumTagsPerPost = 1_000

    /// A tag's URL segment; a name with no ASCII letters gets a stable hex form.
    public static func tagSlug(_ name: String) -> String {
        let slug = Slug.make(name)
        if !slug.isEmpty { return slug }
        return "tag-" + name.lowercased().utf8.map { String($0, radix: 16) }.joined()
    }

    /// `content/apps/nope/privacy.md` without `content/apps/nope.md`: a folder of child
    /// pages is named after its app, so a typo in the folder's name is the likely cause.
    private static func orphanAppPage(_ page: Page, app: String, known: Dictionary<String, Int>.Keys) -> Diagnostic {
        let slugs = known.sorted()
        let hint = DidYouMean.closest(to: app, in: slugs).map { "did you mean the folder content/apps/\($0)/?" }
            ?? "apps: \(slugs.isEmpty ? "none" : slugs.joined(separator: ", "))"
        return Diagnostic(file: page.sourcePath,
                          message: "a child page of an unknown app '\(app)': there is no content/apps/\(app).md, "
                            + "or it has errors (\(hint))")
    }

    private static func unknownReference(_ post: Post, key: String, slug: String,
                                         known: Dictionary<String, Int>.Keys) -> Diagnostic {
        let at = post.keyLocations[key]
        let list = known.sorted().joined(separator: ", ")
        let folder = key == "series" ? "content/series/" : "content/apps/"
        return Diagnostic(file: post.sourcePath, line: at?.line, column: at?.column,
                          message: "front matter: unknown \(key) '\(slug)' (no \(folder)\(slug).md; known: \(list.isEmpty ? "none" : list))")
    }
}
