import Foundation
import Load
import Support
import Output
import BlogBuild
import Feeds

/// The imported site as blogbuild builds it, held in memory, answering old URLs as
/// a static server would: a folder URL by its `index.html`, else its `index.xml`
/// (GitHub Pages serves a folder's `index.xml` when it has no `index.html`; see
/// `FeedAddress`), and a page that is a redirect (meta refresh) by following it.
struct NewSiteAnswers: Sendable {
    /// The built files by output path.
    let files: [String: OutputFile.Contents]
    /// The site's path on its host, `/` or `/blog/`: redirects name it, the output folder does not.
    let basePath: String
    /// The site's host, lowercased (`example.org`), or nil.
    let host: String?

    /// Redirects followed before giving up.
    static let maxHops = 10
    /// Bytes of a page looked at for a meta refresh.
    static let refreshWindow = 4096

    /// Whether the site has an address of its own (not the placeholder base_url).
    var hasAddress: Bool

    /// `https://host/a/b/` → `/a/b/`; an id that is no absolute URL as it is.
    static func withoutHost(_ id: String) -> String {
        guard let scheme = id.range(of: "://"), let slash = id[scheme.upperBound...].firstIndex(of: "/") else { return id }
        return String(id[slash...])
    }

    init(files: [OutputFile], baseURL: String?) {
        hasAddress = baseURL != nil && baseURL != ConfigLoader.placeholderBaseURL
        var byPath: [String: OutputFile.Contents] = [:]
        for file in files { byPath[file.path] = file.contents }
        self.files = byPath
        var base = "/"
        var host: String?
        if let baseURL, let components = URLComponents(string: baseURL) {
            host = components.host?.lowercased()
            base = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            if !base.hasSuffix("/") { base += "/" }
        }
        basePath = base
        self.host = host
    }

    /// The output path a server sends for URL path `path`, or nil.
    func outputPath(for path: String) -> String? {
        let local = SitePaths.percentDecoded(path)
        guard !local.contains("\0"), !(local + "/").contains("/../") else { return nil }
        var rel = Substring(local)
        while rel.hasPrefix("/") { rel = rel.dropFirst() }
        let candidates = local.isEmpty || local.hasSuffix("/")
            ? [rel + "index.html", rel + FeedAddress.folderFile]
            : [String(rel), rel + "/index.html", rel + "/" + FeedAddress.folderFile, rel + ".html"]
        return candidates.first { files[$0] != nil }
    }

    /// The bytes of the built file at `outputPath`.
    func bytes(_ outputPath: String) -> [UInt8]? {
        switch files[outputPath] {
        case .bytes(let bytes): return bytes
        case .copy(let from): return FileManager.default.contents(atPath: from).map { [UInt8]($0) }
        case .written, nil: return nil
        }
    }

    static func isHTML(_ outputPath: String) -> Bool {
        let lower = outputPath.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
    }

    /// How old URL path `path` is answered: the page itself, a redirect page that leads
    /// (without a loop, on this site) to a real page, or why it is lost. `oldTarget`:
    /// where the old page itself sent readers, when it was a redirect; a redirect to
    /// the same place on another host keeps it.
    func answer(_ path: String, oldTarget: String? = nil) -> VerifyReport.Outcome {
        var seen: [String] = []
        var current = path
        for _ in 0...Self.maxHops {
            if seen.contains(current) {
                return .lost("redirect loop: " + (seen + [current]).joined(separator: " → "))
            }
            seen.append(current)
            guard let file = outputPath(for: current) else {
                return seen.count == 1 ? .lost("missing") : .lost("redirect to a missing page: " + seen.joined(separator: " → "))
            }
            guard Self.isHTML(file), let bytes = bytes(file), let target = Self.refreshTarget(bytes) else {
                return seen.count == 1 ? .kept : .redirect(to: current)
            }
            switch sitePath(of: target, from: current) {
            case .success(let next): current = next
            case .failure(let away):
                if let oldTarget, Self.sameURL(oldTarget, away.url) { return .redirect(to: away.url) }
                return .lost("redirect to another host: \(away.url)")
            }
        }
        return .lost("more than \(Self.maxHops) redirects: " + seen.joined(separator: " → "))
    }

    struct AwayFromSite: Error { var url: String }

    /// Two absolute URLs that name one place (as parsed, percent-encoding aside).
    static func sameURL(_ a: String, _ b: String) -> Bool {
        func normal(_ s: String) -> String {
            let encoded = s.addingPercentEncoding(withAllowedCharacters: urlCharacters) ?? s
            return (URL(string: s) ?? URL(string: encoded))?.absoluteString ?? s
        }
        return normal(a) == normal(b)
    }

    /// The site path (without the base path) a redirect's target leads to from `current`,
    /// or the target when it leads off this site.
    func sitePath(of target: String, from current: String) -> Result<String, AwayFromSite> {
        let here = URL(string: "http://site.invalid" + (current.hasPrefix("/") ? current : "/" + current))
        let encoded = target.addingPercentEncoding(withAllowedCharacters: Self.urlCharacters) ?? target
        guard let absolute = URL(string: target, relativeTo: here)?.absoluteURL ?? URL(string: encoded, relativeTo: here)?.absoluteURL,
              let components = URLComponents(url: absolute, resolvingAgainstBaseURL: false) else {
            return .failure(AwayFromSite(url: target))
        }
        let targetHost = components.host?.lowercased()
        guard targetHost == "site.invalid" || (targetHost != nil && targetHost == host) else {
            return .failure(AwayFromSite(url: absolute.absoluteString))
        }
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if basePath != "/" {
            if path.hasPrefix(basePath) { path = "/" + path.dropFirst(basePath.count) }
            else if path + "/" == basePath { path = "/" }
        }
        return .success(path)
    }

    /// Characters a URL may hold as they are (anything else is percent-encoded before parsing).
    static let urlCharacters: CharacterSet = {
        var set = OldSiteListing.allowed
        set.insert(charactersIn: "%?#[]")
        return set
    }()

    /// The target of a `<meta http-equiv="refresh" content="0; url=…">` near the page's start, or nil.
    static func refreshTarget(_ bytes: [UInt8]) -> String? {
        let head = Array(bytes.prefix(refreshWindow))
        // ASCII letters lowered, byte for byte: positions in `lower` are positions in `head`.
        let lower = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        var from = 0
        while let meta = find(Array("<meta".utf8), in: lower, from: from) {
            let end = lower[meta...].firstIndex(of: UInt8(ascii: ">")) ?? lower.count
            from = end
            let tag = Array(lower[meta..<end])
            guard find(Array("http-equiv".utf8), in: tag, from: 0) != nil, find(Array("refresh".utf8), in: tag, from: 0) != nil,
                  let content = find(Array("content=".utf8), in: tag, from: 0) else { continue }
            var value = String(decoding: head[(meta + content + "content=".utf8.count)..<end], as: UTF8.self)[...]
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst()
                value = value.prefix { $0 != quote }
            } else {
                value = value.prefix { !$0.isWhitespace }
            }
            guard let url = value.range(of: "url=", options: .caseInsensitive) else { continue }
            var target = value[url.upperBound...].trimmingCharacters(in: .whitespaces)
            if target.hasPrefix("'") || target.hasPrefix("\"") { target = String(target.dropFirst().dropLast()) }
            return target.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&quot;", with: "\"")
        }
        return nil
    }

    /// The first position of `needle` in `haystack` at or after `from`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        for i in from...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// How an old feed is answered: a feed (not an HTML page: a feed reader follows no
    /// HTML redirect) whose newest entries have the old feed's newest ids.
    func answerFeed(_ path: String, oldIDs: [String]) -> VerifyReport.Outcome {
        guard let file = outputPath(for: path) else { return .lost("missing") }
        guard let bytes = bytes(file) else { return .lost("missing") }
        if Self.isHTML(file) {
            return .lost(Self.refreshTarget(bytes) != nil ? "an HTML redirect page (a feed reader does not follow it)"
                         : "an HTML page, not a feed")
        }
        guard let entries = FeedEntryIDs.read(bytes) else { return .lost("\(file) is not a feed") }
        let want = Array(oldIDs.prefix(ImportVerifier.newestEntries))
        // The new feed's newest as many, and any dated the same as the last of them: two
        // posts of one day may come in either order, and either is "the newest five".
        var newest = Array(entries.prefix(want.count))
        if let last = newest.last?.date {
            newest += entries.dropFirst(want.count).prefix { $0.date == last }
        }
        // A site with no address yet (the placeholder base_url): the old ids' host was
        // whatever the old site was served from, and the new ones' is the address the user
        // writes, so ids are compared by what follows the host.
        let compared = hasAddress
        func key(_ id: String) -> String { compared ? id : Self.withoutHost(id) }
        let have = Set(newest.map { key($0.id) })
        let missing = want.filter { !have.contains(key($0)) }
        guard missing.isEmpty else {
            let shown = missing.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (missing.count > 3 ? ", ..." : "")
            return .lost("\(missing.count) of the \(want.count) newest ids not among the new feed's newest (\(shown))")
        }
        return .kept
    }
}
