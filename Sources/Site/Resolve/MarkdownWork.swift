import Markdown

/// The Markdown one build renders (`SiteResolver.markdownWork`): the bulk of a
/// build's work, so it is a step of its own, done on all cores, and what the dev
/// server's memo (`MarkdownMemo`) saves between builds.
public struct MarkdownWork: Sendable {
    public struct Document: Sendable {
        /// Source path (`content/posts/x.md`).
        public var path: String
        public var body: String
    }

    public var options: MarkdownOptions
    /// Shown posts, then series, apps and pages, as `SiteResolver.resolve(_:mode:now:rendered:summaries:)` takes them.
    public var bodies: [Document]
    /// Each shown post's front-matter `summary:` (inline Markdown), in order.
    public var summaries: [String?]
}
