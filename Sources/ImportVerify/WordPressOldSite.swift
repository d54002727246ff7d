import Foundation
import Import

/// A WordPress blog's old URLs, read from its export: no generator needed. The
/// pages are the item links of published posts and pages; the feeds are `/feed/`
/// and each category's and tag's `/category/NAME/feed/`, `/tag/NAME/feed/`, whose
/// newest entries are the newest published posts there, each named by its `<guid>`.
struct WordPressOldSite: Sendable {
    var listing: OldSiteListing
    /// Each feed's entry ids, newest first (up to `ImportVerifier.newestEntries`).
    var feedIDs: [String: [String]]
    /// Item links a static site cannot answer (`/?p=12`): left out, counted here.
    var queryLinks: Int

    static func read(_ file: URL) throws(ImportFailure) -> WordPressOldSite {
        let export = try WordPressExport.read(file)
        var pages = Set<String>()
        var posts: [(date: String, guid: String, terms: [WordPressItem.Term])] = []
        var queryLinks = 0
        for item in export.items where (item.postType == "post" || item.postType == "page") && item.status == "publish" {
            let link = item.link.trimmingCharacters(in: .whitespacesAndNewlines)
            if link.contains("?") {
                queryLinks += 1
            } else if !link.isEmpty {
                pages.insert(ImportAssembler.sitePath(link, basePath: export.basePath))
            }
            if item.postType == "post" {
                let date = item.postDateGMT.hasPrefix("0000") || item.postDateGMT.isEmpty ? item.postDate : item.postDateGMT
                posts.append((date, item.guid.trimmingCharacters(in: .whitespacesAndNewlines), item.terms))
            }
        }
        // Newest first; a stable order for posts of one second.
        let newest = posts.enumerated().sorted { a, b in
            a.element.date != b.element.date ? a.element.date > b.element.date : a.offset < b.offset
        }.map(\.element)
        var feedIDs: [String: [String]] = ["/feed/": newest.prefix(ImportVerifier.newestEntries).map(\.guid)]
        for (domain, prefix) in [("category", "/category/"), ("post_tag", "/tag/")] {
            let names = Set(newest.flatMap { $0.terms.filter { $0.domain == domain && !$0.nicename.isEmpty }.map(\.nicename) })
            for name in names {
                let inFeed = newest.filter { $0.terms.contains { $0.domain == domain && $0.nicename == name } }
                feedIDs["\(prefix)\(name)/feed/"] = inFeed.prefix(ImportVerifier.newestEntries).map(\.guid)
            }
        }
        return WordPressOldSite(listing: OldSiteListing(pages: pages.sorted(), feeds: feedIDs.keys.sorted()),
                                feedIDs: feedIDs, queryLinks: queryLinks)
    }
}
