import Site
/// What an edit of posts or templates reaches on pages (`PlanPatch`): the posts
/// edited or added, the list entries, related-post lists, series boxes, tag links,
/// series summaries, app cards and page templates that changed, the lists whose
/// posts or their order changed, and where posts moved. A page whose declared
/// inputs (`RouteInputs`) show none of it keeps its render key.
///
/// Indices are this build's. A page keeps its key by its output path, so a post
/// that only moved (a post before it came or went) keeps its page's key: what the
/// page shows of it is the same.
public struct EditReach: Sendable {
    /// Edited or new posts: their own pages, redirects to them, related-post links
    /// to them (title, URL, date).
    public var posts: Set<Int>
    /// Posts whose list entry changed.
    public var entries: Set<Int> = []
    /// Of those, the ones whose entry changed in more than its tags' post counts, and the
    /// templates that never read a count (`RenderKeys.Shared.countlessTemplates`): a page
    /// rendered only with those shows nothing new of the rest. Nil: every entry counts.
    public var countlessEntries: (entries: Set<Int>, templates: Set<String>)?
    /// Posts whose entries may show other tags or another place in a series: the
    /// posts of every tag and series whose posts changed.
    public var relinked: Set<Int> = []
    /// Posts whose related posts are others now.
    public var related: Set<Int> = []
    /// Series whose box on a post's page changed: its parts, their order, or a part's title.
    public var seriesBoxes: Set<Int> = []
    /// Tags, series and apps whose link, summary or card changed, or whose list of posts did.
    public var tags: Set<Int> = []
    public var series: Set<Int> = []
    public var apps: Set<Int> = []
    /// Page templates whose text (with the partials they use) or reads changed.
    public var templates: Set<String> = []
    /// Positions in the site's post order that hold another post than before:
    /// lists by position (the home pages, the archive) there show other posts.
    public var shifted: Range<Int>?
    /// A tag has no posts left: the list of tags lost it.
    public var tagGone = false
    /// The number of home pages changed: each shows it.
    public var pageCount = false
    /// The number of posts now, when it changed: a list by position that reaches the
    /// end of the posts (the archive) shows more or fewer of them, even where none
    /// moved (the last post went, or one came at the end).
    public var postCountNow: Int?
    /// Everything: what every page shows of the site as a whole changed.
    public var everything = false

    public init(posts: Set<Int>) { self.posts = posts }

    /// Adds what changed between the relations `before` (by last build's post
    /// indices) and those of `site`; `position` maps a last build's index to this
    /// one's (nil: the post is gone). Related posts are not compared here: the
    /// memo that updates them says which changed (`RelatedPostMemo.update`).
    public mutating func add(relationsBefore before: (tags: [SiteTag], series: [[Int]], apps: [[Int]]),
                      after site: Site, position: [Int?]) {
        // A post that is gone stays in the list as -1: the list is another one now.
        func now(_ list: [Int]) -> [Int] { list.map { position[$0] ?? -1 } }
        var lastTags = Dictionary(before.tags.map { ($0.slug, $0.postIndices) }, uniquingKeysWith: { a, _ in a })
        for (ti, tag) in site.tags.enumerated() {
            let was = lastTags.removeValue(forKey: tag.slug).map(now)
            if was != tag.postIndices {
                tags.insert(ti)
                relinked.formUnion(tag.postIndices)
                relinked.formUnion((was ?? []).filter { $0 >= 0 })
            }
        }
        for gone in lastTags.values { relinked.formUnion(now(gone).filter { $0 >= 0 }) }
        if !lastTags.isEmpty { tagGone = true }
        for (si, series) in site.series.enumerated() {
            let was = si < before.series.count ? now(before.series[si]) : nil
            if was != series.postIndices {
                self.series.insert(si)
                seriesBoxes.insert(si)
                relinked.formUnion(series.postIndices)
                relinked.formUnion((was ?? []).filter { $0 >= 0 })
            }
        }
        for (ai, app) in site.apps.enumerated() where ai >= before.apps.count || now(before.apps[ai]) != app.postIndices {
            apps.insert(ai)
        }
    }

    /// Adds what the projections said changed.
    public mutating func add(_ changes: SiteProjections.Changes) {
        entries.formUnion(changes.entries)
        tags.formUnion(changes.tags)
        series.formUnion(changes.series)
        apps.formUnion(changes.apps)
    }

    /// Whether a page with `inputs` shows anything the edit reached.
    public func shows(_ inputs: RouteInputs, in site: Site) -> Bool {
        showsTemplate(inputs) || showsContent(inputs, in: site)
    }

    /// Whether a page with `inputs` is rendered with a template the edit changed.
    public func showsTemplate(_ inputs: RouteInputs) -> Bool {
        !templates.isEmpty && inputs.templates.contains(where: templates.contains)
    }

    /// Whether a page with `inputs` shows anything else the edit reached (its content key
    /// changes): asked of each input it declares (`RouteInputs.declared`).
    public func showsContent(_ inputs: RouteInputs, in site: Site) -> Bool {
        everything || RouteInputs.declared.contains { $0.reached(inputs, self, site) }
    }
}
