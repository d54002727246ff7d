import Foundation

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
    /// (RSS), `<id>` (Atom) or `"id"` (JSON Feed) and how many posts its loop takes;
    /// nil when it loops over no posts. Liquid's rules, not one template's shape: the
    /// loop may run over `site.posts` or a variable assigned from it (`{% assign list
    /// = site.posts | sort: "date" %}`), the id may be a variable assigned in the loop
    /// (`{% assign post_id = post.url | absolute_url %}`), and the count is the loop's
    /// `limit:` or an `{% if forloop.index > N %}{% break %}` whose `N` may be a
    /// setting of `config` (`site.feeds.limit`).
    static func entries(text: String, layout: String?, tree: SourceTree, config: ImportValue = .null) -> Entries? {
        var texts = [SourceDocumentText(text).body]
        if let layout {
            for ext in ["xml", "json", "html", "atom", "rss"] {
                if let t = tree.text("_layouts/\(layout).\(ext)") { texts.append(t) }
            }
        }
        for t in texts {
            let assigned = assignments(in: t)
            let postLists = Set(assigned.filter { isPostList($0.value) }.map(\.key))
            var found: (tag: Substring, range: Range<String.Index>)?
            var searchFrom = t.startIndex
            while found == nil, let loop = t.range(of: #"\{%-?\s*for\s+\w+\s+in\s+[\w.]+[^%]*%\}"#, options: .regularExpression, range: searchFrom..<t.endIndex) {
                let words = loopWords(t[loop])
                if words.count > 3, isPostList(words[3]) || postLists.contains(words[3]) { found = (t[loop], loop) }
                searchFrom = loop.upperBound
            }
            guard let (tag, loop) = found else { continue }
            let variable = loopWords(tag)[1]
            var entries = Entries()
            let body = t[loop.upperBound...]
            if let limit = tag.range(of: #"limit\s*:\s*\d+"#, options: .regularExpression) {
                entries.limit = Int(tag[limit].filter(\.isNumber))
            } else if let stop = body.range(of: #"\{%-?\s*if\s+forloop\.index0?\s*(>=|>)\s*[\w.]+\s*-?%\}\s*\{%-?\s*break"#, options: .regularExpression) {
                let words = body[stop].split(whereSeparator: { " \t\n{}%-".contains($0) })
                if let at = words.firstIndex(where: { $0 == ">" || $0 == ">=" }), at + 1 < words.count {
                    let bound = String(words[at + 1])
                    var n = Int(bound) ?? setting(bound, in: config)
                    let zeroBased = words[at - 1].hasSuffix("index0")
                    // `index > N` stops after N posts, `index >= N` after N - 1; `index0` counts from 0.
                    if n != nil {
                        if words[at] == ">=" { n! -= 1 }
                        if zeroBased { n! += 1 }
                    }
                    entries.limit = n.flatMap { $0 > 0 ? $0 : nil }
                }
            }
            for element in ["<guid", "<id>", "\"id\""] {
                guard let start = body.range(of: element) else { continue }
                let rest = body[start.upperBound...]
                let end = rest.range(of: element == "\"id\"" ? "\n" : "</")?.lowerBound ?? rest.endIndex
                var written = String(rest[..<end])
                // One variable the template assigned in its place (`{{ post_id }}`): its first value.
                for (name, value) in assigned where written.range(of: #"\{\{-?\s*"# + name + #"\b"#, options: .regularExpression) != nil {
                    written += " " + value
                }
                if written.contains("\(variable).id") { entries.ids = .postID } else if written.contains("\(variable).url") { entries.ids = .postURL }
                break
            }
            return entries
        }
        return nil
    }

    /// `{% for post in site.posts limit:10 %}` → `for`, `post`, `in`, `site.posts`, `limit:10`.
    private static func loopWords(_ tag: Substring) -> [String] {
        let inner: String = tag.dropFirst(2).dropLast(2).trimmingCharacters(in: CharacterSet(charactersIn: "- \t\n"))
        return inner.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    /// `{% assign NAME = VALUE %}` in `text`, the first value of each name, in order.
    private static func assignments(in text: String) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        var from = text.startIndex
        while let tag = text.range(of: #"\{%-?\s*assign\s+\w+\s*=[^%]*%\}"#, options: .regularExpression, range: from..<text.endIndex) {
            from = tag.upperBound
            let inner = text[tag].dropFirst(2).dropLast(2).trimmingCharacters(in: CharacterSet(charactersIn: "- \t\n"))
            guard let eq = inner.firstIndex(of: "=") else { continue }
            let name = inner[..<eq].dropFirst("assign".count).trimmingCharacters(in: .whitespaces)
            if !out.contains(where: { $0.key == name }) {
                out.append((key: name, value: inner[inner.index(after: eq)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return out
    }

    /// Whether a Liquid expression is the site's posts (`site.posts`, `paginator.posts`,
    /// either through filters).
    private static func isPostList(_ expression: String) -> Bool {
        let head = expression.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return head == "site.posts" || head == "paginator.posts"
    }

    /// A whole number at `site.a.b` in the site's config.
    private static func setting(_ path: String, in config: ImportValue) -> Int? {
        guard path.hasPrefix("site.") else { return nil }
        var value: ImportValue? = config
        for key in path.dropFirst("site.".count).split(separator: ".") { value = value?[String(key)] }
        return value?.scalarText.flatMap { Int($0) }
    }
}
