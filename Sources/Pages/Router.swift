import Diagnostics
import Load
import Site

/// Lists every page the site has, one route per output file, as the page kinds
/// declare them (`PageKinds.all`), and reports two sources that would write the same file.
public enum Router {
    /// `kinds`: the kinds of page the site has (a test adds one of its own).
    static func routes(for site: Site, kinds: [PageKind] = PageKinds.all) -> ([Route], [Diagnostic]) {
        let (routes, _, diagnostics) = indexedRoutes(for: site, kinds: kinds)
        return (routes, diagnostics)
    }

    /// `routes`, with each route's place in the list by its output path (made for the
    /// duplicate check, and kept by a plan: a patched one finds a page's last key by it).
    public static func indexedRoutes(for site: Site, kinds: [PageKind] = PageKinds.all)
        -> (routes: [Route], byOutputPath: [String: Int], problems: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // Routes are moved, never copied (a copy retains and releases each of a route's strings):
        // the first kind's array (the posts, 10,000 routes) becomes the list, the others are added to it.
        var routes: [Route] = []
        for kind in kinds {
            var made = kind.routes(site, &diagnostics)
            if routes.isEmpty {
                swap(&routes, &made)
                routes.reserveCapacity(site.posts.count * 2 + site.tags.count + 64)
            } else {
                routes += made
            }
        }

        return index(routes, diagnostics, checking: { _ in true })
    }

    /// `indexedRoutes` made from the last plan's routes (`lastRoutes`, for `lastPostCount`
    /// posts) after an edit of posts: the pages of each post kind (`PageKind.postRoutes`)
    /// are moved with their posts (`origin`: where each post was, nil for a new one) and
    /// made again only for the `changed` posts (edited or new: their new indices); every
    /// other kind's pages are made again. The same routes, in the same order, as
    /// `indexedRoutes` makes, with each moved one's index among the last (`lastIndex`;
    /// nil for one made again). Nil (make them whole) when a route is dropped (a bad
    /// URL, a duplicate path) or the last routes had a problem other than a hint: a
    /// page dropped then as a duplicate may have its path now.
    public static func patchedRoutes(for site: Site, kinds: [PageKind], lastRoutes: [Route], lastProblems: [Diagnostic],
                              lastPostCount: Int, origin: [Int?], changed: Set<Int>)
        -> (routes: [Route], byOutputPath: [String: Int], problems: [Diagnostic], lastIndex: [Int?])? {
        guard !lastProblems.contains(where: { $0.severity != .hint }) else { return nil }
        // Each post kind's last routes of each post, as a range of `lastRoutes` (its routes come in the posts' order).
        var lastRanges: [ObjectIdentifier: [Range<Int>]] = [:]
        var r = 0
        while r < lastRoutes.count {
            let kind = lastRoutes[r].kind
            guard kind.postRoutes != nil else { r += 1; continue }
            var ranges = [Range<Int>](repeating: 0..<0, count: lastPostCount)
            while r < lastRoutes.count, lastRoutes[r].kind === kind {
                let item = lastRoutes[r].item
                guard item < lastPostCount else { return nil }
                ranges[item] = ranges[item].isEmpty ? r..<(r + 1) : ranges[item].lowerBound..<(r + 1)
                r += 1
            }
            guard lastRanges.updateValue(ranges, forKey: ObjectIdentifier(kind)) == nil else { return nil }
        }
        // A kept post's hints stay (an alias that is its own URL); the rest are made again with their pages.
        var diagnostics: [Diagnostic] = []
        if !lastProblems.isEmpty {
            let files = Set(lastProblems.map(\.file))
            var keptFiles = Set<String>()
            for i in site.posts.indices where !changed.contains(i) && files.contains(site.posts[i].post.sourcePath) {
                keptFiles.insert(site.posts[i].post.sourcePath)
            }
            diagnostics = lastProblems.filter { keptFiles.contains($0.file) }
        }
        var routes: [Route] = []
        routes.reserveCapacity(lastRoutes.count + changed.count)
        // Where each route was among the last ones; nil: made now, the only ones whose URL is checked again.
        var lastIndex: [Int?] = []
        lastIndex.reserveCapacity(lastRoutes.count + changed.count)
        for kind in kinds {
            guard let postRoutes = kind.postRoutes else {
                let fresh = kind.routes(site, &diagnostics)
                routes += fresh
                lastIndex += repeatElement(nil, count: fresh.count)
                continue
            }
            let ranges = lastRanges[ObjectIdentifier(kind)]
            for i in site.posts.indices {
                if let o = origin[i], !changed.contains(i) {
                    // No range: the kind had no page last time, so neither has a post that did not change.
                    for last in ranges?[o] ?? 0..<0 {
                        routes.append(lastRoutes[last])
                        routes[routes.count - 1].item = i
                        lastIndex.append(last)
                    }
                } else {
                    let fresh = postRoutes(site, i, &diagnostics)
                    routes += fresh
                    lastIndex += repeatElement(nil, count: fresh.count)
                }
            }
        }
        let count = routes.count
        let indexed = index(routes, diagnostics, checking: { lastIndex[$0] == nil })
        guard indexed.routes.count == count else { return nil }
        return (indexed.routes, indexed.byOutputPath, indexed.problems, lastIndex)
    }

    /// Each route's place by its output path, dropping a route whose URL is bad
    /// (checked where `checking` says) or whose path an earlier route has, with a diagnostic.
    private static func index(_ routes: [Route], _ diagnostics: [Diagnostic], checking: (Int) -> Bool)
        -> (routes: [Route], byOutputPath: [String: Int], problems: [Diagnostic]) {
        var routes = routes, diagnostics = diagnostics
        // Output path → the route that has it; a later route with the same path, or a bad URL, is dropped.
        var owner: [String: Int] = [:]
        owner.reserveCapacity(routes.count)
        var dropped: [Int] = []
        for r in routes.indices {
            let url = routes[r].url
            if checking(r), Self.hasDotSegment(url) || url.utf8.contains(0) {
                diagnostics.append(Diagnostic(file: routes[r].source, line: routes[r].location?.line, column: routes[r].location?.column,
                                              message: "URL \(url): '.' and '..' are not allowed in a permalink or alias"))
                dropped.append(r)
                continue
            }
            if let firstIndex = owner[routes[r].outputPath] {
                let first = routes[firstIndex], route = routes[r]
                // Point at a file the author can change: the later source unless it is generated.
                let blamed = route.source.hasPrefix("(") ? first : route
                diagnostics.append(Diagnostic(
                    file: blamed.source, line: blamed.location?.line, column: blamed.location?.column,
                    message: "duplicate output path \(route.url): written by both \(first.source) and \(route.source)"))
                dropped.append(r)
                continue
            }
            owner[routes[r].outputPath] = r
        }
        if !dropped.isEmpty {
            let drop = Set(dropped)
            routes = routes.indices.filter { !drop.contains($0) }.map { routes[$0] }
            owner = Dictionary(uniqueKeysWithValues: routes.indices.map { (routes[$0].outputPath, $0) })
        }
        return (routes, owner, diagnostics)
    }

    /// Whether a segment of `url` (between slashes) is `.` or `..`.
    static func hasDotSegment(_ url: String) -> Bool {
        var length = 0, dots = 0
        for b in url.utf8 {
            if b == UInt8(ascii: "/") {
                if length > 0, dots == length, length <= 2 { return true }
                length = 0
                dots = 0
            } else {
                length += 1
                if b == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && dots == length && length <= 2
    }
}
