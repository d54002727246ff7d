import Load
import Support
import Site

/// The feed stage: from the resolved site (and its routes, for the sitemap) to
/// the files readers and crawlers fetch:
///
/// - `/feed.xml` (RSS 2.0), `/atom.xml` (Atom 1.0), `/feed.json` (JSON Feed 1.1):
///   the newest `feeds.items` posts;
/// - `/series/SLUG/atom.xml`, `/tags/SLUG/atom.xml`, `/apps/SLUG/atom.xml`: the
///   newest `feeds.items` posts of each collection;
/// - `/sitemap.xml` and `/robots.txt` (unless `content/robots.txt` provides one).
///
/// Pure and deterministic: every URL is absolute from `base_url`, and no date is
/// "now". Built from the HTML the site already rendered; each post's entry is made
/// once and shared by every feed it appears in, on all cores.
public struct FeedRenderer: Sendable {
    public let site: Site

    /// Which feeds the site has and which posts each carries.
    public struct Plan: Sendable {
        /// The newest posts, for the site-wide RSS, JSON and Atom feeds.
        public var sitePosts: [Int]
        /// Series, tags and apps, each with its newest posts.
        public var collections: [FeedCollection]
        /// Output path of each collection's feed.
        public var collectionPaths: [String]
        /// Output paths of the site-wide feeds.
        public var siteFeedPaths: [String]
    }

    public func plan() -> Plan {
        let limit = max(0, site.config.feedItems)
        let collections = FeedCollection.all(in: site).map { c -> FeedCollection in
            var c = c
            c.newestFirst = Array(c.newestFirst.prefix(limit))
            return c
        }
        return Plan(sitePosts: Array(site.posts.indices.prefix(limit)), collections: collections,
                    collectionPaths: collections.map { path(FeedLink.collectionFeed($0, siteTitle: site.config.title, strings: site.config.strings).path) },
                    siteFeedPaths: [FeedLink.rssPath, FeedLink.jsonPath, FeedLink.atomPath].map(path))
    }

    /// Every feed, the sitemap (of `pages`, `PageKinds.sitemapPages`) and robots.txt.
    public func render(sitemap pages: [Sitemap.Page]) -> [FeedFile] {
        let plan = plan()
        let all = feeds(plan, siteFeeds: true, collections: plan.collections.map { _ in true }, yield: .never) ?? []
        return withCopies(all, plan: plan) + sitemapAndRobots(pages)
    }

    /// `feeds` and, after them, the feeds site.yml asks for at an old site's
    /// addresses: copies of the site's feed (`feeds.also_at`) in the format the
    /// name says (`.json` JSON Feed, a name with `atom` Atom, else RSS), of each
    /// tag's Atom feed (`feeds.tags_also_at`, `:slug` filled in), of the feed a
    /// `redirects:` entry points at (`FeedRedirects`), byte for byte; then the lists
    /// of tags (`feeds.tag_list_at`, `TagListFeed`). A folder address (`/feed/`)
    /// holds its feed as `index.xml` (`FeedAddress`).
    public func withCopies(_ feeds: [FeedFile], plan: Plan) -> [FeedFile] {
        let config = site.config
        let redirects = FeedRedirects.targets(in: site)
        guard !config.feedAlsoAt.isEmpty || !config.tagFeedAlsoAt.isEmpty || !config.tagListAt.isEmpty || !redirects.isEmpty
        else { return feeds }
        var copies: [FeedFile] = []
        let byPath = Dictionary(feeds.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let urls = AbsoluteURLs(baseURL: config.baseURL)
        func copy(_ feed: FeedFile, to sitePath: String) {
            var copy = feed
            copy.path = FeedAddress.outputPath(forSitePath: sitePath)
            copy.folderURL = FeedAddress.isFolder(sitePath) ? sitePath : nil
            // The copy names the address it is served at as its own (`rel="self"`). A feed serve
            // wrote earlier and kept unchanged holds no bytes; its copy is as that build wrote it.
            if feed.written == nil {
                copy.bytes = FeedSelfLink.pointing(feed.bytes, kind: feed.kind, at: urls.absolute(sitePath))
            }
            copies.append(copy)
        }
        for extra in config.feedAlsoAt {
            let kind: FeedFile.Kind = extra.hasSuffix(".json") ? .jsonFeed : extra.lowercased().contains("atom") ? .atom : .rss
            let original = kind == .rss ? FeedLink.rssPath : kind == .atom ? FeedLink.atomPath : FeedLink.jsonPath
            if let feed = byPath[path(original)] { copy(feed, to: extra) }
        }
        for (c, feedPath) in zip(plan.collections, plan.collectionPaths) where c.kind == .tag {
            guard let feed = byPath[feedPath], let slug = c.pageURL.split(separator: "/").last else { continue }
            for pattern in config.tagFeedAlsoAt { copy(feed, to: pattern.replacingOccurrences(of: ":slug", with: String(slug))) }
        }
        for (i, target) in redirects.sorted(by: { $0.key < $1.key }) {
            if let feed = byPath[path(target)] { copy(feed, to: config.redirects[i].from) }
        }
        for sitePath in config.tagListAt {
            copy(FeedFile(path: "", kind: .rss, bytes: TagListFeed.document(site: site, urls: urls, sitePath: sitePath)), to: sitePath)
        }
        return feeds + copies
    }

    /// The feeds of `plan` that are asked for: the site-wide ones (RSS, JSON,
    /// Atom) when `siteFeeds`, then each collection's whose flag is set, in order.
    /// Nil when `yield` was raised first: the entries and feeds are made a run at a
    /// time (a tag of 3,000 posts is a few hundred milliseconds of work).
    public func feeds(_ plan: Plan, siteFeeds: Bool, collections needed: [Bool], yield: YieldSignal) -> [FeedFile]? {
        let config = site.config
        let urls = AbsoluteURLs(baseURL: config.baseURL)
        let sitePosts = plan.sitePosts, collections = plan.collections

        // Every post in some feed that is rendered, made into an entry and an Atom fragment once.
        var wanted = siteFeeds ? Set(sitePosts) : []
        for (c, needed) in zip(collections, needed) where needed { wanted.formUnion(c.newestFirst) }
        let site = self.site
        let siteCount = sitePosts.count
        var entries = [FeedEntry?](repeating: nil, count: site.posts.count)
        var fragments = [[UInt8]](repeating: [], count: site.posts.count)
        let wantedInOrder = wanted.sorted()
        for run in stride(from: 0, to: wantedInOrder.count, by: Self.entryRun) {
            if yield.isRaised { return nil }
            let made = Array(wantedInOrder[run..<min(run + Self.entryRun, wantedInOrder.count)]).parallelMap { i -> (Int, FeedEntry, [UInt8]) in
                var entry = FeedEntry(post: site.posts[i], site: site, urls: urls)
                let fragment = AtomFeed.entry(entry)
                if i >= siteCount {
                    // Only in collection feeds, which use the fragment: keep the dates, not the HTML twice.
                    entry.contentHTML = nil
                    entry.summaryHTML = ""
                }
                return (i, entry, fragment)
            }
            for (i, entry, fragment) in made {
                entries[i] = entry
                fragments[i] = fragment
            }
        }
        let siteEntries = sitePosts.compactMap { entries[$0] }
        let allEntries = entries, allFragments = fragments

        let author = config.author ?? Author(name: config.title)
        var files: [FeedFile] = []
        if siteFeeds {
            let siteSources = sitePosts.filter { entries[$0] != nil }.map { site.posts[$0].post.sourcePath }
            files.append(FeedFile(path: path(FeedLink.rssPath), kind: .rss,
                                  bytes: RSSFeed.document(config: config, urls: urls, entries: siteEntries),
                                  entrySources: siteSources))
            files.append(FeedFile(path: path(FeedLink.jsonPath), kind: .jsonFeed,
                                  bytes: JSONFeed.document(config: config, urls: urls, entries: siteEntries),
                                  entrySources: siteSources))
            let siteHead = AtomFeed.Head(title: config.title, subtitle: config.description,
                                         selfURL: urls.absolute(FeedLink.atomPath), pageURL: urls.baseURL,
                                         language: config.language, author: author)
            files.append(FeedFile(path: path(FeedLink.atomPath), kind: .atom,
                                  bytes: AtomFeed.document(siteHead, entries: siteEntries,
                                                           fragments: sitePosts.map { fragments[$0] }),
                                  entrySources: siteSources))
        }
        let neededCollections = collections.indices.filter { needed[$0] }
        for run in stride(from: 0, to: neededCollections.count, by: Self.collectionRun) {
            if yield.isRaised { return nil }
            let runOfCollections = Array(neededCollections[run..<min(run + Self.collectionRun, neededCollections.count)])
            files += runOfCollections.parallelMap { ci -> FeedFile in
                let c = collections[ci]
                let link = FeedLink.collectionFeed(c, siteTitle: config.title, strings: config.strings)
                let head = AtomFeed.Head(title: link.title, subtitle: nil, selfURL: urls.absolute(link.path),
                                         pageURL: urls.absolute(c.pageURL), language: config.language, author: author)
                return FeedFile(path: path(link.path), kind: .atom,
                                bytes: AtomFeed.document(head, entries: c.newestFirst.compactMap { allEntries[$0] },
                                                         fragments: c.newestFirst.map { allFragments[$0] }),
                                entrySources: c.newestFirst.filter { allEntries[$0] != nil }.map { site.posts[$0].post.sourcePath })
            }
        }
        return files
    }

    /// Posts made into entries between two looks at the yield signal (about 10 ms of work on two cores).
    static let entryRun = 256
    /// Collection feeds made between two looks at it (a tag of thousands of posts is a feed of megabytes).
    static let collectionRun = 2

    /// The sitemap (split when large) and robots.txt, unless the site has its own.
    public func sitemapAndRobots(_ pages: [Sitemap.Page]) -> [FeedFile] {
        let urls = AbsoluteURLs(baseURL: site.config.baseURL)
        var files: [FeedFile] = []
        for sitemap in Sitemap.files(pages, urls: urls) {
            files.append(FeedFile(path: path(sitemap.path), kind: sitemap.kind, bytes: sitemap.bytes))
        }
        // A site that writes its own robots.txt (a static file) keeps it.
        if !site.staticFiles.contains(where: { "/" + $0.relativePath == SiteURLs.robots }) {
            files.append(FeedFile(path: path(SiteURLs.robots), kind: .robots, bytes: Sitemap.robots(urls: urls)))
        }
        return files
    }

    /// Output path of a feed's site path: `/tags/x/atom.xml` → `tags/x/atom.xml` (`FeedAddress`: a folder's feed is its `index.xml`).
    private func path(_ sitePath: String) -> String {
        FeedAddress.outputPath(forSitePath: sitePath)
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(site: Site) {
        self.site = site
    }
}
