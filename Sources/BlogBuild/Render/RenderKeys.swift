/// One hash per route of everything its page is made from, so a rebuild renders
/// again only the pages whose key changed: equal keys mean equal bytes.
///
/// This is the other half of `TemplateContext` and `PageRenderer`: every value
/// those put in a page's context must be covered by that page's key here. A
/// Markdown file stands for its own contents by its load version (new each time
/// the file is read again); everything a page takes from other files (a series'
/// title on a post, a tag's post count, the posts on a list page) is hashed in
/// explicitly. The incremental-build tests compare every rebuild with a clean
/// build, byte for byte, to hold the two halves together.
struct RenderKeys {
    let site: Site
    let theme: Theme
    let urls: URLMaker
    /// Load version of a source path (`ContentCache.version(of:)`).
    let version: (String) -> Int

    func keys(for routes: [Route]) -> [Int] {
        let siteKey = self.siteKey()
        let postKeys = site.posts.indices.map(postKey)
        let tagKeys = site.tags.map { t -> Int in hash(t.name, t.slug, t.url, t.postIndices.count) }
        let seriesKeys = site.series.map { s -> Int in hash(version(s.series.sourcePath), s.url, s.postIndices.count) }
        let appKeys = site.apps.map { a -> Int in hash(version(a.app.sourcePath), a.url, a.postIndices.count) }
        // What a post shows in a list (`TemplateContext.postSummaryField`), by value, not
        // by file version: a post edited below its summary leaves the lists alone.
        let summaryKeys = site.posts.indices.map { i -> Int in
            var h = Hasher()
            h.combine(site.posts[i].post.title)
            h.combine(site.posts[i].permalink)
            h.combine(site.posts[i].post.date)
            h.combine(site.posts[i].rendered.summaryHTML)
            h.combine(site.posts[i].rendered.readingMinutes)
            h.combine(site.posts[i].rendered.hasMoreMarker)
            h.combine(site.posts[i].post.summary)
            h.combine(site.posts[i].isDraft)
            h.combine(site.posts[i].isFuture)
            for t in site.posts[i].tagIndices { h.combine(tagKeys[t]) }
            if let s = site.posts[i].seriesIndex {
                h.combine(seriesKeys[s])
                h.combine(site.posts[i].seriesPosition)
            }
            return h.finalize()
        }
        func list(_ indices: some Sequence<Int>, into h: inout Hasher) {
            for i in indices { h.combine(summaryKeys[i]) }
        }

        return routes.map { route -> Int in
            var h = Hasher()
            h.combine(siteKey)
            h.combine(route.url)
            switch route.kind {
            case .post(let i):
                template("post", into: &h)
                h.combine(postKeys[i])
                h.combine(summaryKeys[i])
                if let s = site.posts[i].seriesIndex {
                    // The series box lists every part by title and URL.
                    for part in site.series[s].postIndices {
                        h.combine(site.posts[part].post.title)
                        h.combine(site.posts[part].permalink)
                    }
                }
                if let a = site.posts[i].appIndex { h.combine(appKeys[a]) }
                // The hero's size (`width`/`height`) comes from the image file, not the post.
                if let image = site.posts[i].post.image { h.combine(site.imageSize(image.src, in: site.posts[i].post.sourcePath)) }
                // So do the sizes of the body's images.
                for src in site.posts[i].rendered.images { h.combine(site.imageSize(src, in: site.posts[i].post.sourcePath)) }
            case .home(let n, let count):
                template("home", into: &h)
                h.combine(n)
                h.combine(count)
                let per = max(1, site.config.postsPerPage)
                list(min(site.posts.count, (n - 1) * per)..<min(site.posts.count, n * per), into: &h)
            case .seriesIndex:
                template("series-index", into: &h)
                for k in seriesKeys { h.combine(k) }
            case .series(let i):
                template("series", into: &h)
                h.combine(seriesKeys[i])
                list(site.series[i].postIndices, into: &h)
            case .apps:
                template("apps", into: &h)
                for k in appKeys { h.combine(k) }
            case .app(let i):
                template("app", into: &h)
                h.combine(appKeys[i])
                for shot in site.apps[i].app.screenshots { h.combine(site.imageSize(shot.src, in: site.apps[i].app.sourcePath)) }
                list(site.apps[i].postIndices, into: &h)
            case .tags:
                template("tags", into: &h)
                for k in tagKeys { h.combine(k) }
            case .tag(let i):
                template("tag", into: &h)
                h.combine(tagKeys[i])
                list(site.tags[i].postIndices, into: &h)
            case .archive:
                template("archive", into: &h)
                list(site.posts.indices, into: &h)
            case .page(let i):
                // `page` or `404`, decided by the page's URL (part of the key).
                template("page", into: &h)
                template("404", into: &h)
                h.combine(version(site.pages[i].page.sourcePath))
                for src in site.pages[i].rendered.images { h.combine(site.imageSize(src, in: site.pages[i].page.sourcePath)) }
            case .notFound:
                template("404", into: &h)
            case .alias(let i, let from):
                h.combine(from)
                h.combine(site.posts[i].post.title)
                h.combine(site.posts[i].permalink)
            }
            return h.finalize()
        }
    }

    /// What every page shows of the site as a whole (`site.*`, the page wrapper).
    private func siteKey() -> Int {
        var h = Hasher()
        h.combine(site.config)
        h.combine(urls.absolute)
        h.combine(site.series.count)
        h.combine(site.apps.count)
        h.combine(site.posts.count)
        let years = site.posts.map { $0.post.date.year }
        h.combine(years.min())
        h.combine(years.max())
        return h.finalize()
    }

    /// A post's own contents (its file) and what the resolver worked out for it alone.
    private func postKey(_ i: Int) -> Int {
        hash(version(site.posts[i].post.sourcePath), site.posts[i].permalink, site.posts[i].isDraft, site.posts[i].isFuture)
    }

    private func template(_ name: String, into h: inout Hasher) {
        h.combine(name)
        h.combine(theme.fingerprints[name])
    }

    private func hash<each T: Hashable>(_ value: repeat each T) -> Int {
        var h = Hasher()
        repeat h.combine(each value)
        return h.finalize()
    }
}
