import Markdown

/// The Markdown one build renders (`SiteResolver.markdownWork`): the bulk of a
/// build's work, so it is a step of its own, done on all cores, and what the dev
/// server's memo (`MarkdownMemo`) saves between builds.
package struct MarkdownWork: Sendable {
    package struct Document: Sendable {
        /// Source path (`content/posts/x.md`).
        package var path: String
        package var body: String
    }

    package var options: MarkdownOptions
    /// Shown posts, then series, apps and pages, as `SiteResolver.resolve(_:mode:now:rendered:summaries:)` takes them.
    package var bodies: [Document]
    /// Each shown post's front-matter `summary:` (inline Markdown), in order.
    package var summaries: [String?]
}
