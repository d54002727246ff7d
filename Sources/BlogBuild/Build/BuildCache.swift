/// What one build keeps for the next, stage by stage, so the dev server's
/// rebuild does again only the work whose inputs changed: files are read again
/// when their stamp changes (`ContentCache`), Markdown rendered again when its
/// body does (`MarkdownCache`), pages (`PageCache` with `RenderKeys`), feeds
/// (`FeedCache`) and link checks (`LinkCache`) when what they are made from does.
/// Everything else (relations, routes, the sitemap) is recomputed every time;
/// it is cheap. Every cache holds exactly the last build's entries, so memory
/// stays one site's worth.
final class BuildCache {
    let content = ContentCache()
    let markdown = MarkdownCache()
    let pages = PageCache()
    let feeds = FeedCache()
    let links = LinkCache()
}
