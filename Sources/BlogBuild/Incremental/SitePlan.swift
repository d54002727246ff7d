import Foundation
import Load
import Support
import Diagnostics
import Output
import Site
import Images
import Render
import Pages

/// A build's first half (`SiteBuilder.plan`): everything that is decided before a
/// page is rendered. `SiteBuilder.output` makes the files from it. Here, with the
/// memos, because the incremental layer keeps the last one and patches it (`PlanPatch`).
struct SitePlan {
    var request: BuildRequest
    var content: LoadedContent
    var site: Site
    /// Nil when the theme has errors (then no page is rendered).
    var theme: Theme?
    var routes: [Route]
    /// Each route's place in `routes`, by its output path.
    var routeIndex: [String: Int]
    /// Each route's render key (`RenderKeys`), in a memoised build.
    var keys: [Int]?
    /// Each route's content key (`RenderKeys.keyParts`): its key without its templates.
    var contentKeys: [Int]?
    /// What the keys share (`RenderKeys.Shared`), in a memoised build.
    var sharedKeys: RenderKeys.Shared?
    var urls: URLMaker
    /// What pages show of posts, tags, series and apps; nil without a theme.
    var projections: SiteProjections?
    var problems: Problems
    var notices: [Diagnostic]
    /// Load version of a source path, in a memoised build (`DocumentMemo.version(of:)`).
    var version: (@Sendable (String) -> Int)?
    var imageUses: [String: ImagePlanner.Use]
    var imageLibrary: LibvipsFacts?
    var imageSources: ImageSourceIndex?
    var unusableImages: Set<String>
    var clock: StageClock
    /// Made from the last build's plan (`PlanPatch`), not by the whole pipeline.
    var patched = false
    /// This plan's number among its memo's plans (`BuildMemo.nextPlanNumber`; 0 without a memo).
    var number = 0
    /// For a patched plan: the plan it was patched from, and where its routes were there.
    var lineage: Lineage?

    /// Where a patched plan's routes were in the plan it was made from, so the page
    /// memo finds each page's last key by index, not by its output path (`PageMemo.stale`).
    struct Lineage {
        /// That plan's `number`.
        var from: Int
        /// How many routes it had.
        var lastCount: Int
        /// Each route's index among its routes (nil: a new page); nil when the routes are
        /// the same, in the same order.
        var lastIndex: [Int?]?
    }

    /// The plan's problems by the stage that found them, so a patched plan
    /// (`PlanPatch`) replaces the changed files' and keeps the rest.
    struct Problems {
        /// The Markdown files' own (load), less the front-matter keys the theme reads.
        var content: [Diagnostic] = []
        var theme: [Diagnostic] = []
        /// init's placeholders in site.yml, where they are more than a notice.
        var placeholders: [Diagnostic] = []
        /// The image plan's.
        var images: [Diagnostic] = []
        /// Resolve's: unknown series and apps, links to Markdown files, orphan app pages.
        var resolve: [Diagnostic] = []
        var routes: [Diagnostic] = []

        var all: [Diagnostic] { content + theme + placeholders + images + resolve + routes }
    }

    var diagnostics: [Diagnostic] { problems.all }
}
