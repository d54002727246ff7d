import Foundation

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
