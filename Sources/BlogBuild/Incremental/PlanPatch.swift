import Foundation
import Load
import Markdown
import Support
import Diagnostics
import Output
import Site
import Images
import Render
import Pages

/// A rebuild's plan made from the last one (`BuildMemo.plan`), with no pass over
/// the site's Markdown, for the edits made while writing: the watcher named
/// exactly the files that changed, and each is
/// - a post, edited (any front matter, its date and URL too), new, deleted or renamed,
///   and shown by this build (not an error, not a draft left out);
/// - a file of the theme's `templates/assets/` that the last theme has, or
/// - a template (the theme is loaded again; the pages whose templates changed,
///   with the partials they use, get new keys).
///
/// The changed posts' values are replaced. When a post came, went or moved, the
/// posts are put in order again, each keeping its list entry where it moved. Their
/// relations to series, apps and tags (and related posts, routes) are made again
/// only when those changed. Render keys are made again only for the pages the edit
/// reaches (`EditReach`); every other page keeps its key by its output path.
/// Problems are kept by stage (`SitePlan.Problems`): the changed files' are replaced,
/// the rest kept.
///
/// In every other case it returns nil and the plan is made whole (memoised stage
/// by stage): site.yml, series, apps, pages and static files; a post with an error;
/// an image whose variant set or problem the edit would change (`ImagePlanPatch`
/// updates the image plan for the rest: first uses, images shown for the first time
/// or no more); links to Markdown files while posts come, go or change URL. `SiteBuilder.output` turns either plan into files: there is one
/// pipeline. The incremental-build tests (a randomised one among them) and the soak
/// compare every rebuild with a clean build.
enum PlanPatch {
    static func plan(_ request: BuildRequest, changed: Set<String>, memo: BuildMemo, kinds: [PageKind]) -> SitePlan? {
        guard var plan = memo.plan, !changed.isEmpty, var theme = plan.theme, var projections = plan.projections,
              var shared = plan.sharedKeys, var keys = plan.keys, var contentKeys = plan.contentKeys, !plan.site.posts.isEmpty,
              request.mode == plan.request.mode, request.baseURL == plan.request.baseURL,
              request.cacheDirectory == plan.request.cacheDirectory,
              request.siteDirectory.standardizedFileURL == plan.request.siteDirectory.standardizedFileURL,
              request.now >= plan.request.now else { return nil }
        // Patched in place: the last plan's arrays are not copied. A plan made whole replaces it anyway.
        memo.plan = nil
        var clock = StageClock()

        let contentFolder = request.siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        let templatesFolder = request.siteDirectory.appendingPathComponent("templates").standardizedFileURL.path + "/"
        let assetsFolder = templatesFolder + "assets/"
        var postPaths: [String] = [], newPaths: [(path: String, relative: String)] = [], gonePaths: [String] = []
        var seriesAndAppPaths: [String] = []
        var templatesChanged = false
        var assets: [(name: String, path: String)] = []
        for path in changed.sorted() {
            let exists = FileManager.default.fileExists(atPath: path)
            if path.hasPrefix(assetsFolder) {
                let name = String(path.dropFirst(assetsFolder.count))
                // An editor's temporary file, renamed over the asset, came and went.
                if !exists && theme.assets[name] == nil { continue }
                // A new or deleted asset changes which files the output has.
                guard exists, theme.assets[name] != nil else { return nil }
                assets.append((name, path))
                continue
            }
            if path.hasPrefix(templatesFolder) {
                templatesChanged = true
                continue
            }
            guard path.hasPrefix(contentFolder) else { return nil }
            let relative = String(path.dropFirst(contentFolder.count))
            // Junk is never loaded (`.x.md.swp`, `x.md~`); a file that is gone and that the last
            // walk did not find came and went (an editor's scratch file: vim's `4913`).
            let found = memo.documents.wasFound(path)
            if ContentWalker.isJunk(relativePath: relative) || (!exists && !found) { continue }
            let kind = ContentEntry.kind(of: relative)
            if kind == .series || kind == .app {
                // Edited (`SeriesAppPatch`); a new or deleted one changes every index after it.
                guard exists, found else { return nil }
                seriesAndAppPaths.append(path)
                continue
            }
            guard kind == .post else { return nil }
            if !exists {
                gonePaths.append(path)
            } else if found {
                postPaths.append(path)
            } else {
                guard isPlainFile(path) else { return nil }
                newPaths.append((path, relative))
            }
        }
        guard !postPaths.isEmpty || !newPaths.isEmpty || !gonePaths.isEmpty || !seriesAndAppPaths.isEmpty || !assets.isEmpty
                || templatesChanged else { return nil }
        // A post that came due since the last build moves into lists and feeds.
        let lastNow = plan.request.now
        // By index: `contains(where:)` would copy each of 10,000 posts (a retain and a release of every string).
        guard !plan.content.posts.indices.contains(where: {
            plan.content.posts[$0].date.instant > lastNow && plan.content.posts[$0].date.instant <= request.now
        }) else { return nil }

        // A template: the theme loaded again (with its assets), compiling only the pages whose templates
        // changed (`CompiledFrom`); a theme with errors is left to the whole plan, which reports them.
        var editedTemplates = Set<String>()
        if templatesChanged {
            let (loaded, problems) = Theme.load(siteDirectory: request.siteDirectory, pages: PageKinds.templates(of: kinds), reusing: theme)
            guard let loaded, !problems.contains(where: { $0.severity == .error }) else { return nil }
            for name in Set(loaded.pages.keys).union(theme.pages.keys)
            where loaded.fingerprints[name] != theme.fingerprints[name]
                || loaded.pages[name]?.readsTagCounts != theme.pages[name]?.readsTagCounts {
                editedTemplates.insert(name)
            }
            theme = loaded
            plan.problems.theme = problems
        } else {
            for (name, path) in assets { theme.assets[name] = Theme.asset(at: path) }
        }

        let config = plan.site.config
        let options = MarkdownOptions(config: config)
        let seriesBySlug = Dictionary(plan.site.series.indices.map { (plan.site.series[$0].series.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let appBySlug = Dictionary(plan.site.apps.indices.map { (plan.site.apps[$0].app.slug, $0) }, uniquingKeysWith: { a, _ in a })
        // Links to Markdown files are the pages' URLs: while a document has one, posts keep
        // theirs and none comes or goes (else the whole plan makes every link again).
        let linkingSite = plan.site.posts.indices.contains { plan.site.posts[$0].rendered.linksMarkdownFiles }
            || plan.site.series.indices.contains { plan.site.series[$0].intro.linksMarkdownFiles }
            || plan.site.apps.indices.contains { plan.site.apps[$0].description.linksMarkdownFiles }
            || plan.site.pages.indices.contains { plan.site.pages[$0].rendered.linksMarkdownFiles }
        guard !linkingSite || (newPaths.isEmpty && gonePaths.isEmpty) else { return nil }
        var fileLinks: MarkdownFileLinks?
        var relationsChanged = false, routesChanged = false, reordered = !newPaths.isEmpty || !gonePaths.isEmpty
        // A post's URL is in its related-post signature (`RelatedPostMemo`): it breaks ties between other posts' choices.
        var permalinksChanged = false
        var edited: [Int] = []
        var touchedFiles = Set<String>()
        var imageChanges: [ImagePlanPatch.Change] = []
        func imageChange(_ old: SitePost?, _ new: SitePost?, moved: Bool) {
            let before = old.map { DocumentImageUses(SourceDocument.post($0)) }, after = new.map { DocumentImageUses(SourceDocument.post($0)) }
            guard before != after || moved, let path = (new ?? old)?.post.sourcePath else { return }
            imageChanges.append(.init(sourcePath: path, images: new?.rendered.images ?? [], before: before, after: after))
        }
        var loadProblems: [Diagnostic] = [], resolveProblems: [Diagnostic] = []

        /// `post` as this site shows it: rendered, its links and images done as the pipeline does them.
        func shown(_ post: Post, from old: SitePost?) -> SitePost? {
            var sitePost = old ?? SitePost(post: post, rendered: RenderedMarkdown(html: "", summaryHTML: ""),
                                           permalink: SiteURLs.post(post, pattern: config.postPermalink),
                                           isDraft: post.draft, isFuture: post.date.instant > request.now, tagIndices: [])
            sitePost.post = post
            sitePost.isDraft = post.draft
            sitePost.isFuture = post.date.instant > request.now
            sitePost.permalink = SiteURLs.post(post, pattern: config.postPermalink)
            sitePost.rendered = SiteResolver.withSummary(MarkdownRenderer.render(post.body, options: options), of: post, options: options)
            if sitePost.rendered.linksMarkdownFiles {
                // Only when every post kept its URL (above) and none came or went (a renamed file the
                // link now names, `x.md` → `x.markdown`): the last build's page table holds.
                guard old != nil, sitePost.permalink == old?.permalink, newPaths.isEmpty, gonePaths.isEmpty else { return nil }
                let links = fileLinks ?? SiteResolver.fileLinks(of: plan.site)
                fileLinks = links
                let (rewritten, problems) = links.rewrite(sitePost.rendered, sourcePath: post.sourcePath, bodyLine: post.bodyLine)
                resolveProblems += problems
                if let rewritten { sitePost.rendered = rewritten }
            }
            resolveProblems += SiteResolver.lookUp(post, seriesBySlug: seriesBySlug, appBySlug: appBySlug,
                                                   failedFiles: plan.site.failedFiles, heldBack: plan.site.heldBackSeriesAndApps).problems
            return sitePost
        }
        /// Shown by this build: not a draft or future post, unless drafts are built.
        func isShown(_ post: Post) -> Bool {
            request.mode.includesDrafts || (!post.draft && post.date.instant <= request.now)
        }

        // Posts edited in place.
        for path in postPaths {
            guard let (entry, loaded) = memo.documents.reload(path), case .post(let post)? = loaded.value,
                  !loaded.diagnostics.contains(where: { $0.severity == .error }),
                  let c = index(of: entry.sitePath, in: plan.content.posts),
                  let s = plan.site.posts.indices.first(where: { plan.site.posts[$0].post.sourcePath == entry.sitePath }),
                  isShown(post), post.tags.count <= SiteResolver.maximumTagsPerPost else { return nil }
            let old = plan.site.posts[s]
            guard let sitePost = shown(post, from: old) else { return nil }
            let moved = post.date.instant != old.post.date.instant
            if sitePost.permalink != old.permalink {
                guard !linkingSite else { return nil }
                routesChanged = true
                permalinksChanged = true
            }
            // Its images' part of the plan, where it changed or the post moved among the others (first uses).
            imageChange(old, sitePost, moved: moved)
            if post.tags != old.post.tags || post.series != old.post.series || post.seriesOrder != old.post.seriesOrder
                || post.app != old.post.app {
                relationsChanged = true
            }
            if post.aliases != old.post.aliases || post.keyLocations != old.post.keyLocations { routesChanged = true }
            if moved { reordered = true }
            loadProblems += loaded.diagnostics
            plan.content.posts[c] = post
            plan.site.posts[s] = sitePost
            edited.append(s)
            touchedFiles.insert(entry.sitePath)
        }

        // Posts gone, and new ones.
        var gone = Set<Int>()
        for path in gonePaths {
            let sitePath = "content/" + path.dropFirst(contentFolder.count)
            guard !plan.site.failedFiles.contains(sitePath), let c = index(of: sitePath, in: plan.content.posts),
                  let s = plan.site.posts.indices.first(where: { plan.site.posts[$0].post.sourcePath == sitePath }) else { return nil }
            imageChange(plan.site.posts[s], nil, moved: true)
            memo.documents.remove(path)
            plan.content.posts.remove(at: c)
            gone.insert(s)
            touchedFiles.insert(sitePath)
        }
        var added: [SitePost] = []
        for (path, relative) in newPaths {
            guard let (entry, loaded) = memo.documents.add(path, relativePath: relative), case .post(let post)? = loaded.value,
                  !loaded.diagnostics.contains(where: { $0.severity == .error }), isShown(post),
                  post.tags.count <= SiteResolver.maximumTagsPerPost,
                  index(of: entry.sitePath, in: plan.content.posts) == nil,
                  let sitePost = shown(post, from: nil) else { return nil }
            imageChange(nil, sitePost, moved: true)
            loadProblems += loaded.diagnostics
            plan.content.posts.insert(post, at: insertionIndex(of: entry.sitePath, in: plan.content.posts))
            added.append(sitePost)
            touchedFiles.insert(entry.sitePath)
        }

        // Series and apps edited in place.
        var seriesAndApps = SeriesAppPatch.Outcome()
        if !seriesAndAppPaths.isEmpty {
            guard let outcome = SeriesAppPatch.apply(seriesAndAppPaths, to: &plan, documents: memo.documents, options: options) else { return nil }
            seriesAndApps = outcome
            if outcome.seriesMoved {
                // Posts' series indices follow the series (below), and the series' pages are routed again;
                // alone: a post changed in the same rebuild would have noted the old indices.
                guard postPaths.isEmpty, newPaths.isEmpty, gonePaths.isEmpty else { return nil }
                relationsChanged = true
                routesChanged = true
            }
            imageChanges += outcome.images
            loadProblems += outcome.problems
            touchedFiles.formUnion(outcome.files)
        }

        // The posts in their order, newest first (ties by path), as resolve orders them:
        // where each post of this build was in the last one (`origin`), and the reverse (`position`).
        // Made as optionals directly: `Array(indices)` as `[Int?]` casts each element at run time.
        var origin: [Int?] = plan.site.posts.indices.map { $0 }
        var position: [Int?] = plan.site.posts.indices.map { $0 }
        if reordered {
            // Moved in place (`InPlaceOrder`): the posts that stay, the new ones after them, then the new order.
            var posts: [SitePost] = []
            swap(&posts, &plan.site.posts)
            var origins: [Int?] = posts.indices.map { $0 }
            for g in gone.sorted(by: >) {
                posts.remove(at: g)
                origins.remove(at: g)
            }
            posts += added
            origins += added.map { _ in nil }
            let order = posts.indices.sorted { a, b in
                let da = posts[a].post.date.instant, db = posts[b].post.date.instant
                if da != db { return da > db }
                return posts[a].post.sourcePath < posts[b].post.sourcePath
            }
            InPlaceOrder.permute(&posts, by: order)
            origin = order.map { origins[$0] }
            position = Array(repeating: nil, count: position.count)
            for (now, was) in origin.enumerated() { if let was { position[was] = now } }
            swap(&posts, &plan.site.posts)
            relationsChanged = true
            routesChanged = true
        }
        let editedNow = Set(edited.compactMap { position[$0] } + origin.indices.filter { origin[$0] == nil })
        // The image plan, for the images the changed posts show (`ImagePlanPatch`); then the changed
        // posts' images get their sizes and `<picture>`s from it.
        guard ImagePlanPatch.apply(imageChanges, to: &plan, memo: memo.imageUses, version: memo.documents.version(of:),
                                   size: { memo.imageSizes.size(of: $0) ?? ImageSize.fromFile($0) }) else { return nil }
        SeriesAppPatch.finishImages(seriesAndApps, in: &plan.site)
        let imageSizes = plan.site.imageSizes, imageVariants = plan.site.imageVariants
        for s in editedNow {
            let sourcePath = plan.site.posts[s].post.sourcePath
            BodyImageSizes.apply(&plan.site.posts[s].rendered, sourcePath, imageSizes)
            PictureMarkup.apply(&plan.site.posts[s].rendered, sourcePath, imageVariants)
        }

        plan.content.diagnostics = (plan.content.diagnostics.filter { !touchedFiles.contains($0.file) } + loadProblems).sorted()
        plan.problems.content = plan.content.diagnostics.droppingFrontMatterKeys(readBy: theme.paramNames)
        plan.problems.resolve = plan.problems.resolve.filter { !touchedFiles.contains($0.file) } + resolveProblems
        clock.lap("patch posts")

        // What the pages show that the edit may have changed (`EditReach`), found by
        // comparing the relations before and after; every other page keeps its key.
        var reach = EditReach(posts: editedNow)
        reach.templates = editedTemplates
        // A part's title is in its series' box on every part's page.
        for s in editedNow {
            if let si = plan.site.posts[s].seriesIndex { reach.seriesBoxes.insert(si) }
        }
        let oldRoutes = plan.routes, oldRouteIndex = plan.routeIndex
        if relationsChanged {
            // By index: a key path's `map` copies each element first.
            let before = (tags: plan.site.tags, series: plan.site.series.indices.map { plan.site.series[$0].postIndices },
                          apps: plan.site.apps.indices.map { plan.site.apps[$0].postIndices })
            // Taken out and put back: `plan` is one variable to the exclusivity check (the
            // functions above capture it), so three of its parts cannot be passed inout at once.
            // Swapped, not assigned: a second reference to the posts would make the next change copy them all.
            var posts: [SitePost] = [], series: [SiteSeries] = [], apps: [SiteApp] = []
            swap(&posts, &plan.site.posts)
            swap(&series, &plan.site.series)
            swap(&apps, &plan.site.apps)
            // A series that moved among the others took its parts with it: its posts' series indices follow.
            if let move = seriesAndApps.seriesMove {
                for i in posts.indices {
                    if let s = posts[i].seriesIndex { posts[i].seriesIndex = SeriesAppPatch.movedIndex(s, from: move.from, to: move.to) }
                }
            }
            // The changed posts taken out of their lists and put in again (`RelationPatch`).
            let tags = RelationPatch.update(&posts, series: &series, apps: &apps, tags: before.tags, position: position, changed: editedNow)
            swap(&posts, &plan.site.posts)
            swap(&series, &plan.site.series)
            swap(&apps, &plan.site.apps)
            plan.site.tags = tags
            reach.add(relationsBefore: before, after: plan.site, position: position)
            // Tag pages are routes: a tag that came or went, or was renamed, changes them.
            if !tags.elementsEqual(before.tags, by: { $0.slug == $1.slug && $0.name == $1.name }) { routesChanged = true }
        }
        // An edited series: its page, the series index, its parts' boxes and list marks (its title),
        // in its posts' indices of this build (after `relate`);
        // an edited app: its page, its child pages, the apps page and its posts' app cards.
        for si in seriesAndApps.series {
            reach.series.insert(si)
            reach.seriesBoxes.insert(si)
            reach.relinked.formUnion(plan.site.series[si].postIndices)
        }
        reach.apps.formUnion(seriesAndApps.apps)
        if config.related, relationsChanged || permalinksChanged {
            // Each post's related posts still name the last order's posts: updated in place (swapped out, as above).
            var posts: [SitePost] = []
            swap(&posts, &plan.site.posts)
            reach.related = memo.related.update(&posts, apps: plan.site.apps, tags: plan.site.tags, origin: origin,
                                                lastCount: position.count, edited: editedNow)
            swap(&posts, &plan.site.posts)
        }
        if relationsChanged || permalinksChanged { clock.lap("relations") }
        // Each route's index among the last plan's (nil: a new page); nil while the routes are the same.
        var lastIndex: [Int?]?
        if routesChanged {
            // Each post's own pages move with it; only the changed posts' and the other kinds' are made again.
            if let patched = Router.patchedRoutes(for: plan.site, kinds: kinds, lastRoutes: oldRoutes,
                                                  lastProblems: plan.problems.routes, lastPostCount: position.count,
                                                  origin: origin, changed: editedNow) {
                plan.routes = patched.routes
                plan.routeIndex = patched.byOutputPath
                plan.problems.routes = patched.problems
                // A page made again may be one the last plan had (a tag's, a home page): found by its path.
                lastIndex = patched.lastIndex
                for r in patched.routes.indices where patched.lastIndex[r] == nil {
                    lastIndex?[r] = oldRouteIndex[patched.routes[r].outputPath]
                }
            } else {
                (plan.routes, plan.routeIndex, plan.problems.routes) = Router.indexedRoutes(for: plan.site, kinds: kinds)
                lastIndex = plan.routes.map { oldRouteIndex[$0.outputPath] }
            }
            if let moved = lastIndex, moved.count == oldRoutes.count, moved.indices.allSatisfy({ moved[$0] == $0 }) { lastIndex = nil }
            clock.lap("routes")
        }

        let versions = memo.documents.versions
        let version: @Sendable (String) -> Int = { versions[$0] ?? 0 }
        // Patched in place: the last plan's entries are not copied.
        plan.projections = nil
        plan.sharedKeys = nil
        if reordered {
            // Each post keeps its entry (and its hash) where it moved; a new post's is made below.
            let placeholder = projections.entries[0]  // a new post's entry is made below
            InPlaceOrder.rearrange(&projections.entries, origin: origin, filler: placeholder)
            InPlaceOrder.rearrange(&shared.entryKeys, origin: origin, filler: 0)
            InPlaceOrder.rearrange(&shared.entryKeysWithoutCounts, origin: origin, filler: 0)
            let lowest = origin.indices.first { origin[$0] != $0 } ?? min(origin.count, position.count)
            let highest = max(origin.count, position.count)
            if lowest < highest { reach.shifted = lowest..<highest }
            // The home pages' count changes only with the number of posts.
            reach.pageCount = origin.count != position.count
            if origin.count != position.count { reach.postCountNow = origin.count }
            let wide = SiteWide(plan.site)
            if wide != projections.site {
                projections.site = wide
                reach.everything = true
            }
        }
        let changes = projections.update(for: plan.site, edited: editedNow, relinked: reach.relinked,
                                         relations: relationsChanged || !seriesAndApps.series.isEmpty || !seriesAndApps.apps.isEmpty)
        reach.add(changes)
        let renderKeys = RenderKeys(site: plan.site, theme: theme, urls: plan.urls, projections: projections, version: version)
        // Which templates read tag counts is part of every content key (`RenderKeys.keyParts`).
        let countlessChanged = shared.countlessTemplates != RenderKeys.countlessTemplates(of: theme)
        if reach.everything || countlessChanged {
            shared = renderKeys.shared()
        } else {
            var countless = Set<Int>()
            for s in changes.entries.union(editedNow) {
                let before = shared.entryKeysWithoutCounts[s]
                renderKeys.updating(&shared, entry: s)
                // An entry that changed only in its tags' post counts (a post joined or left a tag)
                // is the same on the pages that show no count: most pages, for most themes.
                if editedNow.contains(s) || shared.entryKeysWithoutCounts[s] != before || origin[s] == nil { countless.insert(s) }
            }
            reach.countlessEntries = (reach.entries.filter { countless.contains($0) || !changes.entries.contains($0) },
                                      shared.countlessTemplates)
        }
        clock.lap("projections")

        // A page keeps its key unless it shows something the edit reached, or is new.
        let site = plan.site, seen = reach, sharedNow = shared, moved = lastIndex
        let lastKeys = keys, lastContentKeys = contentKeys
        let parts = plan.routes.withUnsafeBufferPointer { routes in
            // Read in place: a route copied per page is 11,000 retains and releases of its strings.
            nonisolated(unsafe) let routes = routes
            return Array(routes.indices).parallelMap { r -> (key: Int, content: Int) in
                if let old = moved == nil ? r : moved?[r] {
                    let inputs = routes[r].kind.inputs(routes[r], site)
                    if !seen.showsContent(inputs, in: site) {
                        // Only its template changed: its new key from its last content key.
                        if !seen.showsTemplate(inputs) { return (lastKeys[old], lastContentKeys[old]) }
                        if !countlessChanged {
                            return (renderKeys.key(templates: inputs.templates, content: lastContentKeys[old]), lastContentKeys[old])
                        }
                    }
                }
                return renderKeys.keyParts(for: routes[r], shared: sharedNow)
            }
        }
        keys = parts.map(\.key)
        contentKeys = parts.map(\.content)
        plan.lineage = SitePlan.Lineage(from: plan.number, lastCount: oldRoutes.count, lastIndex: lastIndex)
        plan.number = memo.nextPlanNumber()
        clock.lap("patch")

        plan.request = request
        plan.theme = theme
        plan.projections = projections
        plan.sharedKeys = shared
        plan.keys = keys
        plan.contentKeys = contentKeys
        plan.version = version
        plan.clock = clock
        plan.patched = true
        return plan
    }

    /// Whether `path` is a regular file (not a folder or a link), as the walk of content/ takes it.
    private static func isPlainFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Where a post from `sourcePath` goes in `posts`, which are sorted by source path.
    private static func insertionIndex(of sourcePath: String, in posts: [Post]) -> Int {
        var low = 0, high = posts.count
        while low < high {
            let mid = (low + high) / 2
            if posts[mid].sourcePath < sourcePath { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Where the post from `sourcePath` is in `posts`, which are sorted by source path.
    private static func index(of sourcePath: String, in posts: [Post]) -> Int? {
        var low = 0, high = posts.count
        while low < high {
            let mid = (low + high) / 2
            if posts[mid].sourcePath < sourcePath { low = mid + 1 } else { high = mid }
        }
        return low < posts.count && posts[low].sourcePath == sourcePath ? low : nil
    }
}
