import Foundation
import Load
import Support
import Diagnostics
import Output
import Site
import Images
import Feeds
import Render
import Pages
import Search

/// The second half of a build (`SiteBuilder.output`), step by step: feeds, pages
/// and the theme's assets, the search index, feeds added, processed images, static
/// files and the files beside pages, originals stripped of their metadata, link
/// checks, the report. Each output path is written once: a second file for a path
/// is a problem named with its owner, never a silent replacement.
struct SiteOutput {
    let plan: SitePlan
    let memo: BuildMemo?
    let progress: (String) -> Void
    var files: [OutputFile] = []
    /// Output paths already written.
    var taken = Set<String>()
    var diagnostics: [Diagnostic]
    var clock: StageClock
    /// Processed images' fallbacks, by output path: in place of the originals.
    var processedFallbacks: [String: OutputFile.Contents] = [:]
    var imageWork: ImageWork?
    /// Every Markdown document the site shows (`SourceDocument.all`): for the files beside pages and the link checks.
    var docs: [SourceDocument] = []
    /// Raised when serve's next save came: the steps that take long stop.
    let yield: YieldSignal

    /// The site's files and report. Nil when `yield` was raised before they were
    /// all made (serve's next save came): the memo then says what it said before
    /// about what the output folder holds (`PageMemo.restore`), and the next build
    /// makes the pages, feeds and index from the files as they are then.
    static func make(_ plan: SitePlan, memo: BuildMemo?, yield: YieldSignal) -> RenderedSite? {
        var output = SiteOutput(plan: plan, memo: memo, progress: plan.request.progress ?? { _ in },
                                diagnostics: plan.diagnostics, clock: plan.clock, yield: yield)
        let site = plan.site
        let pagesBefore = memo?.pages.checkpoint()
        let searchIndex = site.config.search ? SearchIndexTask(site: site, routes: plan.routes, memo: memo?.search, yield: yield) : nil
        if output.makeAll(searchIndex) { return output.finished() }
        // The index's thread stops at the same signal; it hands its memo back before the next build starts.
        _ = searchIndex?.files()
        if let memo, let pagesBefore { memo.pages.restore(pagesBefore) }
        return nil
    }

    /// The steps in order; false when one stopped because `yield` was raised.
    private mutating func makeAll(_ searchIndex: SearchIndexTask?) -> Bool {
        // Feeds are made before the pages, though added after them: their posts' entries
        // (at 10,000 posts, 60 MB made once and shared by every feed) are gone before
        // the pages' bytes (130 MB) are made, so the two never add up.
        guard let feeds = feeds(), pagesAndAssets() else { return false }
        if let searchIndex, !add(searchIndex) { return false }
        add(feeds)
        if yield.isRaised { return false }
        processImages()
        guard !yield.isRaised, addStaticFiles(), !yield.isRaised else { return false }
        return checkLinks()
    }

    /// Adds `file` at its path, or names the clash (`owner`'s message) when a file is there already.
    mutating func add(_ file: OutputFile, clash: (String) -> Diagnostic) {
        if taken.insert(file.path).inserted { files.append(file) } else { diagnostics.append(clash(file.path)) }
    }

    /// A clash at `path` with the page written there: named at the page's source.
    static func clashWithPage(in routes: [Route], at path: String, _ message: String) -> Diagnostic {
        let owner = routes.first { $0.outputPath == path }
        return Diagnostic(file: owner?.source ?? "(site)", line: owner?.location?.line, column: owner?.location?.column, message: message)
    }

    /// Every feed, sitemap part and robots.txt (with a memo, only the changed ones made again).
    mutating func feeds() -> [FeedFile]? {
        progress("rendering feeds")
        if yield.isRaised { return nil }
        let feedRenderer = FeedRenderer(site: plan.site)
        let sitemap = PageKinds.sitemapPages(plan.routes, site: plan.site)
        let feeds: [FeedFile]?
        if let memo, let version = plan.version {
            feeds = memo.feeds.render(sitemap: sitemap, with: feedRenderer, version: version, yield: yield)
        } else {
            feeds = feedRenderer.render(sitemap: sitemap)
        }
        clock.lap("feeds")
        return feeds
    }

    /// Every page (with a memo, only those whose keys changed), then the theme's assets and
    /// the site's mark; none without a theme. False when it stopped for `yield`.
    mutating func pagesAndAssets() -> Bool {
        progress("rendering \(plan.routes.count) pages")
        guard let theme = plan.theme, let projections = plan.projections else { return true }
        let request = plan.request, site = plan.site
        let renderer = PageRenderer(site: site, theme: theme, urls: plan.urls, projections: projections)
        let writeAsMade = request.writesPagesAsMade == nil ? nil : { (files: [OutputFile]) -> [Diagnostic] in
            do throws(BuildFailure) {
                _ = try OutputWriter.update(writing: files, removing: [], in: request.outputDirectory,
                                            siteDirectory: request.siteDirectory)
                return []
            } catch {
                return error.diagnostics
            }
        }
        let rendered: ([OutputFile], [Diagnostic])?
        if let memo, let keys = plan.keys {
            rendered = memo.pages.render(plan.routes, keys: keys, of: plan, with: renderer, writingAsMade: writeAsMade, yield: yield)
        } else {
            rendered = renderer.render(plan.routes)
        }
        guard let (pages, renderProblems) = rendered else { return false }
        diagnostics += renderProblems
        files = pages
        clock.lap("templates")
        var assets = SearchAssets.shipped(theme.assets, search: site.config.search)
        if site.config.logo == nil, assets[SiteMark.assetName] == nil {
            // In the site's accent: the theme's stylesheet, or the site's own copy of it.
            let css: [UInt8]? = switch assets["style.css"] {
            case .bytes(let b): b
            case .file(let f): FileManager.default.contents(atPath: f).map { [UInt8]($0) }
            case nil: nil
            }
            let accent = css.flatMap { SiteMark.accent(inCSS: String(decoding: $0, as: UTF8.self)) } ?? SiteMark.defaultAccent
            assets[SiteMark.assetName] = .bytes(Array(SiteMark.svg(title: site.config.title, accent: accent).utf8))
        }
        for (path, asset) in assets.sorted(by: { $0.key < $1.key }) {
            switch asset {
            case .bytes(let b): files.append(OutputFile(path: SiteURLs.assetOutputPath(path), contents: .bytes(b)))
            case .file(let f): files.append(OutputFile(path: SiteURLs.assetOutputPath(path), contents: .copy(from: f)))
            }
        }
        taken = Set(files.map(\.path))
        return true
    }

    /// The search index (Search/, docs/SEARCH.md): from the rendered bodies, under search/.
    /// False when the index stopped for `yield`.
    mutating func add(_ searchIndex: SearchIndexTask) -> Bool {
        progress("indexing for search")
        let routes = plan.routes
        guard let index = searchIndex.files() else { return false }
        for file in index {
            add(file) { Self.clashWithPage(in: routes, at: $0, "duplicate output path /\($0): the search index is written there "
                                        + "(write search: false in site.yml to have none)") }
        }
        clock.lap("search")
        return true
    }

    /// Feeds, sitemap and robots.txt (Feeds/): after the pages, so a page claiming
    /// a feed's path is reported; before static files, which must not replace them.
    mutating func add(_ feeds: [FeedFile]) {
        let routes = plan.routes
        for feed in feeds {
            if let folder = feed.folderURL, let page = routes.first(where: { $0.outputPath == SiteURLs.outputPath(folder) }) {
                // A host serves the folder's index.html before its index.xml: the feed would never be read.
                diagnostics.append(Diagnostic(file: page.source, line: page.location?.line, column: page.location?.column,
                                              message: "the feed at \(folder) is hidden: a page is written there too, and a host serves the page"))
            } else {
                add(feed.outputFile) { Self.clashWithPage(in: routes, at: $0, "duplicate output path /\($0): the site writes a feed there") }
            }
        }
        // Strict builds read every feed back and check what its format requires.
        let request = plan.request
        if request.mode.isStrict { diagnostics += FeedValidator.validate(feeds.map { $0.withBytes(writtenIn: request.outputDirectory) }) }
        clock.lap("feed checks")
    }

    /// Processed images: their variants, and the fallback in place of the original.
    mutating func processImages() {
        let site = plan.site, request = plan.request
        guard !site.imageVariants.isEmpty else { return }
        progress("processing \(site.imageVariants.count) images")
        let imageCache = request.imageCacheFolder, imageSources = plan.imageSources
        let cache = DerivedImageCache(folder: imageCache, libvipsVersion: plan.imageLibrary?.version ?? "")
        var counted: (@Sendable (Int, Int) -> Void)?
        if let tell = request.counted { counted = { @Sendable done, total in tell("images", done, total) } }
        let made = ImageOutputs.files(for: site.imageVariants, quality: site.config.images.quality, cache: cache,
                                      sources: imageSources ?? ImageSourceIndex(cacheFolder: imageCache), uses: plan.imageUses,
                                      counted: counted)
        if let imageSources, imageSources.save() { cache.prune(keeping: imageSources.hashes) }
        imageWork = ImageWork(sources: site.imageVariants.count, read: imageSources?.filesRead ?? 0, made: made.made,
                              fromCache: made.files.count - made.made, libvipsLoaded: ImageLibrary.wasLoaded)
        diagnostics += made.diagnostics
        let fallbackPaths = Set(site.imageVariants.values.map(\.fallbackPath))
        for file in made.files {
            guard taken.insert(file.path).inserted else {
                diagnostics.append(Diagnostic(file: "content/" + file.path, message: "duplicate output path /\(file.path): an image variant is written there"))
                continue
            }
            files.append(file)
            if fallbackPaths.contains(file.path) { processedFallbacks[file.path] = file.contents }
        }
        clock.lap("images")
    }

    /// Static files, the files beside pages (`RelativeFiles`), and originals published as
    /// they are without their metadata (GPS position, camera serial).
    /// False when it stopped for `yield`.
    mutating func addStaticFiles() -> Bool {
        let site = plan.site
        for file in site.staticFiles {
            // A processed image's own path holds its processed fallback (unless a page links to the file itself).
            if processedFallbacks[file.relativePath] != nil { continue }
            add(OutputFile(path: file.relativePath, contents: .copy(from: file.absolutePath))) {
                Diagnostic(file: "content/" + $0, message: "duplicate output path /\($0): a generated page is written there too")
            }
        }
        let processedByFile = Dictionary(site.imageVariants.values.compactMap { set in
            processedFallbacks[set.fallbackPath].map { (set.file, $0) }
        }, uniquingKeysWith: { a, _ in a })
        // Every document, on all cores, a run at a time (each copies its post: 10,000 are a tenth of a second).
        let refs = SourceDocument.Ref.all(in: site)
        docs = []
        docs.reserveCapacity(refs.count)
        for run in stride(from: 0, to: refs.count, by: 1024) {
            if yield.isRaised { return false }
            docs += Array(refs[run..<min(run + 1024, refs.count)]).parallelMap { SourceDocument($0, in: site) }
        }
        if yield.isRaised { return false }
        for var copy in RelativeFiles.copies(for: docs, staticFiles: site.staticFiles)
        where taken.insert(copy.path).inserted {
            // A copy beside a page of a processed image is the processed fallback too, never the original's bytes.
            if case .copy(let from) = copy.contents, let processed = processedByFile[from] { copy.contents = processed }
            files.append(copy)
        }
        let unusable = plan.unusableImages
        let stripped = PublishedOriginals.stripping(files, staticFiles: site.staticFiles.filter { !unusable.contains($0.absolutePath) })
        files = stripped.files
        diagnostics += stripped.diagnostics
        return true
    }

    /// Links the documents wrote, images front matter names, and links every page shows
    /// (with a memo, only the changed documents' and pages'). False when it stopped for `yield`.
    mutating func checkLinks() -> Bool {
        guard let theme = plan.theme else { return true }
        let site = plan.site, request = plan.request, docs = docs
        progress("checking links")
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let checker = LinkChecker(baseURL: site.config.baseURL, outputs: byPath, unbuilt: site.failedPageOutputs,
                                  outputFolder: request.outputDirectory)
        if let memo, let version = plan.version {
            guard let found = memo.links.check(docs, with: checker, version: version, yield: yield) else { return false }
            diagnostics += found
        } else {
            diagnostics += checker.check(docs)
        }
        clock.lap("links")
        if yield.isRaised { return false }
        let configPath = request.siteDirectory.appendingPathComponent("content/site.yml").path
        let config = FileManager.default.contents(atPath: configPath).map { String(decoding: $0, as: UTF8.self) }
        diagnostics += SiteImageCheck.problems(in: site, configText: config)
        let sources = (config.map { [(label: "content/site.yml", text: $0)] } ?? []) + theme.texts
        var pageChecker = PageLinkChecker(baseURL: site.config.baseURL, outputs: byPath, sources: sources)
        pageChecker.unbuilt = site.failedPageOutputs
        pageChecker.outputFolder = request.outputDirectory
        let baseURL = site.config.baseURL
        let written = { LinkChecker.targets(of: docs, baseURL: baseURL) }
        if let memo {
            guard let found = memo.pageLinks.check(with: pageChecker, digest: memo.pages.digest(of:), writtenByDocuments: written,
                                                   yield: yield) else { return false }
            diagnostics += found
        } else {
            diagnostics += pageChecker.check(writtenByDocuments: written)
        }
        clock.lap("page links")
        return true
    }

    /// The files in path order, the problems sorted, and the report.
    consuming func finished() -> RenderedSite {
        let site = plan.site
        files.sort { $0.path < $1.path }
        diagnostics.sort()
        var report = BuildReport(
            pages: files.filter { $0.path.hasSuffix(".html") }.count,
            files: files.count,
            posts: site.posts.count,
            series: site.series.count,
            apps: site.apps.count,
            skippedDrafts: site.skippedDrafts,
            skippedFuture: site.skippedFuture,
            warnings: diagnostics.filter { $0.severity == .warning },
            hints: diagnostics.filter { $0.severity == .hint },
            notices: plan.notices,
            written: nil,
            stageSeconds: clock.laps,
            skippedFiles: plan.content.skippedFiles,
            basePath: URLMaker(baseURL: site.config.baseURL, absolute: false).basePath)
        report.images = imageWork
        return RenderedSite(files: files, report: report, diagnostics: diagnostics)
    }
}
