/// `base_url` taken apart once, for everything that makes URLs from it (page
/// links, feeds, the URL rewriter), so they cannot disagree on where its path
/// starts.
public struct BaseURL: Sendable, Hashable {
    /// `base_url`, ending in `/`.
    let text: String
    /// `https`, lower-cased.
    let scheme: String
    /// `https://example.com` (no trailing slash).
    let origin: String
    /// The host, lower-cased, without user info or port (for `tag:` ids).
    public let host: String
    /// The path, ending in `/` (`/` or `/blog/`).
    public let path: String

    public init(_ baseURL: String) {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        text = base
        if let colon = base.range(of: "://") {
            scheme = String(base[..<colon.lowerBound]).lowercased()
            let rest = base[colon.upperBound...]
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            origin = String(base[..<authorityEnd])
            path = authorityEnd == rest.endIndex ? "/" : String(rest[authorityEnd...])
            var h = authority
            if let at = h.lastIndex(of: "@") { h = h[h.index(after: at)...] }
            if !h.hasPrefix("["), let port = h.lastIndex(of: ":") { h = h[..<port] }
            host = h.lowercased()
        } else {
            // Not absolute (the loader requires an absolute base_url; this keeps tests of parts simple).
            scheme = "https"
            origin = ""
            path = base.hasPrefix("/") ? base : "/" + base
            host = ""
        }
    }
}
