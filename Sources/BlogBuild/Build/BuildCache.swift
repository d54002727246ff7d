import Foundation

/// What one build keeps for the next, stage by stage, so the dev server's
/// rebuild does again only the work whose inputs changed: files are read again
/// when their stamp changes (`ContentCache`), Markdown rendered again when its
/// body does (`MarkdownCache`), pages (`PageCache` with `RenderKeys`), feeds
/// (`FeedCache`) and link checks (`LinkCache`, `PageLinkCache`) when what they are made from does.
/// Everything else (relations, routes, the sitemap) is recomputed every time;
/// it is cheap. Every cache holds exactly the last build's entries, so memory
/// stays one site's worth.
final class BuildCache {
    let content = ContentCache()
    let markdown = MarkdownCache()
    let pages = PageCache()
    let feeds = FeedCache()
    let links = LinkCache()
    let pageLinks = PageLinkCache()
    let imageSizes = ImageSizeCache()
    let sizedBodies = BodyImageSizes.Memo()
    /// The last build's inputs and results, for `BodyEditRebuild`; nil after a build without a theme.
    var last: LastBuild?
}

/// Sizes of image files by path, kept while the file's stamp is unchanged.
/// Not thread-safe: one build uses it at a time.
final class ImageSizeCache {
    private var entries: [String: (stamp: ContentCache.Stamp, size: ImageSize?)] = [:]

    /// The size of the image at `path` (nil: not an image blogbuild reads).
    func size(of path: String) -> ImageSize? {
        guard let stamp = ContentCache.stamp(path) else { return nil }
        if let hit = entries[path], hit.stamp == stamp { return hit.size }
        let size = ImageSize.fromFile(path)
        entries[path] = (stamp, size)
        return size
    }
}

/// What one build worked out, kept whole so an edit of a post's body can be
/// applied to it (`BodyEditRebuild`) without going through the pipeline again.
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
