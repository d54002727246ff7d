import Load
import Support

/// The `redirects:` entries of site.yml that are written as a feed, not as an HTML
/// page: those whose target is a feed the site writes (`/feed.xml`, `/atom.xml`,
/// `/feed.json`, a series', tag's or app's `atom.xml`) and whose old path is not an
/// HTML page's name. A feed reader follows no HTML redirect, so the old address gets
/// that feed's bytes (`FeedAddress` says where: `/feed/` → `feed/index.xml`).
public enum FeedRedirects {
    /// Index into `site.config.redirects` → the site path of the feed it copies.
    public static func targets(in site: Site) -> [Int: String] {
        let redirects = site.config.redirects
        guard !redirects.isEmpty else { return [:] }
        var feeds: Set<String> = [FeedLink.rssPath, FeedLink.atomPath, FeedLink.jsonPath]
        for c in FeedCollection.all(in: site) { feeds.insert(FeedLink.collectionFeedPath(c.pageURL)) }
        var out: [Int: String] = [:]
        for (i, redirect) in redirects.enumerated() where feeds.contains(redirect.to) && FeedAddress.canHoldFeed(redirect.from) {
            out[i] = redirect.to
        }
        return out
    }
}
