import Load
import Markdown
import Support

/// Every projection of a resolved site, made once per build: what each kind of
/// page shows of a post, a tag, a series and an app. The template context is
/// made from these values and the render keys hash them (`RenderKeys`), so what
/// a page shows and what decides whether it is rendered again are one thing.
public struct SiteProjections: Sendable {
    /// What every page shows of the site as a whole.
    public var site: SiteWide
    /// By post index.
    public var entries: [PostListEntry]
    /// By tag index.
    public private(set) var tags: [TagLink]
    /// By series index.
    public private(set) var series: [SeriesSummary]
    /// By app index.
    public private(set) var apps: [AppCard]
    /// By app index: its child pages, in URL order.
    public let appPages: [[AppPageLink]]

    public init(_ site: Site) {
        self.site = SiteWide(site)
        (tags, series, apps) = Self.relations(of: site)
        var appPages = [[AppPageLink]](repeating: [], count: site.apps.count)
        for p in site.pages {
            if let ai = p.appIndex { appPages[ai].append(AppPageLink(title: p.page.title, slug: p.page.slug, url: p.url)) }
        }
        self.appPages = appPages
        let tags = self.tags
        // On all cores: each entry scans its summary (`SummaryCut`).
        entries = site.posts.parallelMap { Self.entry(of: $0, in: site, tags: tags) }
    }

    /// The tag links, series summaries and app cards of `site`.
    private static func relations(of site: Site) -> ([TagLink], [SeriesSummary], [AppCard]) {
        let tags = site.tags.map { TagLink(name: $0.name, slug: $0.slug, url: $0.url, count: $0.postIndices.count) }
        let series = site.series.map { s in
            SeriesSummary(title: s.series.title, slug: s.series.slug, url: s.url, count: s.postIndices.count,
                          description: s.series.description, params: s.series.params)
        }
        let apps = site.apps.map { a in
            AppCard(title: a.app.title, slug: a.app.slug, url: a.url, status: a.app.status, platforms: a.app.platforms,
                    postCount: a.postIndices.count, tagline: a.app.tagline,
                    icon: a.app.icon.map { ImageReference.sitePath($0, from: a.app.sourcePath) },
                    iconVariants: a.app.icon.flatMap { site.imageVariants($0, in: a.app.sourcePath) },
                    released: a.app.released, appStoreID: a.app.appStoreID, params: a.app.params)
        }
        return (tags, series, apps)
    }

    /// What changed in an update (`update(for:posts:relations:)`).
    public struct Changes {
        /// Posts whose list entry changed.
        public var entries: Set<Int> = []
        /// Tags (new indices) whose link changed or is new, series and apps whose summary or card changed.
        public var tags: Set<Int> = []
        public var series: Set<Int> = []
        public var apps: Set<Int> = []
    }

    /// Brings these projections up to date with `site` after an edit of the posts
    /// `edited`: their list entries are made again; with `relations`, the site's
    /// tags, series and apps may have new posts (they are themselves the same, as is
    /// the site as a whole), and the posts `relinked` may show other tags (counts)
    /// or another place in their series: only that part of their entries is made again.
    /// Says what changed.
    public mutating func update(for site: Site, edited: Set<Int>, relinked: Set<Int>, relations: Bool) -> Changes {
        var changes = Changes()
        if relations {
            let (tags, series, apps) = Self.relations(of: site)
            let before = Dictionary(self.tags.map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
            changes.tags = Set(tags.indices.filter { before[tags[$0].slug] != tags[$0] })
            changes.series = Set(series.indices.filter { $0 >= self.series.count || self.series[$0] != series[$0] })
            changes.apps = Set(apps.indices.filter { $0 >= self.apps.count || self.apps[$0] != apps[$0] })
            self.tags = tags
            self.series = series
            self.apps = apps
        }
        for i in edited.union(relinked).sorted() {
            if edited.contains(i) {
                let entry = Self.entry(of: site.posts[i], in: site, tags: tags)
                if entry != entries[i] {
                    entries[i] = entry
                    changes.entries.insert(i)
                }
            } else {
                // Only its tags and series mark can have changed: compared and replaced in place
                // (a post joining a tag relinks the thousands of posts in it).
                let tagLinks = site.posts[i].tagIndices.map { tags[$0] }
                let mark = Self.seriesMark(of: site.posts[i], in: site)
                if tagLinks != entries[i].tags || mark != entries[i].series {
                    entries[i].tags = tagLinks
                    entries[i].series = mark
                    changes.entries.insert(i)
                }
            }
        }
        return changes
    }

    /// What lists show of `post`, with `tags` the site's tag links.
    static func entry(of sp: SitePost, in site: Site, tags: [TagLink]) -> PostListEntry {
        // A `summary:` or the text before `<!--more-->` is the author's choice, shown as
        // written; only a summary taken from the first paragraph is cut.
        let chosen = sp.post.summary != nil || sp.rendered.hasMoreMarker
        let cut = chosen ? nil : SummaryCut.cut(sp.rendered.summaryHTML)
        return PostListEntry(title: sp.post.title, permalink: sp.permalink, date: sp.post.date,
                             summaryHTML: cut ?? sp.rendered.summaryHTML, readingMinutes: sp.rendered.readingMinutes,
                             hasMore: sp.post.summary != nil || cut != nil || !sp.rendered.summaryIsWhole,
                             thumbnail: EntryImage(sp, in: site),
                             tags: sp.tagIndices.map { tags[$0] }, isDraft: sp.isDraft, isFuture: sp.isFuture,
                             series: seriesMark(of: sp, in: site))
    }

    /// The series mark a list shows beside `sp` ("part 2 of 5"), when it is in a series.
    static func seriesMark(of sp: SitePost, in site: Site) -> SeriesMark? {
        guard let si = sp.seriesIndex, let position = sp.seriesPosition else { return nil }
        let s = site.series[si]
        return SeriesMark(title: s.series.title, url: s.url, position: position + 1, count: s.postIndices.count)
    }

    /// What a post's page shows of a related post (`RelatedPosts`): its title, URL and
    /// date, from its list entry. `TemplateValues.relatedLink` shows these and no more.
    public static func relatedLink(_ e: PostListEntry) -> RelatedLink {
        RelatedLink(title: e.title, permalink: e.permalink, date: e.date)
    }

    /// The series box on post `i`'s page, when it is in a series.
    public static func seriesBox(for i: Int, in site: Site) -> SeriesBox? {
        guard let si = site.posts[i].seriesIndex, let position = site.posts[i].seriesPosition else { return nil }
        let s = site.series[si]
        return SeriesBox(title: s.series.title, url: s.url, position: position,
                         parts: s.postIndices.map { SeriesBox.Part(title: site.posts[$0].post.title, permalink: site.posts[$0].permalink) })
    }
}
