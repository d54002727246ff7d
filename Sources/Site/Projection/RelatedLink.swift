import Load

/// What a post's page shows of one of its related posts (`RelatedPosts`): a link
/// with its date. The template context of a related post is made from this value
/// alone (`TemplateValues.relatedLink`), and the page's render key hashes it, so
/// a related post's new summary or tags render no page that only links to it.
public struct RelatedLink: Hashable, Sendable {
    public var title: String
    /// Site path, e.g. `/2021/03/stoutness/`.
    var permalink: String
    public var date: PostDate
}
