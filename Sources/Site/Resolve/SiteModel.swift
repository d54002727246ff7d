import Foundation
import Load
import Markdown

/// A post with everything the templates need that depends on the rest of the site.
public struct SitePost: Sendable {
    public var post: Post
    public var rendered: RenderedMarkdown
    /// Site path of the post, e.g. `/2021/03/stoutness/`.
    public var permalink: String
    public var isDraft: Bool
    public var isFuture: Bool
    /// Index into `Site.series`, and the 0-based position in that series.
    public var seriesIndex: Int?
    public var seriesPosition: Int?
    /// Index into `Site.apps`.
    public var appIndex: Int?
    /// Indices into `Site.tags`, in the order the post lists them.
    public var tagIndices: [Int]
    /// Indices into `Site.posts`: the related posts shown at its end, best first
    /// (`RelatedPosts`); empty in a series, or with `related: false`.
    public var relatedIndices: [Int] = []

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(
        post: Post,
        rendered: RenderedMarkdown,
        permalink: String,
        isDraft: Bool,
        isFuture: Bool,
        seriesIndex: Int? = nil,
        seriesPosition: Int? = nil,
        appIndex: Int? = nil,
        tagIndices: [Int],
        relatedIndices: [Int] = []
    ) {
        self.post = post
        self.rendered = rendered
        self.permalink = permalink
        self.isDraft = isDraft
        self.isFuture = isFuture
        self.seriesIndex = seriesIndex
        self.seriesPosition = seriesPosition
        self.appIndex = appIndex
        self.tagIndices = tagIndices
        self.relatedIndices = relatedIndices
    }
}

/// A series with its posts in reading order.
public struct SiteSeries: Sendable {
    public var series: Series
    public var intro: RenderedMarkdown
    public var url: String
    /// Indices into `Site.posts`, in series order.
    public var postIndices: [Int]
}

/// An app with the posts that name it.
public struct SiteApp: Sendable {
    public var app: App
    public var description: RenderedMarkdown
    public var url: String
    /// Indices into `Site.posts`, newest first.
    public var postIndices: [Int]
}

/// A tag: the name as first written, its slug, and its posts.
public struct SiteTag: Sendable {
    public var name: String
    public var slug: String
    public var url: String
    /// Indices into `Site.posts`, newest first.
    public var postIndices: [Int]

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(name: String, slug: String, url: String, postIndices: [Int]) {
        self.name = name
        self.slug = slug
        self.url = url
        self.postIndices = postIndices
    }
}

/// A standalone page, or a child page of an app.
public struct SitePage: Sendable {
    public var page: Page
    public var rendered: RenderedMarkdown
    /// Site path: `/about/`, `/404.html`, `/apps/kettle/privacy/`.
    public var url: String
    /// For an app's child page, its app: an index into `Site.apps`.
    public var appIndex: Int? = nil
}

/// The resolved site: every relation computed, ready to be turned into routes.
public struct Site: Sendable {
    public var config: SiteConfig
    /// Posts in the site, newest first.
    public var posts: [SitePost]
    /// Series sorted by title.
    public var series: [SiteSeries]
    /// Apps: available before retired, then by release date, newest first.
    public var apps: [SiteApp]
    /// Tags sorted by name (case-insensitive).
    public var tags: [SiteTag]
    public var pages: [SitePage]
    public var staticFiles: [StaticFile]
    /// Source paths of drafts (posts, pages, series, apps and their child pages) and
    /// future-dated posts left out of this build.
    public var skippedDrafts: [String]
    public var skippedFuture: [String]
    /// Markdown files left out because they have an error (`LoadedContent.failedFiles`).
    /// A link to one, or a post naming one as its series or app, is not a second
    /// error: the file's own error is the cause, and once it is fixed the link resolves.
    public var failedFiles: Set<String> = []
    /// Source paths of the series and apps this build holds back as drafts: a post
    /// naming one is shown without it (a hint), not an unknown reference.
    public var heldBackSeriesAndApps: Set<String> = []
    /// Where those files' pages would be written, as far as their paths tell
    /// (`2026/11/kettle/index.html` for `content/posts/2026-11-27-kettle.md`): a link
    /// there is not reported as broken while the file has errors.
    public var failedPageOutputs: Set<String> = []
    /// Pixel sizes of the images front matter names, by path relative to content/.
    public var imageSizes: [String: ImageSize] = [:]

    /// Processed images (`images: { resize: true }`), by path relative to content/:
    /// the variants pages show instead of the file. Set by the build after resolve.
    public var imageVariants: [String: ImageVariantSet] = [:]

    /// The size of an image front matter in `sourcePath` names, when it is a static file we could read.
    public func imageSize(_ src: String, in sourcePath: String) -> ImageSize? {
        ImageReference.staticPath(src, from: sourcePath).flatMap { imageSizes[$0] }
    }

    /// The variants of an image `sourcePath` shows, when it is processed.
    public func imageVariants(_ src: String, in sourcePath: String) -> ImageVariantSet? {
        guard !imageVariants.isEmpty else { return nil }
        return ImageReference.staticPath(src, from: sourcePath).flatMap { imageVariants[$0] }
    }
}
