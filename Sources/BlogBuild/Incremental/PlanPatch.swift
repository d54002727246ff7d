import Foundation
import Load
import Markdown
import Support
import Output
import Diagnostics
import Site
import Images
import Render
import Pages

/// A rebuild's plan made from the last one (`BuildMemo.plan`), with no pass over
/// the site's Markdown, for the edits made while writing: the watcher named
/// exactly the files that changed (`EditedFiles`), and each is
/// - a post, edited (any front matter, its date and URL too), new, deleted or renamed,
///   and shown by this build (not an error, not a draft left out);
/// - an edited series or app file (`SeriesAppPatch`);
/// - a file of the theme's `templates/assets/` that the last theme has, or
/// - a template (the theme is loaded again; the pages whose templates changed,
///   with the partials they use, get new keys).
///
/// It holds no rule of the site's own: each step calls the one that the whole
/// pipeline calls, in its incremental form beside it. Posts are made as resolve
/// makes them (`SitePost(showing:)`, shown by `PostVisibility`), put in order by
/// `PostOrder.reorder`, related by `PostRelations.update`, routed by
/// `Router.patchedRoutes`, their images planned by `ImagePlanner.update`; render keys are
/// made again only for the pages the edit reaches (`EditReach`), every other page
/// keeping its key. Problems are kept by stage (`SitePlan.Problems`): the changed
/// files' are replaced, the rest kept.
///
/// In every other case it returns nil and the plan is made whole (memoised stage
/// by stage): site.yml, pages and static files, a new or deleted series or app; a
/// post with an error; an image whose variant set or problem the edit would change;
/// links to Markdown files while posts come, go or change URL. `SiteBuilder.output`
/// turns either plan into files: there is one pipeline. The incremental-build tests
/// (a randomised one among them) and the soak compare every rebuild with a clean build.
struct PlanPatch {
    let request: BuildRequest
    let memo: BuildMemo
    let kinds: [PageKind]
    let files: EditedFiles
    /// The last plan, patched in place: its arrays are not copied. The parts below are
    /// taken out of it while they are patched, so each has one reference.
    var plan: SitePlan
    var theme: Theme
    var projections: SiteProjections
    var shared: RenderKeys.Shared
    var keys: [Int]
    var contentKeys: [Int]
    let visibility: PostVisibility
    let options: MarkdownOptions
    var clock = StageClock()

    // What the steps found, for the steps after them.
    /// A document links a Markdown file: those links are the pages' URLs (`MarkdownFileLinks`).
    let linkingSite: Bool
    var fileLinks: MarkdownFileLinks?
    var editedTemplates = Set<String>()
    var relationsChanged = false, routesChanged = false, reordered = false
    /// A post's URL is in its related-post signature (`RelatedPostMemo`): it breaks ties between other posts' choices.
    var permalinksChanged = false
    /// Edited posts (last indices), gone posts (last indices), new posts.
    var edited: [Int] = [], gone = Set<Int>(), added: [SitePost] = []
    var seriesAndApps = SeriesAppPatch.Outcome()
    /// Source paths whose problems are replaced, and the problems found now.
    var touchedFiles = Set<String>()
    var loadProblems: [Diagnostic] = [], resolveProblems: [Diagnostic] = []
    var imageChanges: [ImagePlanner.Change] = []
    /// Where each post of this build was in the last one (`origin`), and the reverse (`position`).
    var origin: [Int?] = [], position: [Int?] = []
    /// This build's indices of the edited and new posts.
    var editedNow = Set<Int>()
    var reach = EditReach(posts: [])
    /// How many routes the last plan had, and each route's index among them (nil: a new
    /// page); nil while the routes are the same.
    let lastRouteCount: Int
    var lastIndex: [Int?]?

    /// The patched plan, or nil when the edit needs the whole plan.
    static func patched(_ request: BuildRequest, changed: Set<String>, memo: BuildMemo, kinds: [PageKind]) -> SitePlan? {
        guard var patch = PlanPatch(request, changed: changed, memo: memo, kinds: kinds),
              patch.loadTheme(), patch.patchPosts(), patch.patchSeriesAndApps() else { return nil }
        patch.order()
        guard patch.planImages() else { return nil }
        patch.keepProblems()
        patch.relate()
        patch.route()
        patch.makeKeys()
        return patch.finished()
    }

    private init?(_ request: BuildRequest, changed: Set<String>, memo: BuildMemo, kinds: [PageKind]) {
        guard var plan = memo.plan, !changed.isEmpty, let theme = plan.theme, let projections = plan.projections,
              let shared = plan.sharedKeys, let keys = plan.keys, let contentKeys = plan.contentKeys, !plan.site.posts.isEmpty,
              request.mode == plan.request.mode, request.baseURL == plan.request.baseURL,
              request.cacheDirectory == plan.request.cacheDirectory,
              request.siteDirectory.standardizedFileURL == plan.request.siteDirectory.standardizedFileURL,
              request.now >= plan.request.now else { return nil }
        // Patched in place: the last plan's arrays are not copied. A plan made whole replaces it anyway.
        memo.plan = nil
        plan.projections = nil
        plan.sharedKeys = nil
        plan.keys = nil
        plan.contentKeys = nil
        guard let files = EditedFiles(changed, siteDirectory: request.siteDirectory, theme: theme, documents: memo.documents),
              !files.isEmpty else { return nil }
        let visibility = PostVisibility(mode: request.mode, now: request.now)
        // A post that came due since the last build moves into lists and feeds.
        // By index: `contains(where:)` would copy each of 10,000 posts (a retain and a release of every string).
        let lastNow = plan.request.now
        guard !plan.content.posts.indices.contains(where: { visibility.cameDue(plan.content.posts[$0], since: lastNow) }) else { return nil }
        // Links to Markdown files are the pages' URLs: while a document has one, posts keep
        // theirs and none comes or goes (else the whole plan makes every link again).
        let site = plan.site
        let linkingSite = site.posts.indices.contains { site.posts[$0].rendered.linksMarkdownFiles }
            || site.series.indices.contains { site.series[$0].intro.linksMarkdownFiles }
            || site.apps.indices.contains { site.apps[$0].description.linksMarkdownFiles }
            || site.pages.indices.contains { site.pages[$0].rendered.linksMarkdownFiles }
        guard !linkingSite || !files.postsCameOrWent else { return nil }
        (self.request, self.memo, self.kinds, self.files) = (request, memo, kinds, files)
        (self.plan, self.theme, self.projections, self.shared, self.keys, self.contentKeys) = (plan, theme, projections, shared, keys, contentKeys)
        self.visibility = visibility
        options = MarkdownOptions(config: plan.site.config)
        self.linkingSite = linkingSite
        lastRouteCount = plan.routes.count
        reordered = files.postsCameOrWent
    }

    /// The plan with its patched parts put back.
    private consuming func finished() -> SitePlan {
        let versions = memo.documents.versions
        plan.lineage = SitePlan.Lineage(from: plan.number, lastCount: lastRouteCount, lastIndex: lastIndex)
        plan.number = memo.nextPlanNumber()
        plan.request = request
        plan.theme = theme
        plan.projections = projections
        plan.sharedKeys = shared
        plan.keys = keys
        plan.contentKeys = contentKeys
        plan.version = { versions[$0] ?? 0 }
        plan.clock = clock
        plan.patched = true
        return plan
    }
}
