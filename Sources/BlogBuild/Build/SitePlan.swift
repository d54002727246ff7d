import Foundation

/// A build's first half (`SiteBuilder.plan`): everything that is decided before a
/// page is rendered. `SiteBuilder.output` makes the files from it.
struct SitePlan {
    var request: BuildRequest
    var content: LoadedContent
    var site: Site
    /// Nil when the theme has errors (then no page is rendered).
    var theme: Theme?
    var routes: [Route]
    /// Each route's render key (`RenderKeys`), in a memoised build.
    var keys: [Int]?
    var urls: URLMaker
    /// What pages show of posts, tags, series and apps; nil without a theme.
    var projections: SiteProjections?
    var diagnostics: [Diagnostic]
    var notices: [Diagnostic]
    /// Load version of a source path, in a memoised build (`DocumentMemo.version(of:)`).
    var version: (@Sendable (String) -> Int)?
    var imageUses: [String: ImagePlanner.Use]
    var imageLibrary: LibvipsFacts?
    var imageSources: ImageSourceIndex?
    var unusableImages: Set<String>
    var clock: StageClock
}
