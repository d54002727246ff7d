import Site

/// What one page is made from besides the site as a whole (`SiteWide`, its URL and
/// its templates), declared once per kind of page. Each input is one field here and
/// one entry of `declared`, which holds how it enters the page's content key
/// (`RenderKeys`: equal inputs, equal bytes) and whether an edit reaches it
/// (`EditReach`: which pages a rebuild renders again) side by side. A kind's context
/// reads the site through `DeclaredSite`, which (in debug builds) names any read the
/// kind did not declare.
public struct RouteInputs {
    /// A Markdown file the page is made from (by load version, with its resolved links and images).
    public enum Own: Equatable {
        case none
        case post(Int)
        case series(Int)
        case app(Int)
        case page(Int)
    }

    /// Which posts' list entries (`PostListEntry`) the page shows, in order.
    public enum Listed {
        case none
        case range(Range<Int>)
        case indices([Int])

        func contains(_ i: Int) -> Bool {
            switch self {
            case .none: false
            case .range(let r): r.contains(i)
            // Index lists are short (a tag's, a series', an app's posts).
            case .indices(let list): list.contains(i)
            }
        }
    }

    /// The templates it may be rendered with (`page` or `404` for a content page: decided by its
    /// URL; `app-page` for an app's child page). Hashed by `RenderKeys.key(templates:content:)`.
    public var templates: [String]
    public var own: Own = .none
    public var listed: Listed = .none
    /// A post page's related posts (`RelatedPosts`), shown at its end by title, URL and date
    /// (`SiteProjections.relatedLink`): a related post's new title, or another choice, renders it again.
    public var related: [Int] = []
    /// A post page's series box (`SiteProjections.seriesBox`): the titles and URLs of its series' parts.
    public var seriesBoxOf: Int?
    /// App cards shown (`SiteProjections.apps`), by app index; `allApps` for the apps page.
    public var appCard: Int?
    public var allApps = false
    /// An app page's links to its child pages (`SiteProjections.appPages`), by app index.
    var appPagesOf: Int?
    /// Series summaries shown; `allSeries` for the series index.
    public var seriesSummary: Int?
    public var allSeries = false
    /// Tag links shown; `allTags` for the tags page.
    public var tagLink: Int?
    public var allTags = false
    /// A redirect to a post: its title and URL (from the post's list entry).
    public var redirectTo: Int?
    /// A home page's number of home pages (its pagination links).
    public var pageCount: Int?
    /// The number of posts the site shows (a count written on the page).
    public var postCount = false

    init(templates: [String]) { self.templates = templates }

    /// Does the page show anything of post `i`: its own page, a list entry, a redirect,
    /// a related post's link, or (`withSeriesBox`) a series box that names it?
    func shows(post i: Int, in site: Site, withSeriesBox: Bool) -> Bool {
        if own == .post(i) || redirectTo == i || listed.contains(i) || related.contains(i) { return true }
        if withSeriesBox, let j = seriesBoxOf, let s = site.posts[j].seriesIndex, site.posts[i].seriesIndex == s { return true }
        return false
    }

    /// One input a page may declare: how it enters the page's content key, and whether an edit reaches it.
    public struct Input: Sendable {
        /// Hashes the input's value for a page that declares it (`RenderKeys.contentKey`).
        let hash: @Sendable (RouteInputs, RenderKeys, RenderKeys.Shared, inout Hasher) -> Void
        /// Whether an edit (`EditReach`) changed what the input shows; false for a page that does not declare it.
        let reached: @Sendable (RouteInputs, EditReach, Site) -> Bool
    }

    /// Every input, each with its hash and its reach: a new input is a field above and an entry here.
    public static let declared: [Input] = [
        // Its own file.
        Input(hash: { i, k, shared, h in RenderKeys.combine(i.own, of: k.site, version: k.version, variantKeys: shared.variantKeys, into: &h) },
              reached: { i, reach, _ in
                  if case .post(let p) = i.own { return reach.posts.contains(p) }
                  // Series, apps and pages are edited by a patched plan (`SeriesAppPatch`) or made whole:
                  // an edited series' or app's own page is in `reach.series` / `reach.apps` (their summaries and cards).
                  if case .series(let s) = i.own { return reach.series.contains(s) }
                  if case .app(let a) = i.own { return reach.apps.contains(a) }
                  return false
              }),
        // List entries: by position or by index.
        Input(hash: { i, _, shared, h in
                  let keys = i.templates.allSatisfy(shared.countlessTemplates.contains) ? shared.entryKeysWithoutCounts : shared.entryKeys
                  switch i.listed {
                  case .none: break
                  case .range(let r): for p in r { h.combine(keys[p]) }
                  case .indices(let indices): for p in indices { h.combine(keys[p]) }
                  }
              },
              reached: { i, reach, _ in
                  var entries = reach.entries
                  if let countless = reach.countlessEntries, i.templates.allSatisfy(countless.templates.contains) { entries = countless.entries }
                  switch i.listed {
                  case .none: return false
                  case .range(let r):
                      // A home page's ten posts against what may be thousands of changed entries: the shorter side is walked.
                      if r.count <= entries.count ? r.contains(where: entries.contains) : entries.contains(where: r.contains) { return true }
                      // A post's page shows its own entry, which moves with it; any other list by position shows what is there now.
                      let ownEntry = r.count == 1 && i.own == .post(r.lowerBound)
                      if !ownEntry, let shifted = reach.shifted, r.overlaps(shifted) { return true }
                      if !ownEntry, let end = reach.postCountNow, r.upperBound >= end { return true }
                      return false
                  case .indices(let list): return !entries.isEmpty && list.contains(where: entries.contains)
                  }
              }),
        // Related posts' links; a post whose related posts are others now.
        Input(hash: { i, k, _, h in for j in i.related { h.combine(SiteProjections.relatedLink(k.projections.entries[j])) } },
              reached: { i, reach, _ in
                  if case .post(let p) = i.own, reach.related.contains(p) { return true }
                  return i.related.contains(where: reach.posts.contains)
              }),
        Input(hash: { i, k, _, h in if let p = i.seriesBoxOf { h.combine(SiteProjections.seriesBox(for: p, in: k.site)) } },
              reached: { i, reach, site in
                  guard let p = i.seriesBoxOf, let s = site.posts[p].seriesIndex else { return false }
                  return reach.seriesBoxes.contains(s)
              }),
        Input(hash: { i, k, _, h in if let a = i.appCard { h.combine(k.projections.apps[a]) } },
              reached: { i, reach, _ in i.appCard.map(reach.apps.contains) ?? false }),
        Input(hash: { i, k, _, h in if i.allApps { h.combine(k.projections.apps) } },
              reached: { i, reach, _ in i.allApps && !reach.apps.isEmpty }),
        // Child pages are never patched (a page's edit makes the whole plan): no edit a patch takes reaches them.
        Input(hash: { i, k, _, h in if let a = i.appPagesOf { h.combine(k.projections.appPages[a]) } },
              reached: { _, _, _ in false }),
        Input(hash: { i, k, _, h in if let s = i.seriesSummary { h.combine(k.projections.series[s]) } },
              reached: { i, reach, _ in i.seriesSummary.map(reach.series.contains) ?? false }),
        Input(hash: { i, k, _, h in if i.allSeries { h.combine(k.projections.series) } },
              reached: { i, reach, _ in i.allSeries && !reach.series.isEmpty }),
        Input(hash: { i, k, _, h in if let t = i.tagLink { h.combine(k.projections.tags[t]) } },
              reached: { i, reach, _ in i.tagLink.map(reach.tags.contains) ?? false }),
        Input(hash: { i, k, _, h in if i.allTags { h.combine(k.projections.tags) } },
              reached: { i, reach, _ in i.allTags && (reach.tagGone || !reach.tags.isEmpty) }),
        Input(hash: { i, k, _, h in
                  if let p = i.redirectTo {
                      h.combine(k.projections.entries[p].title)
                      h.combine(k.projections.entries[p].permalink)
                  }
              },
              reached: { i, reach, _ in i.redirectTo.map(reach.posts.contains) ?? false }),
        Input(hash: { i, _, _, h in if let count = i.pageCount { h.combine(count) } },
              reached: { i, reach, _ in reach.pageCount && i.pageCount != nil }),
        Input(hash: { i, k, _, h in if i.postCount { h.combine(k.site.posts.count) } },
              reached: { i, reach, _ in i.postCount && reach.postCountNow != nil }),
    ]
}
