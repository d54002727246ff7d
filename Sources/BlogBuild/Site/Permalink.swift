import Foundation

/// Expands a permalink pattern such as `/:year/:month/:slug/` for a post.
enum Permalink {
    static func expand(_ pattern: String, post: Post) -> String {
        var out = pattern
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: Swift.max(0, width - s.count)) + s
        }
        // :title before :slug is irrelevant (disjoint names), but :year etc. are fixed width.
        out = out.replacingOccurrences(of: ":year", with: pad(post.date.year, 4))
        out = out.replacingOccurrences(of: ":month", with: pad(post.date.month, 2))
        out = out.replacingOccurrences(of: ":day", with: pad(post.date.day, 2))
        out = out.replacingOccurrences(of: ":slug", with: post.slug)
        out = out.replacingOccurrences(of: ":title", with: Slug.make(post.title))
        if !out.hasPrefix("/") { out = "/" + out }
        if !out.hasSuffix("/") && !out.hasSuffix(".html") { out += "/" }
        return out
    }
}
