import Load

/// What every page shows of the site as a whole (`site.*` in templates): its
/// settings, how many series and apps it has, and the years its posts span. The
/// `site` context is made from this value alone (`TemplateValues.siteWithoutNav`),
/// and every page's render key hashes it whole, so a post that changes none of
/// these (a new post in the current year) re-renders no page but those that list it.
public struct SiteWide: Hashable, Sendable {
    public var config: SiteConfig
    public var seriesCount: Int
    public var appCount: Int
    /// "2019–2026" (or "2026"): the years the posts span, for a copyright line; nil without posts.
    public var years: String?
    /// The pixel size of `author.avatar`'s file, when it is one we could read: part
    /// of this value so that a new picture of another shape re-renders the home page.
    public var avatarSize: ImageSize?
    /// Where the processed `author.avatar` and `icon:` are (`/images/me.png`, or a
    /// variant's path when a page links to the original); nil when not processed.
    public var avatarPath: String?
    public var iconPath: String?
    /// Where the processed `image:` is (every page's og:image without one of its own).
    public var imagePath: String?

    public init(_ site: Site) {
        config = site.config
        seriesCount = site.series.count
        appCount = site.apps.count
        var first: Int?, last: Int?
        // By index: `for p in site.posts` copies each post (a retain of every string it holds).
        for i in site.posts.indices {
            let year = site.posts[i].post.date.year
            first = min(first ?? year, year)
            last = max(last ?? year, year)
        }
        avatarSize = site.config.author?.avatar.flatMap { site.imageSize($0, in: ConfigLoader.path) }
        // The variant made for this use (an image a body shows too has larger ones).
        func shown(_ src: String?, width: Int) -> String? {
            src.flatMap { site.imageVariants($0, in: ConfigLoader.path) }
                .map { set in "/" + (set.variant(set.fallback, atLeast: width)?.path ?? set.fallbackPath) }
        }
        avatarPath = shown(site.config.author?.avatar, width: SiteImageWidths.avatar)
        iconPath = shown(site.config.icon, width: SiteImageWidths.touchIcon)
        imagePath = shown(site.config.image, width: SiteImageWidths.shareImage)
        if let first, let last { years = first == last ? "\(first)" : "\(first)–\(last)" } else { years = nil }
    }
}
