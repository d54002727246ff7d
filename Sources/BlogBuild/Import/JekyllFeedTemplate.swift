/// A feed the old site made with a Liquid template of its own, at an address
/// blogbuild does not write (`/feeds/updates.xml`, `/rss.xml`): its readers keep a
/// feed there, blogbuild's of the same format, written at the old address by a
/// `redirects:` entry to it (a redirect to a feed is a copy of it, as a feed reader
/// follows no HTML redirect). What the template chose (a filter, another order) is
/// not kept, and IMPORT.md says so.
enum JekyllFeedTemplate {
    /// blogbuild's feed of the template's format: `/feed.json` for JSON Feed,
    /// `/atom.xml` for Atom, `/feed.xml` for RSS; nil when the file (or its layout,
    /// `_layouts/NAME.*`) makes no feed.
    static func blogbuildFeed(text: String, layout: String?, tree: SourceTree) -> String? {
        var texts = [SourceDocumentText(text).body]
        if let layout {
            for ext in ["xml", "json", "html", "atom", "rss"] {
                if let t = tree.text("_layouts/\(layout).\(ext)") { texts.append(t) }
            }
        }
        for t in texts {
            if t.contains("jsonfeed.org") { return "/feed.json" }
            if t.contains("<rss") { return "/feed.xml" }
            if t.contains("<feed") && t.contains("http://www.w3.org/2005/Atom") { return "/atom.xml" }
        }
        return nil
    }
}
