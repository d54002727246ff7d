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
    /// `plan` (with a memo, only what changed), links checked, the report made (`SiteOutput`).
    static func output(_ plan: SitePlan, memo: BuildMemo?) -> RenderedSite {
        guard let site = SiteOutput.make(plan, memo: memo, yield: .never) else {
            preconditionFailure("a build whose yield signal is never raised stopped early")
        }
        return site
    }

    /// `output`, stopping early (nil) when `yield` is raised: serve's next save came.
    static func output(_ plan: SitePlan, memo: BuildMemo, yield: YieldSignal) -> RenderedSite? {
        SiteOutput.make(plan, memo: memo, yield: yield)
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
