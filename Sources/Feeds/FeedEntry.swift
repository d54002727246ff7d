import Load
import Markdown
import Support
import HTML
import Site
import Images

/// One post as every feed shows it, made once per post from the HTML the site
/// already rendered (no Markdown is rendered again), with every URL absolute.
struct FeedEntry: Sendable {
    /// Stable id; see `FeedEntry.id(for:urls:)`.
    var id: String
    /// Absolute permalink.
    var url: String
    /// The title as written: plain text, escaped by each format exactly once.
    var title: String
    var published: PostDate
    /// `updated:` from the front matter, else `date:`.
    var updated: PostDate
    /// The whole post (hero image first), URLs absolute; nil when the site's feeds
    /// carry summaries (`feeds: { full_content: false }`).
    var contentHTML: String?
    /// The summary, URLs absolute; may be empty (a post that is only a code block).
    var summaryHTML: String
    /// `summary:` from the front matter, as plain text.
    var summaryText: String?
    /// Tag names as first written.
    var tags: [String]
    /// Absolute URL of the hero image.
    var imageURL: String?

    init(post sp: SitePost, site: Site, urls: AbsoluteURLs) {
        let post = sp.post
        id = Self.id(for: sp, urls: urls)
        url = urls.absolute(sp.permalink)
        title = post.title
        published = post.date
        updated = post.updated ?? post.date
        // Feed readers ignore srcset and many drop <picture>: each processed image is its plain <img>.
        summaryHTML = urls.rewrite(PictureMarkup.plain(sp.rendered.summaryHTML), page: url)
        summaryText = post.summary.map { _ in PlainText.of(sp.rendered.summaryHTML) }
        tags = sp.tagIndices.map { site.tags[$0].name }
        var hero = ""
        if let image = post.image {
            let path = ImageReference.sitePath(image.src, from: post.sourcePath)
            let src = urls.resolve(path, page: url) ?? path
            imageURL = src
            hero = "<p><img src=\"\(HTMLEscape.text(src))\" alt=\"\(HTMLEscape.text(image.alt ?? ""))\"></p>\n"
        }
        contentHTML = site.config.feedFullContent ? hero + urls.rewrite(PictureMarkup.plain(sp.rendered.html), page: url) : nil
    }

    /// The id feed readers remember a post by: it must not change when the post is
    /// edited, or the post is announced again. It is a `tag:` URI (RFC 4151) made
    /// of the host of `base_url`, the post's date as written (its calendar date,
    /// which never shifts with the time zone), and the path of the post's FIRST
    /// permalink:
    ///
    ///     tag:example.com,2021-01-05:/2021/01/stoutness/
    ///
    /// The first permalink is the oldest URL the post has had: its first `aliases:`
    /// entry when it has any (aliases are the URLs a post moved from, so the first
    /// is where it started), else its permalink. So editing the title keeps the id,
    /// and so does moving the post as long as the old URL is listed first in
    /// `aliases:` (which keeps old links working too). Changing the date makes it a
    /// new entry. The path includes `base_url`'s own path (`/blog/…`), so two blogs
    /// on one host never share ids. When the host is not a DNS name (an IP address),
    /// the id is the absolute URL of the first permalink instead.
    ///
    /// A post's `feed_id:` comes before all of this: the id an imported post had
    /// in the old site's feeds, kept as it was written; one written as a site path
    /// (`/2024/03/third/`, from a site that named no address of its own) is that
    /// path's absolute URL on `base_url`, the address the site is given.
    static func id(for sp: SitePost, urls: AbsoluteURLs) -> String {
        if let kept = sp.post.feedID { return kept.hasPrefix("/") ? urls.absolute(kept) : kept }
        let first = sp.post.aliases.first ?? sp.permalink
        let isDNSName = !urls.host.isEmpty && urls.host.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
        } && urls.host.contains(where: { $0.isLetter })
        guard isDNSName else { return urls.absolute(first) }
        return "tag:\(urls.host),\(FeedDates.day(sp.post.date)):\(urls.fullPath(first))"
    }
}
