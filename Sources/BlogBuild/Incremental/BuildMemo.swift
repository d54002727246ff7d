import Foundation
import Images

/// The incremental layer: what one build keeps for the next, stage by stage, so
/// the dev server's rebuild does again only the work whose inputs changed. The
/// stages are pure functions of their inputs; each memo here calls one of them
/// item by item and decides which items to compute again:
///
/// - `documents`: Markdown files, read again when their stamp changes;
/// - `markdown`: bodies rendered again when their text or the options change;
/// - `related`: related posts, chosen again only where an edit can change them;
/// - `imageUses`: each document's part of the image plan;
/// - `imageSizes`, `bodyImages`, `imageSources`: image headers, hashes, and HTML with images sized and pictured;
/// - `pages`: pages rendered again when their key (`RenderKeys`) changes; once
///   written, a page is kept by its digest (`FileDigest`), not its bytes, and comes
///   out of the next build as `.written`;
/// - `feeds`: feeds made again when their key (`FeedKeys`) changes; kept by digest once written, as pages;
/// - `links`, `pageLinks`: link checks done again when what they looked at changed;
/// - `search`: the search index's groups of documents analysed again when one of their documents changes.
///
/// Everything else (relations, routes, the sitemap) is computed every time a
/// plan is made whole; an edit of existing posts patches the last plan instead
/// (`PlanPatch`). Every memo holds exactly the last build's entries, so memory stays
/// one site's worth. The incremental-build tests compare every rebuild with a
/// clean build, byte for byte.
final class BuildMemo {
    let documents = DocumentMemo()
    let markdown = MarkdownMemo()
    let imageSizes = ImageSizeMemo()
    let related = RelatedPostMemo()
    let imageUses = ImageUseMemo()
    let bodyImages = BodyImageMemo()
    /// Source images' hashes and headers (`ImageSourceIndex`), read from the image cache once per serve.
    var imageSources: ImageSourceIndex?
    let pages = PageMemo()
    let feeds = FeedMemo()
    let links = LinkMemo()
    let pageLinks = PageLinkMemo()
    let search = SearchMemo()
    /// The last build's plan, which `PlanPatch` patches when only posts or theme assets changed.
    var plan: SitePlan?
    private var plansMade = 0

    /// The output folder holds what the last build made: pages and feeds are kept by their digests.
    func wrote() {
        pages.wrote()
        feeds.wrote()
    }

    /// The output folder may no longer hold what was written (a write failed, or the next one goes
    /// elsewhere): the pages and feeds only it held are made again.
    func forgetWritten() {
        pages.forgetWritten()
        feeds.forgetWritten()
    }

    /// A number for a new plan (`SitePlan.number`), never given before.
    func nextPlanNumber() -> Int {
        plansMade += 1
        return plansMade
    }
}
