import Mustache

/// A post as list pages show it, each value computed only when a template asks
/// for it. Tag pages and the archive list thousands of posts and show a title
/// and a date; building every summary (with its URL rewrite) for each entry was
/// most of the template time of a 10,000-post build.
struct PostSummaryValue: MustacheParent {
    let context: TemplateContext
    let entry: PostListEntry
    /// Values a page adds (`number` on a series page).
    var extra: [String: Any] = [:]

    func child(named name: String) -> Any? {
        if !extra.isEmpty, let value = extra[name] { return value }
        return context.postSummaryField(name, entry)
    }
}
