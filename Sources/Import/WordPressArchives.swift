import Support
import BlogBuild
import Site

/// What keeps a WordPress blog's archive addresses answering after import, as
/// site.yml fields: its main feed `/feed/` (`feeds.also_at`: the RSS feed, written
/// as `feed/index.xml`), and for each category and tag an imported post has, its
/// page (`/category/NAME/`, `/tag/NAME/`) redirected to the blogbuild tag it became
/// and its feed (`/category/NAME/feed/`, `/tag/NAME/feed/`) written as that tag's
/// feed (a `redirects:` entry whose target is a feed is a copy of it). NAME is the
/// slug the export used (`wp:category_nicename`), which is the old URL's.
enum WordPressArchives {
    /// A category or tag of a published post: its WordPress domain and slug, and
    /// the blogbuild tag page it became (`/tags/swift-ui/`).
    struct Term: Hashable, Comparable {
        var domain: String
        var nicename: String
        var tagURL: String
        static func < (a: Term, b: Term) -> Bool { (a.domain, a.nicename) < (b.domain, b.nicename) }
    }

    /// What the old feeds had that the import cannot give them, to name in IMPORT.md.
    struct Unkept {
        /// Feeds of "Uncategorized", which blogbuild does not make a tag.
        var uncategorized: Set<String> = []
        /// Feeds of terms whose posts are drafts here (password-protected).
        var draftOnly: Set<String> = []
        /// Posts (sources) whose `<guid>` another post of the export has too: one of each keeps it.
        var sharedIDs: Set<String> = []
    }

    /// The fields for `terms` (each with the posts that have it), leaving out any old
    /// address in `taken` (output paths an imported post or page owns, which must not be
    /// written twice). Each old feed that cannot keep its entries is named with the reason.
    static func fields(_ terms: [Term: Set<String>], unkept: Unkept, taken: Set<String>, report: inout ImportReport) -> ImportFields {
        var redirects: ImportFields = []
        var seen = taken
        var byTag: [String: Set<String>] = [:]
        for (term, posts) in terms { byTag[term.tagURL, default: []].formUnion(posts) }
        for feed in unkept.uncategorized.sorted() {
            report.leave("export", line: nil, feed, "blogbuild makes no tag of Uncategorized, so its feed is not kept")
        }
        for feed in unkept.draftOnly.subtracting(unkept.uncategorized).subtracting(terms.keys.map { "/\($0.domain == "category" ? "category" : "tag")/\($0.nicename)/feed/" }).sorted() {
            report.leave("export", line: nil, feed, "every post of it is a draft here (password-protected), so its feed is not kept")
        }
        if !unkept.sharedIDs.isEmpty {
            report.leave("export", line: nil, "/feed/", "\(unkept.sharedIDs.count) posts share a <guid> with another post of the export; "
                         + "in each pair one gets a new id, so the feed may show it as new")
        }
        for (term, posts) in terms.sorted(by: { $0.key < $1.key }) {
            let folder = term.domain == "category" ? "category" : "tag"
            let feed = "/\(folder)/\(term.nicename)/feed/", all = byTag[term.tagURL] ?? []
            if all.count > posts.count {
                report.leave("export", line: nil, feed, "a category and a tag of one name are one blogbuild tag: the feed here is the tag's, "
                             + "with \(all.count - posts.count) posts more than the old one had")
            } else if !posts.isDisjoint(with: unkept.sharedIDs) {
                report.leave("export", line: nil, feed, "a post of it has the <guid> of another post of the export, and one of the two gets a new id")
            }
        }
        for term in terms.keys.sorted() {
            let folder = term.domain == "category" ? "category" : "tag"
            let page = "/\(folder)/\(term.nicename)/"
            for (old, new) in [(page, term.tagURL), (page + "feed/", FeedLink.collectionFeedPath(term.tagURL))]
            where seen.insert(SiteURLs.outputPath(old)).inserted {
                redirects.append((key: old, value: .text(new)))
            }
        }
        report.count("WordPress's /feed/ → feeds.also_at (the same feed, at feed/index.xml)")
        var out: ImportFields = [(key: "feeds", value: .map([(key: "also_at", value: .list([.text("/feed/")]))]))]
        if !redirects.isEmpty {
            report.count("category and tag pages → redirects to their tag, and their feeds → the tag's feed")
            out.append((key: "redirects", value: .map(redirects)))
        }
        return out
    }
}
