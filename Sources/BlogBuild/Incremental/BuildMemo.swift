import Foundation

/// The incremental layer: what one build keeps for the next, stage by stage, so
/// the dev server's rebuild does again only the work whose inputs changed. The
/// stages are pure functions of their inputs; each memo here calls one of them
/// item by item and decides which items to compute again:
///
/// - `documents`: Markdown files, read again when their stamp changes;
/// - `markdown`: bodies rendered again when their text or the options change;
/// - `imageSizes`, `sizedBodies`, `imageSources`: image headers, hashes and sized HTML;
/// - `pages`: pages rendered again when their key (`RenderKeys`) changes;
/// - `feeds`: feeds made again when their key (`FeedKeys`) changes;
/// - `links`, `pageLinks`: link checks done again when what they looked at changed;
/// - `search`: the search index's groups of documents analysed again when one of their documents changes.
///
/// Everything else (relations, routes, the sitemap) is computed every time; it
/// is cheap. Every memo holds exactly the last build's entries, so memory stays
/// one site's worth. The incremental-build tests compare every rebuild with a
/// clean build, byte for byte.
final class BuildMemo {
    let documents = DocumentMemo()
    let markdown = MarkdownMemo()
    let imageSizes = ImageSizeMemo()
    let sizedBodies = SizedBodyMemo()
    /// Source images' hashes and headers (`ImageSourceIndex`), read from the image cache once per serve.
    var imageSources: ImageSourceIndex?
    let pages = PageMemo()
    let feeds = FeedMemo()
    let links = LinkMemo()
    let pageLinks = PageLinkMemo()
    let search = SearchMemo()
    /// The last build's inputs and results, for `EditPatch`; nil after a build without a theme.
    var last: LastBuild?
}
