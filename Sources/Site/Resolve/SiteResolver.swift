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
        let visible = PostVisibility(mode: mode, now: now).select(content.posts).visible
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

    /// Resolves `content` with its Markdown already rendered: `rendered` and
    /// `summaries` are `markdownWork`'s bodies and summaries as HTML, in its order.
    /// `related`: chooses each post's related posts (`RelatedPosts.choose`; a rebuild
    /// passes `RelatedPostMemo`'s, which chooses again only where the edit can change it).
    public static func resolve(_ content: LoadedContent, mode: BuildMode, now: Date,
                        rendered: [RenderedMarkdown], summaries: [String?],
                        related: ([SitePost], [SiteApp], [SiteTag]) -> [[Int]] = RelatedPosts.choose(posts:apps:tags:)) -> (Site, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let config = content.config
        let (visible, postDrafts, skippedFuture) = PostVisibility(mode: mode, now: now).select(content.posts)
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
        let visibility = PostVisibility(mode: mode, now: now)
        var posts: [SitePost] = PostOrder.order(of: visible).map { k in
            var rendered = postRendered[postRendered.startIndex + k]
            if let summary = summaries[k] { rendered.summaryHTML = summary }
            return SitePost(showing: visible[k], rendered: rendered, postPermalink: config.postPermalink, visibility: visibility)
        }

        // Series.
        var series: [SiteSeries] = zip(shown.series, seriesRendered).map { s, md in
            SiteSeries(series: s, intro: md, url: SiteURLs.series(slug: s.slug), postIndices: [])
        }
        series.sort(by: SiteSeries.listedBefore)

        // Apps.
        var apps: [SiteApp] = zip(shown.apps, appRendered).map { a, md in
            SiteApp(app: a, description: md, url: SiteURLs.app(slug: a.slug), postIndices: [])
        }
        apps.sort(by: SiteApp.listedBefore)
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
        let (tags, relationProblems) = PostRelations.relate(&posts, series: &series, apps: &apps, failedFiles: content.failedFiles,
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
            likelyURL(of: file, postPermalink: config.postPermalink).map { SiteURLs.outputPath($0) }
        })
        return (site, diagnostics)
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
}
