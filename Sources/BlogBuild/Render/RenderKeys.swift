/// One hash per route of everything its page is made from, so a rebuild renders
/// again only the pages whose key changed: equal keys mean equal bytes.
///
/// A page is made from three kinds of input, and its key hashes exactly those:
/// the site as a whole (`siteKey`), the files of its own (a post's, series' or
/// app's Markdown file, by load version: new each time it is read again), and
/// the links in those files to other Markdown files, as resolved (the pages'
/// URLs), and the projections of other things it shows (`SiteProjections`: list entries,
/// tag links, series summaries and boxes, app cards), hashed whole. The template
/// context takes what it shows of other posts, tags, series and apps from those
/// same values, so a field added to a projection is covered here by itself.
/// The incremental-build tests compare every rebuild with a clean build, byte
/// for byte.
struct RenderKeys {
    let site: Site
    let theme: Theme
    let urls: URLMaker
    let projections: SiteProjections
    /// Load version of a source path (`ContentCache.version(of:)`).
    let version: (String) -> Int

    func keys(for routes: [Route]) -> [Int] {
        let siteKey = self.siteKey()
        let entries = projections.entries
        // Each entry hashed once: a post is on its home page, the archive, and each
        // of its tag, series and app pages.
        let entryKeys = entries.parallelMap { $0.hashValue }
        func list(_ indices: some Sequence<Int>, into h: inout Hasher) {
            for i in indices { h.combine(entryKeys[i]) }
        }

        return routes.map { route -> Int in
            var h = Hasher()
            h.combine(siteKey)
            h.combine(route.url)
            switch route.kind {
            case .post(let i):
                let sp = site.posts[i]
                template("post", into: &h)
                // Its own file, and what the resolver worked out for it.
                h.combine(version(sp.post.sourcePath))
                // Links to other Markdown files, as resolved: their pages' URLs.
                h.combine(sp.rendered.links)
                h.combine(entryKeys[i])
                h.combine(SiteProjections.seriesBox(for: i, in: site))
                if let a = sp.appIndex { h.combine(projections.apps[a]) }
                // The hero's size (`width`/`height`) comes from the image file, not the post.
                if let image = sp.post.image { h.combine(site.imageSize(image.src, in: sp.post.sourcePath)) }
                // So do the sizes of the body's images.
                for src in sp.rendered.images { h.combine(site.imageSize(src, in: sp.post.sourcePath)) }
            case .home(let n, let count):
                template("home", into: &h)
                h.combine(n)
                h.combine(count)
                let per = max(1, site.config.postsPerPage)
                list(min(site.posts.count, (n - 1) * per)..<min(site.posts.count, n * per), into: &h)
            case .seriesIndex:
                template("series-index", into: &h)
                h.combine(projections.series)
            case .series(let i):
                template("series", into: &h)
                h.combine(version(site.series[i].series.sourcePath))
                h.combine(site.series[i].intro.links)
                h.combine(projections.series[i])
                list(site.series[i].postIndices, into: &h)
            case .apps:
                template("apps", into: &h)
                h.combine(projections.apps)
            case .app(let i):
                template("app", into: &h)
                h.combine(version(site.apps[i].app.sourcePath))
                h.combine(site.apps[i].description.links)
                h.combine(projections.apps[i])
                for shot in site.apps[i].app.screenshots { h.combine(site.imageSize(shot.src, in: site.apps[i].app.sourcePath)) }
                list(site.apps[i].postIndices, into: &h)
            case .tags:
                template("tags", into: &h)
                h.combine(projections.tags)
            case .tag(let i):
                template("tag", into: &h)
                h.combine(projections.tags[i])
                list(site.tags[i].postIndices, into: &h)
            case .archive:
                template("archive", into: &h)
                list(site.posts.indices, into: &h)
            case .page(let i):
                // `page` or `404`, decided by the page's URL (part of the key).
                template("page", into: &h)
                template("404", into: &h)
                h.combine(version(site.pages[i].page.sourcePath))
                h.combine(site.pages[i].rendered.links)
                for src in site.pages[i].rendered.images { h.combine(site.imageSize(src, in: site.pages[i].page.sourcePath)) }
            case .notFound:
                template("404", into: &h)
            case .alias(let i, let from):
                h.combine(from)
                h.combine(entries[i].title)
                h.combine(entries[i].permalink)
            }
            return h.finalize()
        }
    }

    /// What every page shows of the site as a whole (`site.*`, the page wrapper).
    private func siteKey() -> Int {
        var h = Hasher()
        h.combine(projections.site)
        h.combine(urls.absolute)
        return h.finalize()
    }

    private func template(_ name: String, into h: inout Hasher) {
        h.combine(name)
        h.combine(theme.fingerprints[name])
    }

}
