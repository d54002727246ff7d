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

    /// How a feed template of the site's own names its entries, and how many it lists.
    struct Entries: Equatable {
        enum IDs: Equatable {
            /// `{{ post.url | absolute_url }}`, `{{ site.url }}{{ post.url }}`, `prepend: site.url`: the post's address.
            case postURL
            /// `{{ post.id | absolute_url }}`: jekyll-feed's id.
            case postID
        }
        var ids: IDs?
        /// `{% for post in site.posts limit:10 %}`.
        var limit: Int?
    }

    /// What the feed template `text` (or its layout) writes as each post's `<guid>`
    /// (RSS) or `<id>` (Atom) and how many posts its loop takes; nil when it loops over
    /// no posts.
    static func entries(text: String, layout: String?, tree: SourceTree) -> Entries? {
        var texts = [SourceDocumentText(text).body]
        if let layout {
            for ext in ["xml", "json", "html", "atom", "rss"] {
                if let t = tree.text("_layouts/\(layout).\(ext)") { texts.append(t) }
            }
        }
        for t in texts {
            guard let loop = t.range(of: #"\{%-?\s*for\s+(\w+)\s+in\s+(site\.posts|paginator\.posts)[^%]*%\}"#, options: .regularExpression) else { continue }
            let tag = t[loop]
            let variable = tag.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst(2).first.map(String.init) ?? "post"
            var entries = Entries()
            if let limit = tag.range(of: #"limit\s*:\s*\d+"#, options: .regularExpression) {
                entries.limit = Int(tag[limit].filter(\.isNumber))
            }
            let body = t[loop.upperBound...]
            for element in ["<guid", "<id>", "\"id\""] {
                guard let start = body.range(of: element) else { continue }
                let rest = body[start.upperBound...]
                let end = rest.range(of: element == "\"id\"" ? "\n" : "</")?.lowerBound ?? rest.endIndex
                let written = rest[..<end]
                if written.contains("\(variable).id") { entries.ids = .postID } else if written.contains("\(variable).url") { entries.ids = .postURL }
                break
            }
            return entries
        }
        return nil
    }
}
