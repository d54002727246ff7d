import Site
import Pages
/// What an edit of posts or templates reaches on pages (`PlanPatch`): the posts
/// edited or added, the list entries, related-post lists, series boxes, tag links,
/// series summaries, app cards and page templates that changed, the lists whose
/// posts or their order changed, and where posts moved. A page whose declared
/// inputs (`RouteInputs`) show none of it keeps its render key.
///
/// Indices are this build's. A page keeps its key by its output path, so a post
/// that only moved (a post before it came or went) keeps its page's key: what the
/// page shows of it is the same.
struct EditReach: Sendable {
    /// Edited or new posts: their own pages, redirects to them, related-post links
    /// to them (title, URL, date).
    var posts: Set<Int>
    /// Posts whose list entry changed.
    var entries: Set<Int> = []
    /// Of those, the ones whose entry changed in more than its tags' post counts, and the
    /// templates that never read a count (`RenderKeys.Shared.countlessTemplates`): a page
    /// rendered only with those shows nothing new of the rest. Nil: every entry counts.
    var countlessEntries: (entries: Set<Int>, templates: Set<String>)?
    /// Posts whose entries may show other tags or another place in a series: the
    /// posts of every tag and series whose posts changed.
    var relinked: Set<Int> = []
    /// Posts whose related posts are others now.
    var related: Set<Int> = []
    /// Series whose box on a post's page changed: its parts, their order, or a part's title.
    var seriesBoxes: Set<Int> = []
    /// Tags, series and apps whose link, summary or card changed, or whose list of posts did.
    var tags: Set<Int> = []
    var series: Set<Int> = []
    var apps: Set<Int> = []
    /// Page templates whose text (with the partials they use) or reads changed.
    var templates: Set<String> = []
    /// Positions in the site's post order that hold another post than before:
    /// lists by position (the home pages, the archive) there show other posts.
    var shifted: Range<Int>?
    /// A tag has no posts left: the list of tags lost it.
    var tagGone = false
    /// The number of home pages changed: each shows it.
    var pageCount = false
    /// The number of posts now, when it changed: a list by position that reaches the
    /// end of the posts (the archive) shows more or fewer of them, even where none
    /// moved (the last post went, or one came at the end).
    var postCountNow: Int?
    /// Everything: what every page shows of the site as a whole changed.
    var everything = false

    init(posts: Set<Int>) { self.posts = posts }

    /// Adds what changed between the relations `before` (by last build's post
    /// indices) and those of `site`; `position` maps a last build's index to this
    /// one's (nil: the post is gone). Related posts are not compared here: the
    /// memo that updates them says which changed (`RelatedPostMemo.update`).
    mutating func add(relationsBefore before: (tags: [SiteTag], series: [[Int]], apps: [[Int]]),
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
    mutating func add(_ changes: SiteProjections.Changes) {
        entries.formUnion(changes.entries)
        tags.formUnion(changes.tags)
        series.formUnion(changes.series)
        apps.formUnion(changes.apps)
    }

    /// Whether a page with `inputs` shows anything the edit reached.
    func shows(_ inputs: RouteInputs, in site: Site) -> Bool {
        showsTemplate(inputs) || showsContent(inputs, in: site)
    }

    /// Whether a page with `inputs` is rendered with a template the edit changed.
    func showsTemplate(_ inputs: RouteInputs) -> Bool {
        !templates.isEmpty && inputs.templates.contains(where: templates.contains)
    }

    /// Whether a page with `inputs` shows anything else the edit reached (its content key changes).
    func showsContent(_ inputs: RouteInputs, in site: Site) -> Bool {
        if everything { return true }
        if case .post(let i) = inputs.own, posts.contains(i) || related.contains(i) { return true }
        if let i = inputs.redirectTo, posts.contains(i) { return true }
        if inputs.related.contains(where: posts.contains) { return true }
        var entries = self.entries
        if let countless = countlessEntries, inputs.templates.allSatisfy(countless.templates.contains) { entries = countless.entries }
        switch inputs.listed {
        case .none: break
        case .range(let r):
            // A home page's ten posts against what may be thousands of changed entries: the shorter side is walked.
            if r.count <= entries.count ? r.contains(where: entries.contains) : entries.contains(where: r.contains) { return true }
            // A post's page shows its own entry, which moves with it; any other list by position shows what is there now.
            let ownEntry = r.count == 1 && inputs.own == .post(r.lowerBound)
            if !ownEntry, let shifted, r.overlaps(shifted) { return true }
            if !ownEntry, let end = postCountNow, r.upperBound >= end { return true }
        case .indices(let list): if !entries.isEmpty, list.contains(where: entries.contains) { return true }
        }
        if pageCount, inputs.pageCount != nil { return true }
        if let j = inputs.seriesBoxOf, let s = site.posts[j].seriesIndex, seriesBoxes.contains(s) { return true }
        if let a = inputs.appCard, apps.contains(a) { return true }
        if let s = inputs.seriesSummary, series.contains(s) { return true }
        if let t = inputs.tagLink, tags.contains(t) { return true }
        return (inputs.allApps && !apps.isEmpty) || (inputs.allSeries && !series.isEmpty) || (inputs.allTags && (tagGone || !tags.isEmpty))
    }
}
