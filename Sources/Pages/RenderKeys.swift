import Load
import Markdown
import Support
import Site
import Render

/// One hash per route of everything its page is made from, so a rebuild renders
/// again only the pages whose key changed: equal keys mean equal bytes.
///
/// What each kind of page is made from is declared once (`RouteInputs`), and
/// its key hashes exactly that: the site as a whole (`SiteWide`), the files of
/// its own (a post's, series', app's or page's Markdown file, by load version:
/// new each time it is read again) with the links in them to other Markdown
/// files, as resolved (the pages' URLs), and the projections of other things it
/// shows (`SiteProjections`: list entries, tag links, series summaries and boxes,
/// app cards), hashed whole. The template
/// context takes what it shows of other posts, tags, series and apps from those
/// same values, so a field added to a projection is covered here by itself.
/// The incremental-build tests compare every rebuild with a clean build, byte
/// for byte.
public struct RenderKeys: Sendable {
    public let site: Site
    public let theme: Theme
    public let urls: URLMaker
    public let projections: SiteProjections
    /// Load version of a source path (`DocumentMemo.version(of:)`).
    public let version: @Sendable (String) -> Int

    /// What many routes' keys share, hashed once per build: the site as a whole,
    /// each post's list entry (with and without its tags' post counts), each
    /// processed image's variants. A patched plan (`PlanPatch`) keeps it and
    /// hashes again only the entries of the posts that changed.
    public struct Shared: Sendable {
        var siteKey: Int
        public var entryKeys: [Int]
        /// Entries without their tags' post counts, for the pages that show none (the usual
        /// case): a post joining a tag then changes only the pages that list that post.
        public var entryKeysWithoutCounts: [Int]
        /// Templates that never read a tag's `count`.
        public var countlessTemplates: Set<String>
        /// Each processed image's variants (every path of every width), not hashed on every page showing it.
        var variantKeys: [String: Int]
    }

    /// The shared part, made for the whole site.
    public func shared() -> Shared {
        let countless = Self.countlessTemplates(of: theme)
        // Each entry hashed once: a post is on its home page, the archive, and each
        // of its tag, series and app pages.
        let entryKeys = projections.entries.parallelMap { $0.hashValue }
        return Shared(siteKey: siteKey(), entryKeys: entryKeys,
                      entryKeysWithoutCounts: countless.isEmpty ? entryKeys : projections.entries.parallelMap(Self.countlessKey),
                      countlessTemplates: countless, variantKeys: site.imageVariants.mapValues(\.hashValue))
    }

    /// The page templates of `theme` that never read a tag's `count`.
    public static func countlessTemplates(of theme: Theme) -> Set<String> {
        Set(theme.pages.filter { !$0.value.readsTagCounts }.keys)
    }

    /// `shared` with post `i`'s entry hashed again (its projection changed).
    public func updating(_ shared: inout Shared, entry i: Int) {
        let entry = projections.entries[i]
        shared.entryKeys[i] = entry.hashValue
        shared.entryKeysWithoutCounts[i] = shared.countlessTemplates.isEmpty ? shared.entryKeys[i] : Self.countlessKey(entry)
    }

    private static func countlessKey(_ entry: PostListEntry) -> Int {
        var e = entry
        for k in e.tags.indices { e.tags[k].count = 0 }
        return e.hashValue
    }

    func keys(for routes: [Route]) -> [Int] {
        keys(for: routes, shared: shared())
    }

    /// Each route's key, on all cores.
    func keys(for routes: [Route], shared: Shared) -> [Int] {
        routes.parallelMap { key(for: $0, shared: shared) }
    }

    /// Each route's key and content key (`keyParts`), on all cores.
    public func keyParts(for routes: [Route], shared: Shared) -> (keys: [Int], contentKeys: [Int]) {
        let parts = routes.parallelMap { keyParts(for: $0, shared: shared) }
        return (parts.map(\.key), parts.map(\.content))
    }

    func key(for route: Route, shared: Shared) -> Int { keyParts(for: route, shared: shared).key }

    /// A page's key: its templates (each one's text with the partials it uses) over
    /// its content key, everything else it shows. Kept apart so that a template edit
    /// makes the keys of the pages using it from their last content keys (`PlanPatch`),
    /// without hashing what they show again.
    public func keyParts(for route: Route, shared: Shared) -> (key: Int, content: Int) {
        let inputs = route.inputs(in: site)
        let content = contentKey(for: route, inputs: inputs, shared: shared)
        return (key(templates: inputs.templates, content: content), content)
    }

    /// The key of a page rendered with `templates` whose content key is `content`.
    public func key(templates: [String], content: Int) -> Int {
        var h = Hasher()
        for name in templates { template(name, into: &h) }
        h.combine(content)
        return h.finalize()
    }

    /// What a page shows besides its templates' text: the site as a whole, its URL, its own
    /// file, and its declared inputs (`RouteInputs`). Whether its templates read tag counts
    /// (`Shared.countlessTemplates`) is part of it.
    private func contentKey(for route: Route, inputs: RouteInputs, shared: Shared) -> Int {
        var h = Hasher()
        h.combine(shared.siteKey)
        h.combine(route.url)
        for input in RouteInputs.declared { input.hash(inputs, self, shared, &h) }
        return h.finalize()
    }

    /// Hashes what a page (or a feed entry) takes from a Markdown file of its own:
    /// the file (by load version), the links in it to other Markdown files as
    /// resolved (their pages' URLs), and the sizes and variants of the images it
    /// shows, which come from the image files (`width`/`height`, `srcset`), not
    /// from the document.
    /// `variantKeys`: the hash of each image's variant set, by path, when made once for many pages.
    public static func combine(_ own: RouteInputs.Own, of site: Site, version: (String) -> Int, variantKeys: [String: Int]? = nil,
                        into h: inout Hasher) {
        func shown(_ src: String, _ sourcePath: String) {
            guard let path = ImageReference.staticPath(src, from: sourcePath) else { return h.combine(0) }
            h.combine(site.imageSizes[path])
            if let variantKeys { h.combine(variantKeys[path]) } else { h.combine(site.imageVariants[path]) }
        }
        switch own {
        case .none: break
        case .post(let i):
            // Field by field: binding the whole post would copy it, for every page that shows one.
            let sourcePath = site.posts[i].post.sourcePath
            h.combine(version(sourcePath))
            h.combine(site.posts[i].rendered.links)
            if let image = site.posts[i].post.image { shown(image.src, sourcePath) }
            for src in site.posts[i].rendered.images { shown(src, sourcePath) }
        case .series(let i):
            h.combine(version(site.series[i].series.sourcePath))
            h.combine(site.series[i].intro.links)
            for src in site.series[i].intro.images { shown(src, site.series[i].series.sourcePath) }
        case .app(let i):
            let a = site.apps[i]
            h.combine(version(a.app.sourcePath))
            h.combine(a.description.links)
            for shot in a.app.screenshots { shown(shot.src, a.app.sourcePath) }
            for src in a.description.images { shown(src, a.app.sourcePath) }
        case .page(let i):
            h.combine(version(site.pages[i].page.sourcePath))
            h.combine(site.pages[i].rendered.links)
            for src in site.pages[i].rendered.images { shown(src, site.pages[i].page.sourcePath) }
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


    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(
        site: Site,
        theme: Theme,
        urls: URLMaker,
        projections: SiteProjections,
        version: @escaping @Sendable (String) -> Int
    ) {
        self.site = site
        self.theme = theme
        self.urls = urls
        self.projections = projections
        self.version = version
    }
}
