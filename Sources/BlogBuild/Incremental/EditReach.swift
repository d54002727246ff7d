/// What an edit of existing posts or templates reaches on pages (`PlanPatch`): the
/// posts edited, the list entries, related-post lists, series boxes, tag links,
/// series summaries, app cards and page templates that changed. A page whose declared inputs
/// (`RouteInputs`) show none of it keeps its render key.
struct EditReach: Sendable {
    /// Edited posts (site indices): their own pages, redirects to them, related-post
    /// links to them (title, URL, date).
    var posts: Set<Int>
    /// Posts whose list entry changed.
    var entries: Set<Int> = []
    /// Posts whose entries may show other tags or another place in a series: the
    /// posts of every tag and series whose posts changed.
    var relinked: Set<Int> = []
    /// Posts whose related posts are others now.
    var related: Set<Int> = []
    /// Series (new indices) whose box on a post's page changed: its parts, their order, or a part's title.
    var seriesBoxes: Set<Int> = []
    /// Tags (new indices), series and apps whose link, summary or card changed.
    var tags: Set<Int> = []
    var series: Set<Int> = []
    var apps: Set<Int> = []
    /// Page templates whose text (with the partials they use) or reads changed.
    var templates: Set<String> = []

    init(posts: Set<Int>) { self.posts = posts }

    /// Adds what changed between the relations `before` and those of `site`.
    mutating func add(relationsBefore before: (tags: [SiteTag], series: [[Int]], related: [[Int]]), after site: Site) {
        var lastTags = Dictionary(before.tags.map { ($0.slug, $0.postIndices) }, uniquingKeysWith: { a, _ in a })
        for tag in site.tags {
            let was = lastTags.removeValue(forKey: tag.slug)
            if was != tag.postIndices {
                relinked.formUnion(tag.postIndices)
                relinked.formUnion(was ?? [])
            }
        }
        for gone in lastTags.values { relinked.formUnion(gone) }
        for (si, series) in site.series.enumerated() where si >= before.series.count || before.series[si] != series.postIndices {
            seriesBoxes.insert(si)
            relinked.formUnion(series.postIndices)
            if si < before.series.count { relinked.formUnion(before.series[si]) }
        }
        for i in site.posts.indices where i < before.related.count && before.related[i] != site.posts[i].relatedIndices {
            related.insert(i)
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
        if !templates.isEmpty, inputs.templates.contains(where: templates.contains) { return true }
        if case .post(let i) = inputs.own, posts.contains(i) || related.contains(i) { return true }
        if let i = inputs.redirectTo, posts.contains(i) { return true }
        if inputs.related.contains(where: posts.contains) { return true }
        switch inputs.listed {
        case .none: break
        case .range(let r): if entries.contains(where: r.contains) { return true }
        case .indices(let list): if !entries.isEmpty, list.contains(where: entries.contains) { return true }
        }
        if let j = inputs.seriesBoxOf, let s = site.posts[j].seriesIndex, seriesBoxes.contains(s) { return true }
        if let a = inputs.appCard, apps.contains(a) { return true }
        if let s = inputs.seriesSummary, series.contains(s) { return true }
        if let t = inputs.tagLink, tags.contains(t) { return true }
        return (inputs.allApps && !apps.isEmpty) || (inputs.allSeries && !series.isEmpty) || (inputs.allTags && !tags.isEmpty)
    }
}
