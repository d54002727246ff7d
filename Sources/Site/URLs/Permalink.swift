import Load

/// Expands a permalink pattern such as `/:year/:month/:slug/` for a post.
public enum Permalink {
    /// The placeholders a pattern may use; anything else after `:` is kept as written.
    private static let names = ["year", "month", "day", "slug", "title"]

    static func expand(_ pattern: String, post: Post) -> String {
        expand(pattern, year: post.date.year, month: post.date.month, day: post.date.day, slug: post.slug, title: post.title)
    }

    /// The URL of a post with these fields (`import` asks before any `Post` exists).
    public static func expand(_ pattern: String, year: Int, month: Int, day: Int, slug: String, title: String) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: Swift.max(0, width - s.count)) + s
        }
        // One pass over the pattern: a value is never scanned for placeholders again.
        var out = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            guard let name = names.first(where: { after.hasPrefix($0) }) else {
                out += ":"
                rest = after
                continue
            }
            switch name {
            case "year": out += pad(year, 4)
            case "month": out += pad(month, 2)
            case "day": out += pad(day, 2)
            case "slug": out += slug
            default: out += Slug.make(title)
            }
            rest = after.dropFirst(name.count)
        }
        out += rest
        if !out.hasPrefix("/") { out = "/" + out }
        if !out.hasSuffix("/") && !out.hasSuffix(".html") { out += "/" }
        return out
    }
}
