import Load

/// What a list shows of a post: the home page, tag, series and app pages and
/// the archive. The template context of a list entry is made from this value
/// alone (`TemplateValues.entry`), and a list page's render key
/// hashes it whole, so a field added here is both shown and tracked.
public struct PostListEntry: Hashable, Sendable {
    public var title: String
    /// Site path, e.g. `/2021/03/stoutness/`.
    public var permalink: String
    public var date: PostDate
    /// The summary as rendered for the post's own page, cut to about 60 words
    /// (`SummaryCut`) when it is the first paragraph; lists resolve its relative
    /// links against `permalink`.
    public var summaryHTML: String
    public var readingMinutes: Int
    /// Is there more to read than the summary: a `summary:`, a summary that was cut,
    /// or more of the post than its summary? ("Continue reading")
    public var hasMore: Bool
    /// The hero image, for a thumbnail.
    public var thumbnail: EntryImage?
    public var tags: [TagLink]
    public var isDraft: Bool
    public var isFuture: Bool
    public var series: SeriesMark?
}
