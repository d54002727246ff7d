import Foundation
import Load
import Markdown
import Support
import Diagnostics
import Site
import Images
import Render
import Pages

/// The steps of a patched plan up to the resolved site: the theme, the changed posts,
/// series and apps, the posts' order and the image plan.
extension PlanPatch {
    /// A template: the theme loaded again (with its assets), compiling only the pages whose templates
    /// changed (`CompiledFrom`); a theme with errors is left to the whole plan, which reports them.
    mutating func loadTheme() -> Bool {
        guard files.templates else {
            for (name, path) in files.assets { theme.assets[name] = Theme.asset(at: path) }
            return true
        }
        let (loaded, problems) = Theme.load(siteDirectory: request.siteDirectory, pages: PageKinds.templates(of: kinds), reusing: theme)
        guard let loaded, !problems.contains(where: { $0.severity == .error }) else { return false }
        for name in Set(loaded.pages.keys).union(theme.pages.keys)
        where loaded.fingerprints[name] != theme.fingerprints[name]
            || loaded.pages[name]?.readsTagCounts != theme.pages[name]?.readsTagCounts {
            editedTemplates.insert(name)
        }
        theme = loaded
        plan.problems.theme = problems
        return true
    }

    /// The edited, gone and new posts: each read again and made as resolve makes it.
    mutating func patchPosts() -> Bool {
        for path in files.posts {
            guard let (entry, loaded) = memo.documents.reload(path), case .post(let post)? = loaded.value,
                  !loaded.diagnostics.contains(where: { $0.severity == .error }),
                  let c = Self.index(of: entry.sitePath, in: plan.content.posts),
                  let s = plan.site.posts.indices.first(where: { plan.site.posts[$0].post.sourcePath == entry.sitePath }),
                  visibility.isShown(post), post.tags.count <= SiteResolver.maximumTagsPerPost else { return false }
            let old = plan.site.posts[s]
            guard let sitePost = shown(post, was: old) else { return false }
            let moved = post.date.instant != old.post.date.instant
            if sitePost.permalink != old.permalink {
                guard !linkingSite else { return false }
                routesChanged = true
                permalinksChanged = true
            }
            // Its images' part of the plan, where it changed or the post moved among the others (first uses).
            noteImages(old, sitePost, moved: moved)
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
        let contentFolder = request.siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        for path in files.gonePosts {
            let sitePath = "content/" + path.dropFirst(contentFolder.count)
            guard !plan.site.failedFiles.contains(sitePath), let c = Self.index(of: sitePath, in: plan.content.posts),
                  let s = plan.site.posts.indices.first(where: { plan.site.posts[$0].post.sourcePath == sitePath }) else { return false }
            noteImages(plan.site.posts[s], nil, moved: true)
            memo.documents.remove(path)
            plan.content.posts.remove(at: c)
            gone.insert(s)
            touchedFiles.insert(sitePath)
        }
        for (path, relative) in files.newPosts {
            guard let (entry, loaded) = memo.documents.add(path, relativePath: relative), case .post(let post)? = loaded.value,
                  !loaded.diagnostics.contains(where: { $0.severity == .error }), visibility.isShown(post),
                  post.tags.count <= SiteResolver.maximumTagsPerPost,
                  Self.index(of: entry.sitePath, in: plan.content.posts) == nil,
                  let sitePost = shown(post, was: nil) else { return false }
            noteImages(nil, sitePost, moved: true)
            loadProblems += loaded.diagnostics
            plan.content.posts.insert(post, at: Self.insertionIndex(of: entry.sitePath, in: plan.content.posts))
            added.append(sitePost)
            touchedFiles.insert(entry.sitePath)
        }
        return true
    }

    /// `post` as this site shows it (`SitePost(showing:)`), keeping `old`'s relations until
    /// `relate` makes them again, its links to Markdown files and its series and app looked up
    /// as resolve does them. Nil when its links need the whole plan.
    private mutating func shown(_ post: Post, was old: SitePost?) -> SitePost? {
        let rendered = SiteResolver.withSummary(MarkdownRenderer.render(post.body, options: options), of: post, options: options)
        var sitePost = SitePost(showing: post, rendered: rendered, postPermalink: plan.site.config.postPermalink, visibility: visibility)
        if let old { sitePost = sitePost.keepingRelations(of: old) }
        if sitePost.rendered.linksMarkdownFiles {
            // Only when every post kept its URL and none came or went (a renamed file the
            // link now names, `x.md` → `x.markdown`): the last build's page table holds.
            guard old != nil, sitePost.permalink == old?.permalink, !files.postsCameOrWent else { return nil }
            let links = fileLinks ?? SiteResolver.fileLinks(of: plan.site)
            fileLinks = links
            let (rewritten, problems) = links.rewrite(sitePost.rendered, sourcePath: post.sourcePath, bodyLine: post.bodyLine)
            resolveProblems += problems
            if let rewritten { sitePost.rendered = rewritten }
        }
        let site = plan.site
        let seriesBySlug = Dictionary(site.series.indices.map { (site.series[$0].series.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let appBySlug = Dictionary(site.apps.indices.map { (site.apps[$0].app.slug, $0) }, uniquingKeysWith: { a, _ in a })
        resolveProblems += PostRelations.lookUp(post, seriesBySlug: seriesBySlug, appBySlug: appBySlug,
                                                failedFiles: site.failedFiles, heldBack: site.heldBackSeriesAndApps).problems
        return sitePost
    }

    /// A post's part of the image plan, before and after the edit, when it changed or the post moved.
    private mutating func noteImages(_ old: SitePost?, _ new: SitePost?, moved: Bool) {
        let before = old.map { DocumentImageUses(SourceDocument.post($0)) }, after = new.map { DocumentImageUses(SourceDocument.post($0)) }
        guard before != after || moved, let path = (new ?? old)?.post.sourcePath else { return }
        imageChanges.append(.init(sourcePath: path, images: new?.rendered.images ?? [], before: before, after: after))
    }

    /// Edited series and app files (`SeriesAppPatch`).
    mutating func patchSeriesAndApps() -> Bool {
        guard !files.seriesAndApps.isEmpty else { return true }
        guard let outcome = SeriesAppPatch.apply(files.seriesAndApps, to: &plan, documents: memo.documents, options: options) else { return false }
        seriesAndApps = outcome
        if outcome.seriesMoved {
            // Posts' series indices follow the series (`relate`), and the series' pages are routed again;
            // alone: a post changed in the same rebuild would have noted the old indices.
            guard files.posts.isEmpty, !files.postsCameOrWent else { return false }
            relationsChanged = true
            routesChanged = true
        }
        imageChanges += outcome.images
        loadProblems += outcome.problems
        touchedFiles.formUnion(outcome.files)
        return true
    }

    /// The posts in the site's order (`PostOrder.reorder`) when one came, went or moved, each
    /// moved, not copied; `origin` and `position` map the indices between the two builds.
    mutating func order() {
        if reordered {
            var posts: [SitePost] = []
            swap(&posts, &plan.site.posts)
            (origin, position) = PostOrder.reorder(&posts, removing: gone, adding: added)
            swap(&posts, &plan.site.posts)
            relationsChanged = true
            routesChanged = true
        } else {
            // Made as optionals directly: `Array(indices)` as `[Int?]` casts each element at run time.
            origin = plan.site.posts.indices.map { $0 }
            position = origin
        }
        editedNow = Set(edited.compactMap { position[$0] } + origin.indices.filter { origin[$0] == nil })
    }

    /// The image plan, for the images the changed posts show (`ImagePlanner.update`); then the changed
    /// posts' images get their sizes and `<picture>`s from it.
    mutating func planImages() -> Bool {
        let memo = memo
        // A problem the last plan found with an image points at its first use, which the edit may move.
        let unusable = plan.unusableImages, problems = plan.problems.images, notices = plan.notices
        func hasProblem(_ path: String, _ file: String) -> Bool {
            let named = "'content/\(path)'"
            return unusable.contains(file) || problems.contains { $0.message.contains(named) } || notices.contains { $0.message.contains(named) }
        }
        guard ImagePlanner.update(imageChanges, site: &plan.site, uses: &plan.imageUses, library: plan.imageLibrary,
                                  sources: plan.imageSources, memo: memo.imageUses, version: memo.documents.version(of:),
                                  size: { memo.imageSizes.size(of: $0) ?? ImageSize.fromFile($0) }, hasProblem: hasProblem) else { return false }
        SeriesAppPatch.finishImages(seriesAndApps, in: &plan.site)
        let imageSizes = plan.site.imageSizes, imageVariants = plan.site.imageVariants
        for s in editedNow {
            let sourcePath = plan.site.posts[s].post.sourcePath
            BodyImageSizes.apply(&plan.site.posts[s].rendered, sourcePath, imageSizes)
            PictureMarkup.apply(&plan.site.posts[s].rendered, sourcePath, imageVariants)
        }
        return true
    }

    /// The changed files' problems replace their last ones; every other file's are kept.
    mutating func keepProblems() {
        plan.content.diagnostics = (plan.content.diagnostics.filter { !touchedFiles.contains($0.file) } + loadProblems).sorted()
        plan.problems.content = plan.content.diagnostics.droppingFrontMatterKeys(readBy: theme.paramNames)
        plan.problems.resolve = plan.problems.resolve.filter { !touchedFiles.contains($0.file) } + resolveProblems
        clock.lap("patch posts")
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
        let low = insertionIndex(of: sourcePath, in: posts)
        return low < posts.count && posts[low].sourcePath == sourcePath ? low : nil
    }
}
