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

    /// The fields for `terms`, leaving out any old address in `taken` (output paths an
    /// imported post or page owns, which must not be written twice).
    static func fields(_ terms: Set<Term>, taken: Set<String>, report: inout ImportReport) -> ImportFields {
        var redirects: ImportFields = []
        var seen = taken
        for term in terms.sorted() {
            let folder = term.domain == "category" ? "category" : "tag"
            let page = "/\(folder)/\(term.nicename)/"
            for (old, new) in [(page, term.tagURL), (page + "feed/", FeedLink.collectionFeedPath(term.tagURL))]
            where seen.insert(SitePaths.outputPath(forSitePath: old)).inserted {
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
