import Foundation

/// The most common changes while writing, made cheap: the body, title or
/// `summary:` of a few posts changed, or a stylesheet or other file of the
/// theme's `templates/assets/`, and nothing else did. Then the site's shape
/// (which posts there are, their order, URLs, tags, series and apps) is the one
/// of the last build, and only the pages that show those posts (`RouteInputs`
/// read backwards: their own pages; when what lists show of them changed
/// (`PostListEntry`), the lists and redirects that show them; when a title
/// changed, the series boxes that name them), the feeds that carry them and
/// their link checks can change. The last build is patched with just those,
/// with no pass over the whole site.
///
/// A theme asset edit remakes that asset alone (pages link to it by a plain
/// URL). Used only when it is sure: the watcher named exactly the files that
/// changed, all of them existing posts or existing theme assets; apart from body, title and summary their front
/// matter is unchanged, and so are their URLs, what other pages link to (ids)
/// and what they link to (links, images); no post became due since the last
/// build. In every other case it returns nil and the pipeline runs (memoised by
/// `BuildMemo`). The incremental-build tests compare both with clean builds.
enum EditPatch {
    struct Result {
        var site: RenderedSite
        /// Output paths whose files were made again.
        var remade: [String]
        /// The search index (`search/`) still shows the posts as they were: the edit
        /// changed a post's words, and the index is made after the pages (`SearchRefresh`).
        var searchStale = false
    }

    static func render(_ request: BuildRequest, changed: Set<String>, memo: BuildMemo) -> Result? {
        guard var last = memo.last, !changed.isEmpty, !request.mode.isStrict, request.mode == last.mode,
              request.siteDirectory.standardizedFileURL == last.siteDirectory.standardizedFileURL,
              request.now >= last.now else { return nil }
        // Patched in place below (no copy of the whole site); a fallback rebuilds `last` anyway.
        memo.last = nil
        let contentFolder = request.siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        let assetsFolder = request.siteDirectory.appendingPathComponent("templates/assets").standardizedFileURL.path + "/"
        var assets: [String] = []

        // The changed files: posts this build has, or (ignored) editors' scratch files that came and went.
        var edited: [(siteIndex: Int, contentIndex: Int, entry: ContentEntry)] = []
        for path in changed.sorted() {
            if path.hasPrefix(assetsFolder) {
                // An asset the last build wrote, edited in place; a new or deleted one changes the output's files.
                let output = "assets/" + path.dropFirst(assetsFolder.count)
                let exists = FileManager.default.fileExists(atPath: path)
                // An editor's temporary file that was renamed over the asset came and went.
                if !exists && last.outputs[output] == nil { continue }
                guard exists, last.outputs[output] != nil else { return nil }
                assets.append(output)
                continue
            }
            guard path.hasPrefix(contentFolder) else { return nil }
            let relative = String(path.dropFirst(contentFolder.count))
            let sourcePath = "content/" + relative
            let kind = ContentEntry.kind(of: relative)
            let exists = FileManager.default.fileExists(atPath: path)
            if kind != .post {
                // Junk is never loaded (`.x.md.swp`, `x.md~`); a file that is gone and was not in
                // the last build came and went (an editor's scratch file: vim's `4913`).
                if ContentWalker.isJunk(relativePath: relative) { continue }
                if !exists && !last.content.staticFiles.contains(where: { $0.relativePath == relative }) { continue }
                return nil
            }
            guard exists,
                  let c = last.content.posts.firstIndex(where: { $0.sourcePath == sourcePath }),
                  let s = last.site.posts.firstIndex(where: { $0.post.sourcePath == sourcePath }) else { return nil }
            edited.append((s, c, ContentEntry(relativePath: relative, absolutePath: path, kind: .post)))
        }
        guard !edited.isEmpty || !assets.isEmpty else { return nil }
        // A post that came due since the last build moves into lists and feeds.
        let due = last.content.posts.contains { $0.date.instant > last.now && $0.date.instant <= request.now }
        guard !due else { return nil }

        let config = last.site.config
        let options = MarkdownOptions(config: config)
        // Made when first needed: a title edit is turned away before that.
        var fileLinks: MarkdownFileLinks?
        var docs: [SourceDocument] = []
        var listedChanged = Set<Int>(), titleChanged = Set<Int>()
        for (s, c, entry) in edited {
            let loaded = ContentLoader.loadDocument(entry, timeZone: config.timeZone)
            guard case .post(let post)? = loaded.value,
                  loaded.diagnostics == last.content.diagnostics.filter({ $0.file == post.sourcePath }) else { return nil }
            let old = last.site.posts[s]
            var frontMatter = post
            frontMatter.body = old.post.body
            frontMatter.title = old.post.title
            frontMatter.summary = old.post.summary
            guard frontMatter == old.post,
                  Permalink.expand(config.postPermalink, post: post) == old.permalink else { return nil }
            var rendered = SiteResolver.withSummary(MarkdownRenderer.render(post.body, options: options), of: post, options: options)
            // Links to Markdown files, as the pipeline makes them; one with a problem is left to it.
            let links = fileLinks ?? SiteResolver.fileLinks(of: last.site)
            fileLinks = links
            let (relinked, linkProblems) = links.rewrite(rendered, sourcePath: post.sourcePath, bodyLine: post.bodyLine)
            guard linkProblems.isEmpty else { return nil }
            if let relinked { rendered = relinked }
            BodyImageSizes.apply(&rendered, post.sourcePath, last.site.imageSizes)
            PictureMarkup.apply(&rendered, post.sourcePath, last.site.imageVariants)
            // What other pages link to (ids) and what the link checker and image sizes
            // follow (links, images) must stay; so must what lists show of the post.
            guard rendered.ids == old.rendered.ids, rendered.links == old.rendered.links,
                  rendered.images == old.rendered.images else { return nil }
            last.site.posts[s].post = post
            last.site.posts[s].rendered = rendered
            let listEntry = SiteProjections.entry(of: last.site.posts[s], in: last.site, tags: last.projections.tags)
            if listEntry != last.projections.entries[s] {
                last.projections.entries[s] = listEntry
                listedChanged.insert(s)
            }
            if post.title != old.post.title { titleChanged.insert(s) }
            last.content.posts[c] = post
            // The load memo still holds the file as it was: it must look at it again next time.
            memo.documents.forget(entry.absolutePath)
            docs.append(SourceDocument.post(last.site.posts[s]))
        }

        // The pages that show the posts, and the feeds that carry them.
        let site = last.site
        let ownPages = Set(edited.map(\.siteIndex))
        let affected = last.routes.filter { route in
            let inputs = route.inputs(in: site)
            if case .post(let i) = inputs.own, ownPages.contains(i) { return true }
            return listedChanged.contains { inputs.shows(post: $0, in: site, withSeriesBox: false) }
                || titleChanged.contains { inputs.shows(post: $0, in: site, withSeriesBox: true) }
        }
        let (pages, problems) = PageRenderer(site: site, theme: last.theme, urls: last.urls, projections: last.projections)
            .render(affected)
        guard problems.isEmpty else { return nil }
        var remade = pages
        if !assets.isEmpty {
            // The templates are unchanged, so the theme loads as it did; only its assets are taken.
            guard let theme = Theme.load(siteDirectory: request.siteDirectory).0 else { return nil }
            for output in assets {
                switch theme.assets[String(output.dropFirst("assets/".count))] {
                case .bytes(let b)?: remade.append(OutputFile(path: output, contents: .bytes(b)))
                case .file(let f)?: remade.append(OutputFile(path: output, contents: .copy(from: f)))
                case nil: return nil
                }
            }
        }
        if !edited.isEmpty {
            let feeds = FeedRenderer(site: site)
            let plan = feeds.plan()
            remade += feeds.feeds(plan, siteFeeds: plan.sitePosts.contains(where: ownPages.contains),
                                  collections: plan.collections.map { $0.newestFirst.contains(where: ownPages.contains) })
                .map(\.outputFile)
        }
        var files = last.rendered.files
        last.rendered.files = []
        for file in remade {
            guard let at = binarySearch(files, file.path) else { return nil }
            files[at] = file
            last.outputs[file.path] = file
        }

        // Their links, checked again (lines may have moved).
        var diagnostics = last.rendered.diagnostics
        let checker = LinkChecker(baseURL: config.baseURL, outputs: last.outputs, unbuilt: last.site.failedPageOutputs)
        for doc in docs {
            for old in memo.links.findings[doc.sourcePath] ?? [] {
                if let at = diagnostics.firstIndex(of: old) { diagnostics.remove(at: at) }
            }
            let found = checker.check([doc])
            diagnostics += found
            memo.links.replace(doc.sourcePath, with: found)
        }
        diagnostics.sort()

        var report = last.rendered.report
        report.warnings = diagnostics.filter { $0.severity == .warning }
        report.hints = diagnostics.filter { $0.severity == .hint }
        report.stageSeconds = []
        report.written = nil
        let result = RenderedSite(files: files, report: report, diagnostics: diagnostics)
        last.now = request.now
        last.rendered = result
        memo.last = last
        return Result(site: result, remade: remade.map(\.path), searchStale: !edited.isEmpty && config.search)
    }

    /// Index of `path` in `files`, which are sorted by path.
    private static func binarySearch(_ files: [OutputFile], _ path: String) -> Int? {
        var low = 0, high = files.count
        while low < high {
            let mid = (low + high) / 2
            if files[mid].path < path { low = mid + 1 } else { high = mid }
        }
        return low < files.count && files[low].path == path ? low : nil
    }
}
