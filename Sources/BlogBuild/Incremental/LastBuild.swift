import Foundation

/// What one build worked out, kept whole so an edit of a post's body can be
/// applied to it (`EditPatch`) without going through the pipeline again.
struct LastBuild {
    var siteDirectory: URL
    var mode: BuildMode
    var now: Date
    var content: LoadedContent
    var site: Site
    /// `site`'s projections; a body edit leaves them as they are (it is only taken when
    /// nothing a list, box or card shows changed).
    var projections: SiteProjections
    var routes: [Route]
    var theme: Theme
    var urls: URLMaker
    var rendered: RenderedSite
    /// `rendered.files` by path.
    var outputs: [String: OutputFile]
}
