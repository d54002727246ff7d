import Markdown

/// The Markdown one build renders (`SiteResolver.markdownWork`): the bulk of a
/// build's work, so it is a step of its own, done on all cores, and what the dev
/// server's memo (`MarkdownMemo`) saves between builds.
struct MarkdownWork: Sendable {
    struct Document: Sendable {
        /// Source path (`content/posts/x.md`).
        var path: String
        var body: String
    }

    var options: MarkdownOptions
    /// Shown posts, then series, apps and pages, as `SiteResolver.resolve(_:mode:now:rendered:summaries:)` takes them.
    var bodies: [Document]
    /// Each shown post's front-matter `summary:` (inline Markdown), in order.
    var summaries: [String?]
}
