import Foundation
import Diagnostics

// The plain values the loader produces: one per Markdown file under content/,
// plus the site configuration and the static files. Nothing here knows about
// Markdown rendering, URLs or templates.

/// A YAML value as it appears in front matter or site.yml, kept for templates (`page.params`).
public indirect enum FrontMatterValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([FrontMatterValue])
    /// Keys in the order they were written.
    case mapping([(key: String, value: FrontMatterValue)])

    public static func == (a: FrontMatterValue, b: FrontMatterValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        case let (.array(x), .array(y)): return x == y
        case let (.mapping(x), .mapping(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .string(let s): h.combine(0); h.combine(s)
        case .int(let i): h.combine(1); h.combine(i)
        case .double(let d): h.combine(2); h.combine(d)
        case .bool(let b): h.combine(3); h.combine(b)
        case .null: h.combine(4)
        case .array(let a): h.combine(5); h.combine(a)
        case .mapping(let m): h.combine(6); for (k, v) in m { h.combine(k); h.combine(v) }
        }
    }
}

/// A calendar date and wall-clock time as written, plus the instant it names.
/// Permalinks use the wall-clock fields, so a post never shifts a day.
public struct PostDate: Sendable, Hashable, Comparable {
    /// The instant (for ordering, feeds, "is it in the future").
    public var instant: Date
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Offset from UTC in seconds of the wall-clock fields above.
    public var utcOffsetSeconds: Int

    public init(instant: Date, year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, utcOffsetSeconds: Int) {
        self.instant = instant
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    public static func < (a: PostDate, b: PostDate) -> Bool { a.instant < b.instant }
}

/// Where a value was written: 1-based line and column in the source file.
public struct SourceLocation: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// An image with its alternative text (hero images, screenshots).
public struct ImageRef: Sendable, Hashable {
    public var src: String
    public var alt: String?
    public init(src: String, alt: String?) {
        self.src = src
        self.alt = alt
    }
}

/// A link in the site's navigation (`nav:` in site.yml).
/// `redirects: { /old/: /new/ }` in site.yml: a page at `from` that sends readers
/// to `to` (a site path or a full URL), for old addresses no post or page owns
/// (a moved site's section list, its category pages).
public struct Redirect: Sendable, Hashable {
    public var from: String
    public var to: String
    /// Where in site.yml it is written.
    public var location: SourceLocation?
    public init(from: String, to: String, location: SourceLocation? = nil) {
        self.from = from
        self.to = to
        self.location = location
    }
}

public struct NavLink: Sendable, Hashable {
    public var title: String
    public var url: String
    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}

/// The author named in site.yml.
public struct Author: Sendable, Hashable {
    public var name: String
    public var email: String?
    public var url: String?
    /// `bio:`: a sentence or two about the author, for the home page's author block.
    public var bio: String?
    /// `avatar:`: the author's picture, as written (relative to content/ like `logo:`).
    public var avatar: String?
    public init(name: String, email: String? = nil, url: String? = nil, bio: String? = nil, avatar: String? = nil) {
        self.name = name
        self.email = email
        self.url = url
        self.bio = bio
        self.avatar = avatar
    }
}

/// `content/site.yml`, with every default filled in.
public struct SiteConfig: Sendable, Hashable {
    public var title: String = "Untitled"
    public var description: String = ""
    public var author: Author?
    /// Always ends with `/`, e.g. `https://example.com/` or `https://example.com/blog/`.
    public var baseURL: String = "/"
    public var language: String = "en"
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    public var postsPerPage: Int = 10
    /// Permalink pattern for posts, with `:year`, `:month`, `:day`, `:slug`, `:title`.
    public var postPermalink: String = "/:year/:month/:slug/"
    public var feedItems: Int = 20
    public var feedFullContent: Bool = true
    /// `feeds: { also_at: [/index.xml] }`: more paths the site's feed is written to,
    /// byte for byte, so readers subscribed at an old site's address keep it.
    public var feedAlsoAt: [String] = []
    /// `feeds: { tags_also_at: [/tags/:slug/index.xml] }`: the same for each tag's
    /// feed, `:slug` being the tag's.
    public var tagFeedAlsoAt: [String] = []
    /// `feeds: { tag_list_at: [/tags/index.xml] }`: where an RSS feed of the tags
    /// themselves is written (Hugo's feed of a taxonomy's terms), newest tag first.
    public var tagListAt: [String] = []
    /// `redirects:`, in written order.
    public var redirects: [Redirect] = []
    public var nav: [NavLink] = []
    /// `logo: /images/logo.svg`: the site's own mark (header and favicon), as
    /// written; nil means the theme draws one from the title's initial (`SiteMark`).
    public var logo: String?
    /// `icon: /images/icon.png`: the site's square PNG icon, as written: the
    /// `apple-touch-icon` (a home-screen bookmark's picture on iOS); nil: none.
    public var icon: String?
    /// `image: /images/site.png`: the picture a shared link to any page shows when
    /// the page has none of its own (`og:image`), as written; nil: none.
    public var image: String?
    /// `init`'s placeholders still in site.yml, with where each is written:
    /// a notice in `build` and `serve`, an error in `publish` and `check`.
    public var placeholders: [InitPlaceholder] = []
    /// `social:`: the author's profiles and address, in the order written.
    public var social: [SocialLink] = []
    /// `markdown: { raw_html: false }` strips raw HTML from Markdown.
    public var rawHTML: Bool = true
    /// `markdown: { highlight: false }` turns off build-time code highlighting.
    public var highlight: Bool = true
    /// `markdown: { smart: true }`: curly quotes, en and em dashes, ellipses (cmark's SMART option).
    public var smartPunctuation: Bool = false
    /// `images:`: variant widths, formats and quality, and whether images are processed.
    public var images = ImageSettings()
    /// `related: false` leaves out the related posts at the end of a post outside a series.
    public var related: Bool = true
    /// `search: false` leaves out the search page, the header's search field and the index (`search/`, docs/SEARCH.md).
    public var search: Bool = true
    /// Unknown keys, for templates as `site.params`.
    public var params: [String: FrontMatterValue] = [:]
    /// The theme's words: `language:`'s built-in ones with `strings:` applied.
    public var strings = ThemeStrings()

    public init() {}
}

/// A post: `content/posts/*.md`.
public struct Post: Sendable, Hashable {
    /// Site-relative path of the source file, e.g. `content/posts/2021-01-05-x.md`.
    public var sourcePath: String
    public var title: String
    public var date: PostDate
    public var updated: PostDate?
    /// `summary:` from the front matter, if given (plain text).
    public var summary: String?
    public var tags: [String]
    /// Slug of a series in `content/series/`.
    public var series: String?
    public var seriesOrder: Int?
    /// Slug of an app in `content/apps/`.
    public var app: String?
    public var image: ImageRef?
    /// `social_image:`: the picture a shared link shows (og:image) when it is not
    /// the hero image, as written (relative to the file, or a site path).
    public var socialImage: String? = nil
    /// `draft: true` (or `published: false`).
    public var draft: Bool
    public var slug: String
    public var aliases: [String]
    /// Unknown front-matter keys, for templates as `page.params`.
    public var params: [String: FrontMatterValue]
    /// The Markdown after the front matter.
    public var body: String
    /// 1-based line in the source file where `body` starts.
    public var bodyLine: Int
    /// Where each front-matter key was written, for diagnostics (`series` → 5:9).
    public var keyLocations: [String: SourceLocation]
    /// Where each of `aliases` is written (empty when not known).
    public var aliasLocations: [SourceLocation]
    /// `search: false` leaves the post out of the search index.
    public var search: Bool = true
    /// `feed_id:`: the id every feed gives the post instead of the one blogbuild
    /// makes (`FeedEntry.id`). An import writes the id the old generator's feeds
    /// gave it, so a feed reader does not show an old post as new on the day of
    /// the move.
    public var feedID: String? = nil

    public init(sourcePath: String, title: String, date: PostDate, updated: PostDate? = nil, summary: String? = nil,
                tags: [String] = [], series: String? = nil, seriesOrder: Int? = nil, app: String? = nil,
                image: ImageRef? = nil, draft: Bool = false, slug: String, aliases: [String] = [],
                params: [String: FrontMatterValue] = [:], body: String, bodyLine: Int = 1,
                keyLocations: [String: SourceLocation] = [:], aliasLocations: [SourceLocation] = []) {
        self.sourcePath = sourcePath
        self.title = title
        self.date = date
        self.updated = updated
        self.summary = summary
        self.tags = tags
        self.series = series
        self.seriesOrder = seriesOrder
        self.app = app
        self.image = image
        self.draft = draft
        self.slug = slug
        self.aliases = aliases
        self.params = params
        self.body = body
        self.bodyLine = bodyLine
        self.keyLocations = keyLocations
        self.aliasLocations = aliasLocations
    }
}

/// A series: `content/series/SLUG.md`; the body is the intro.
public struct Series: Sendable, Hashable {
    public enum Order: String, Sendable, Hashable { case date, manual }
    public var sourcePath: String
    public var slug: String
    public var title: String
    public var description: String?
    public var order: Order
    /// `draft: true` (or `published: false`): left out unless drafts are built, with
    /// its page in the lists; its posts are shown without it.
    public var draft: Bool = false
    public var params: [String: FrontMatterValue]
    public var body: String
    public var bodyLine: Int

    public init(sourcePath: String, slug: String, title: String, description: String? = nil, order: Order = .date,
                params: [String: FrontMatterValue] = [:], body: String, bodyLine: Int = 1) {
        self.sourcePath = sourcePath
        self.slug = slug
        self.title = title
        self.description = description
        self.order = order
        self.params = params
        self.body = body
        self.bodyLine = bodyLine
    }
}

/// An app: `content/apps/SLUG.md`; the body is the description.
public struct App: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable { case available, retired }
    public var sourcePath: String
    public var slug: String
    public var title: String
    public var tagline: String?
    public var icon: String?
    public var platforms: [String]
    /// The App Store link: `app_store:` as written, else the one `app_store_id` makes.
    public var appStore: String?
    /// `app_store_id: 1504417720`: the App Store's numeric id (digits only), for
    /// the Smart App Banner on the app's page and its child pages.
    public var appStoreID: String?
    public var website: String?
    public var source: String?
    public var released: PostDate?
    public var status: Status
    public var screenshots: [ImageRef]
    /// `draft: true` (or `published: false`): left out unless drafts are built, with
    /// its child pages; posts about it are shown without its card.
    public var draft: Bool = false
    public var params: [String: FrontMatterValue]
    public var body: String
    public var bodyLine: Int
    /// Where each front-matter key was written, for diagnostics (`icon` → 4:7).
    public var keyLocations: [String: SourceLocation]

    public init(sourcePath: String, slug: String, title: String, tagline: String? = nil, icon: String? = nil,
                platforms: [String] = [], appStore: String? = nil, appStoreID: String? = nil, website: String? = nil,
                source: String? = nil, released: PostDate? = nil, status: Status = .available, screenshots: [ImageRef] = [],
                params: [String: FrontMatterValue] = [:], body: String, bodyLine: Int = 1,
                keyLocations: [String: SourceLocation] = [:]) {
        self.keyLocations = keyLocations
        self.sourcePath = sourcePath
        self.slug = slug
        self.title = title
        self.tagline = tagline
        self.icon = icon
        self.platforms = platforms
        self.appStore = appStore
        self.appStoreID = appStoreID
        self.website = website
        self.source = source
        self.released = released
        self.status = status
        self.screenshots = screenshots
        self.params = params
        self.body = body
        self.bodyLine = bodyLine
    }
}

/// A standalone page: `content/pages/SLUG.md` (about, contact, 404), or a child
/// page of an app: `content/apps/APP/SLUG.md` (privacy, support, press kit).
public struct Page: Sendable, Hashable {
    public var sourcePath: String
    public var slug: String
    public var title: String
    /// `permalink:` from the front matter, else `/SLUG/` (and `/404.html` for
    /// `404`), or `/apps/APP/SLUG/` for an app's child page.
    public var permalink: String?
    /// For an app's child page, the slug of its app: the name of the folder it is in.
    public var app: String?
    /// Old URLs (`aliases:`), each given a page that redirects here.
    public var aliases: [String]
    /// Where each of `aliases` is written.
    public var aliasLocations: [SourceLocation]
    /// `social_image:`, as for a post.
    public var socialImage: String? = nil
    /// `search: false` leaves the page out of the search index.
    public var search: Bool = true
    /// `draft: true` (or `published: false`): left out unless drafts are built.
    public var draft: Bool = false
    /// Where each front-matter key was written, for diagnostics.
    public var keyLocations: [String: SourceLocation] = [:]
    public var params: [String: FrontMatterValue]
    public var body: String
    public var bodyLine: Int

    public init(sourcePath: String, slug: String, title: String, permalink: String? = nil, app: String? = nil,
                aliases: [String] = [], aliasLocations: [SourceLocation] = [],
                params: [String: FrontMatterValue] = [:], body: String, bodyLine: Int = 1) {
        self.sourcePath = sourcePath
        self.slug = slug
        self.title = title
        self.permalink = permalink
        self.app = app
        self.aliases = aliases
        self.aliasLocations = aliasLocations
        self.params = params
        self.body = body
        self.bodyLine = bodyLine
    }
}

/// A non-Markdown file under content/, copied to the same relative path in the output.
public struct StaticFile: Sendable, Hashable {
    /// Path relative to content/, e.g. `images/a.png`.
    public var relativePath: String
    /// Absolute path on disk.
    public var absolutePath: String
    public init(relativePath: String, absolutePath: String) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
    }
}

/// Everything `load` read from a site folder.
public struct LoadedContent: Sendable {
    public var config: SiteConfig
    public var posts: [Post]
    public var series: [Series]
    public var apps: [App]
    public var pages: [Page]
    public var staticFiles: [StaticFile]
    /// Problems found while loading; files with errors are left out of the lists above.
    public var diagnostics: [Diagnostic]
    /// Notes about the site as a whole (site.yml still holds `init`'s placeholders).
    public var notices: [Diagnostic] = []
    /// Junk left out of the site (`content/.DS_Store`, `content/posts/.x.md.swp`), as site paths.
    public var skippedFiles: [String] = []
    /// True when site.yml (or content/) is missing, unreadable or has an error. The
    /// build then reports site.yml's problems alone: a site built with a config it could
    /// not read (no `base_url`, the wrong language) fails in ways that are not the cause.
    public var configFailed = false
    /// Markdown files left out because they have an error (site paths, `content/posts/x.md`).
    /// Their errors are reported; links and references to them elsewhere are not
    /// reported again (see `Site.failedFiles`).
    public var failedFiles: Set<String> = []

    public init(config: SiteConfig, posts: [Post] = [], series: [Series] = [], apps: [App] = [], pages: [Page] = [],
                staticFiles: [StaticFile] = [], diagnostics: [Diagnostic] = []) {
        self.config = config
        self.posts = posts
        self.series = series
        self.apps = apps
        self.pages = pages
        self.staticFiles = staticFiles
        self.diagnostics = diagnostics
    }
}
