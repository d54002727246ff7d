import Foundation
import Load
import Markdown
import Support
import Diagnostics
import Output
import Site
import Images
import Feeds
import Render
import Pages
import Search

/// The pipeline: load → resolve → route → render → check → write.
public enum SiteBuilder {
    /// Builds the site in memory. Never throws and never writes.
    public static func render(_ request: BuildRequest) -> RenderedSite {
        render(request, memo: nil)
    }

    /// `render`, doing again only the work whose inputs changed since `memo`'s
    /// last build (the incremental layer, `BuildMemo`). The result equals a clean `render`.
    /// `changed`: the files that changed since that build, when the caller knows them exactly.
    /// `kinds`: the kinds of page the site has (`PageKinds.all`; a test adds one of its own).
    static func render(_ request: BuildRequest, memo: BuildMemo?, changed: Set<String>? = nil,
                       kinds: [PageKind] = PageKinds.all) -> RenderedSite {
        switch plan(request, memo: memo, changed: changed, kinds: kinds) {
        case .failure(let failed): return failed.site
        case .success(let plan): return output(plan, memo: memo)
        }
    }

    /// A build that stopped before its plan: site.yml could not be read.
    struct Unplanned: Error {
        var site: RenderedSite
    }

    /// The first half of a build: what the site is, before any page is rendered
    /// (load, theme, Markdown, resolve, images planned, routes, and with a memo
    /// each page's render key). Serve announces an edit from this, and renders
    /// the pages a reader asks for from it before `output` has made the rest.
    static func plan(_ request: BuildRequest, memo: BuildMemo?, changed: Set<String>? = nil,
                     kinds: [PageKind] = PageKinds.all) -> Result<SitePlan, Unplanned> {
        if let memo, let changed {
            // Only existing posts or theme assets changed: the last plan, patched.
            if let patched = PlanPatch.patched(request, changed: changed, memo: memo, kinds: kinds) {
                memo.plan = patched
                return .success(patched)
            }
        }
        memo?.plan = nil
        var clock = StageClock()
        let progress = request.progress ?? { _ in }
        progress("reading content/")
        var content = memo?.documents.load(siteDirectory: request.siteDirectory, changed: changed)
            ?? ContentLoader.load(siteDirectory: request.siteDirectory)
        // `--base-url`: where CI knows the site goes; it stands in for site.yml's.
        if let baseURL = request.baseURL {
            content.config.baseURL = baseURL
            content.config.placeholders.removeAll { $0.key == .baseURL }
        }
        // The versions as loaded now, a value: render keys are made on all cores.
        let version: (@Sendable (String) -> Int)? = memo.map { memo in
            let versions = memo.documents.versions
            return { versions[$0] ?? 0 }
        }
        clock.lap("load")
        if content.configFailed { return .failure(Unplanned(site: configFailure(content, memo: memo))) }
        let (theme, themeProblems) = Theme.load(siteDirectory: request.siteDirectory, pages: PageKinds.templates(of: kinds))
        var problems = SitePlan.Problems()
        problems.content = theme.map { content.diagnostics.droppingFrontMatterKeys(readBy: $0.paramNames) } ?? content.diagnostics
        problems.theme = themeProblems
        clock.lap("theme")

        progress("rendering Markdown (\(content.posts.count) posts)")
        let work = SiteResolver.markdownWork(content, mode: request.mode, now: request.now)
        let markdown = memo?.markdown.render(work)
            ?? (bodies: work.bodies.parallelMap { MarkdownRenderer.render($0.body, options: work.options) },
                summaries: work.summaries.map { $0.map { SiteResolver.summaryHTML($0, options: work.options) } })
        clock.lap("markdown")
        var (site, siteProblems) = SiteResolver.resolve(content, mode: request.mode, now: request.now,
                                                        rendered: markdown.bodies, summaries: markdown.summaries,
                                                        related: memo?.related.choose(posts:apps:tags:) ?? RelatedPosts.choose(posts:apps:tags:))
        clock.lap("resolve")
        // Images get their files' width and height (header reads, kept by stamp in serve).
        for (path, file) in BodyImageSizes.wanted(in: site) {
            if let size = memo?.imageSizes.size(of: file) ?? ImageSize.fromFile(file) { site.imageSizes[path] = size }
        }
        // Images bodies show are processed when `images: { resize: true }` (Images/):
        // their upright size replaces the header's, and each <img> becomes a <picture>.
        clock.lap("image sizes")
        var imageUses: [String: ImagePlanner.Use] = [:]
        var notices = content.notices
        // init's placeholders: fine while writing, never on a site that goes live.
        let placeholders = content.config.placeholders.filter { placeholder in
            guard placeholder.key == .siteImage else { return true }
            guard let image = content.config.image else { return false }
            let sitePath = ImageReference.sitePath(image, from: ConfigLoader.path)
            return StarterImage.isStarter(atPath: request.siteDirectory.appendingPathComponent("content").path + sitePath)
        } + InitPlaceholder.appLinks(in: content.apps) + InitPlaceholder.pageEmails(in: content.pages)
        for placeholder in placeholders {
            let said = placeholder.diagnostic(strict: request.mode.isStrict)
            if said.severity == .notice { notices.append(said) } else { problems.placeholders.append(said) }
        }
        notices.sort()
        let imageCache = request.imageCacheFolder
        var imageLibrary: LibvipsFacts?
        var imageSources: ImageSourceIndex?
        var unusableImages = Set<String>()
        if site.config.images.resize {
            switch LibvipsFacts.current(cacheFolder: imageCache) {
            case .failure(let failure) where site.config.images.resizeWritten:
                problems.images.append(Diagnostic(file: ConfigLoader.path,
                                              message: "images: { resize: true } needs libvips, which cannot be used here: \(failure.message); images are copied as they are",
                                              severity: .warning))
            case .failure(let failure) where request.mode.isStrict && !ImagePlanner.candidates(in: site).images.isEmpty:
                // Published unresized, a page would send every visitor the 3000 px photos.
                problems.images.append(Diagnostic(file: ConfigLoader.path,
                                              message: "images would be published as they are, not resized: \(failure.message); "
                                                + "install libvips, or write images: { resize: false } in site.yml to publish the originals "
                                                + "(their metadata removed)"))
            case .failure(let failure):
                notices.append(Diagnostic(file: ConfigLoader.path,
                                          message: "images are copied as they are, not resized: \(failure.message) (images: { resize: false } says that is meant; publish refuses it)",
                                          severity: .notice))
            case .success(let facts):
                let sources = memo.map { memo in
                    memo.imageSources ?? { memo.imageSources = ImageSourceIndex(cacheFolder: imageCache); return memo.imageSources! }()
                } ?? ImageSourceIndex(cacheFolder: imageCache)
                let configText = FileManager.default.contents(atPath: request.siteDirectory.appendingPathComponent(ConfigLoader.path).path)
                    .map { String(decoding: $0, as: UTF8.self) }
                let resolved = site
                func plan(_ uses: DocumentImageUses.Source) -> ImagePlanner.Plan {
                    ImagePlanner.plan(site: resolved, settings: resolved.config.images, formats: Set(facts.writable),
                                      configText: configText, uses: uses, header: sources.header(of:))
                }
                let planned = memo.flatMap { memo in version.map { memo.imageUses.planning(version: $0, plan) } }
                    ?? plan(DocumentImageUses.of)
                site.imageVariants = planned.sets
                imageUses = planned.uses
                problems.images += planned.diagnostics
                notices += planned.notices
                unusableImages = planned.failed
                for (path, set) in planned.sets { site.imageSizes[path] = ImageSize(width: set.width, height: set.height) }
                imageLibrary = facts
                imageSources = sources
            }
        }
        clock.lap("image plan")
        if let memo {
            memo.bodyImages.apply(to: &site)
        } else {
            BodyImageSizes.apply(to: &site)
            PictureMarkup.apply(to: &site)
        }
        problems.resolve = siteProblems
        clock.lap("pictures")
        let (routes, routeIndex, routeProblems) = Router.indexedRoutes(for: site, kinds: kinds)
        problems.routes = routeProblems
        let urls = URLMaker(baseURL: site.config.baseURL, absolute: request.mode.usesAbsoluteURLs)
        clock.lap("routes")
        let projections = theme.map { _ in SiteProjections(site) }
        clock.lap("projections")
        let renderKeys = theme.flatMap { theme in projections.flatMap { projections in version.map { version in
            RenderKeys(site: site, theme: theme, urls: urls, projections: projections, version: version)
        } } }
        let sharedKeys = renderKeys?.shared()
        let keyParts = renderKeys.flatMap { renderKeys in sharedKeys.map { renderKeys.keyParts(for: routes, shared: $0) } }
        let keys = keyParts?.keys
        clock.lap("keys")
        var plan = SitePlan(request: request, content: content, site: site, theme: theme, routes: routes, routeIndex: routeIndex, keys: keys, contentKeys: keyParts?.contentKeys,
                            sharedKeys: sharedKeys, urls: urls, projections: projections, problems: problems, notices: notices,
                            version: version, imageUses: imageUses, imageLibrary: imageLibrary,
                            imageSources: imageSources, unusableImages: unusableImages, clock: clock)
        plan.number = memo?.nextPlanNumber() ?? 0
        memo?.plan = plan
        return .success(plan)
    }

    /// The second half of a build: every page, feed, image and copy rendered from
    /// `plan` (with a memo, only what changed), links checked, the report made.
    static func output(_ plan: SitePlan, memo: BuildMemo?) -> RenderedSite {
        let request = plan.request, content = plan.content, site = plan.site, theme = plan.theme, routes = plan.routes
        var diagnostics = plan.diagnostics, notices = plan.notices, clock = plan.clock
        let version = plan.version, imageUses = plan.imageUses, imageLibrary = plan.imageLibrary
        let imageSources = plan.imageSources, unusableImages = plan.unusableImages
        let imageCache = request.imageCacheFolder
        let progress = request.progress ?? { _ in }
        let searchIndex = site.config.search ? SearchIndexTask(site: site, routes: routes, memo: memo?.search) : nil
        // Feeds are made before the pages, though added after them: their posts' entries
        // (at 10,000 posts, 60 MB made once and shared by every feed) are gone before
        // the pages' bytes (130 MB) are made, so the two never add up.
        progress("rendering feeds")
        let feedRenderer = FeedRenderer(site: site)
        let sitemap = PageKinds.sitemapPages(routes, site: site)
        let feeds = memo.flatMap { memo in version.map { memo.feeds.render(sitemap: sitemap, with: feedRenderer, version: $0) } }
            ?? feedRenderer.render(sitemap: sitemap)
        clock.lap("feeds")

        progress("rendering \(routes.count) pages")
        var files: [OutputFile] = []
        if let theme, let projections = plan.projections {
            let urls = plan.urls
            let renderer = PageRenderer(site: site, theme: theme, urls: urls, projections: projections)
            let writeAsMade = request.writesPagesAsMade == nil ? nil : { (files: [OutputFile]) -> [Diagnostic] in
                do throws(BuildFailure) {
                    _ = try OutputWriter.update(writing: files, removing: [], in: request.outputDirectory,
                                                siteDirectory: request.siteDirectory)
                    return []
                } catch {
                    return error.diagnostics
                }
            }
            let (pages, renderProblems) = memo.flatMap { memo in plan.keys.map { keys in
                memo.pages.render(routes, keys: keys, of: plan, with: renderer, writingAsMade: writeAsMade)
            } } ?? renderer.render(routes)
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
                case .bytes(let b): files.append(OutputFile(path: "assets/" + path, contents: .bytes(b)))
                case .file(let f): files.append(OutputFile(path: "assets/" + path, contents: .copy(from: f)))
                }
            }
        }
        var taken = Set(files.map(\.path))
        // The search index (Search/, docs/SEARCH.md): from the rendered bodies, under search/.
        if let searchIndex {
            progress("indexing for search")
            for file in searchIndex.files() {
                if taken.insert(file.path).inserted { files.append(file) } else {
                    let owner = routes.first { $0.outputPath == file.path }
                    diagnostics.append(Diagnostic(file: owner?.source ?? "(site)", line: owner?.location?.line,
                                                  column: owner?.location?.column,
                                                  message: "duplicate output path /\(file.path): the search index is written there "
                                                    + "(write search: false in site.yml to have none)"))
                }
            }
            clock.lap("search")
        }
        // Feeds, sitemap and robots.txt (Feeds/): after the pages, so a page claiming
        // a feed's path is reported; before static files, which must not replace them.
        for feed in feeds {
            if let folder = feed.folderURL, let page = routes.first(where: { $0.outputPath == SitePaths.outputPath(forSitePath: folder) }) {
                // A host serves the folder's index.html before its index.xml: the feed would never be read.
                diagnostics.append(Diagnostic(file: page.source, line: page.location?.line, column: page.location?.column,
                                              message: "the feed at \(folder) is hidden: a page is written there too, and a host serves the page"))
            } else if taken.insert(feed.path).inserted {
                files.append(feed.outputFile)
            } else {
                let owner = routes.first { $0.outputPath == feed.path }
                diagnostics.append(Diagnostic(file: owner?.source ?? "(site)", line: owner?.location?.line,
                                              column: owner?.location?.column,
                                              message: "duplicate output path /\(feed.path): the site writes a feed there"))
            }
        }
        // Strict builds read every feed back and check what its format requires.
        if request.mode.isStrict { diagnostics += FeedValidator.validate(feeds.map { $0.withBytes(writtenIn: request.outputDirectory) }) }
        clock.lap("feed checks")
        // Processed images: their variants, and the fallback in place of the original.
        var processedFallbacks: [String: OutputFile.Contents] = [:]
        var imageWork: ImageWork?
        if !site.imageVariants.isEmpty {
            progress("processing \(site.imageVariants.count) images")
            let cache = DerivedImageCache(folder: imageCache, libvipsVersion: imageLibrary?.version ?? "")
            var counted: (@Sendable (Int, Int) -> Void)?
            if let tell = request.counted { counted = { @Sendable done, total in tell("images", done, total) } }
            let made = ImageOutputs.files(for: site.imageVariants, quality: site.config.images.quality, cache: cache,
                                          sources: imageSources ?? ImageSourceIndex(cacheFolder: imageCache), uses: imageUses,
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
        for file in site.staticFiles {
            // A processed image's own path holds its processed fallback (unless a page links to the file itself).
            if processedFallbacks[file.relativePath] != nil { continue }
            if taken.insert(file.relativePath).inserted {
                files.append(OutputFile(path: file.relativePath, contents: .copy(from: file.absolutePath)))
            } else {
                diagnostics.append(Diagnostic(file: "content/" + file.relativePath,
                                              message: "duplicate output path /\(file.relativePath): a generated page is written there too"))
            }
        }
        let docs = SourceDocument.all(in: site)
        let processedByFile = Dictionary(site.imageVariants.values.compactMap { set in
            processedFallbacks[set.fallbackPath].map { (set.file, $0) }
        }, uniquingKeysWith: { a, _ in a })
        for var copy in RelativeFiles.copies(for: docs, staticFiles: site.staticFiles) where taken.insert(copy.path).inserted {
            // A copy beside a page of a processed image is the processed fallback too, never the original's bytes.
            if case .copy(let from) = copy.contents, let processed = processedByFile[from] { copy.contents = processed }
            files.append(copy)
        }
        // Originals published as they are lose their metadata (GPS position, camera serial).
        let stripped = PublishedOriginals.stripping(files, staticFiles: site.staticFiles.filter { !unusableImages.contains($0.absolutePath) })
        files = stripped.files
        diagnostics += stripped.diagnostics

        if theme != nil {
            progress("checking links")
            let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            let checker = LinkChecker(baseURL: site.config.baseURL, outputs: byPath, unbuilt: site.failedPageOutputs,
                                      outputFolder: request.outputDirectory)
            if let memo, let version {
                diagnostics += memo.links.check(docs, with: checker, version: version)
            } else {
                diagnostics += checker.check(docs)
            }
            clock.lap("links")
            if let theme {
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
                    diagnostics += memo.pageLinks.check(with: pageChecker, digest: memo.pages.digest(of:), writtenByDocuments: written)
                } else {
                    diagnostics += pageChecker.check(writtenByDocuments: written)
                }
            }
            clock.lap("page links")
        }

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
            notices: notices,
            written: nil,
            stageSeconds: clock.laps,
            skippedFiles: content.skippedFiles,
            basePath: URLMaker(baseURL: site.config.baseURL, absolute: false).basePath)
        report.images = imageWork
        let rendered = RenderedSite(files: files, report: report, diagnostics: diagnostics)
        return rendered
    }

    /// A site whose site.yml could not be read: its problems alone. Built without
    /// it (no `base_url`, the default language and permalinks), every feed, page and
    /// link would fail too, and the one cause would be lost among them.
    private static func configFailure(_ content: LoadedContent, memo: BuildMemo?) -> RenderedSite {
        // The next build must not patch the plan of an older, good site.yml.
        memo?.plan = nil
        let diagnostics = content.diagnostics.filter { $0.file == ConfigLoader.path || $0.file == "content" }
        let report = BuildReport(pages: 0, files: 0, posts: 0, series: 0, apps: 0, skippedDrafts: [], skippedFuture: [],
                                 warnings: diagnostics.filter { $0.severity == .warning },
                                 hints: diagnostics.filter { $0.severity == .hint })
        return RenderedSite(files: [], report: report, diagnostics: diagnostics)
    }

    /// Builds the site and, unless the mode is `check`, writes it. Nothing is written
    /// unless the whole site rendered without errors (in strict modes: without warnings).
    public static func build(_ request: BuildRequest) throws(BuildFailure) -> BuildReport {
        if request.mode != .check,
           let problem = OutputWriter.validateOutputDirectory(request.outputDirectory, siteDirectory: request.siteDirectory) {
            throw BuildFailure([problem])
        }
        let rendered = render(request)
        guard rendered.isWritable(in: request.mode) else { throw BuildFailure(rendered.diagnostics) }
        var report = rendered.report
        if request.mode != .check {
            var clock = StageClock()
            request.progress?("writing \(rendered.files.count) files")
            report.written = try OutputWriter.write(rendered.files, to: request.outputDirectory,
                                                    siteDirectory: request.siteDirectory)
            clock.lap("write")
            report.stageSeconds += clock.laps
        }
        return report
    }
}
