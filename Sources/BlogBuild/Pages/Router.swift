/// Lists every page the site has, one route per output file, as the page kinds
/// declare them (`PageKinds.all`), and reports two sources that would write the same file.
enum Router {
    /// `kinds`: the kinds of page the site has (a test adds one of its own).
    static func routes(for site: Site, kinds: [PageKind] = PageKinds.all) -> ([Route], [Diagnostic]) {
        let (routes, _, diagnostics) = indexedRoutes(for: site, kinds: kinds)
        return (routes, diagnostics)
    }

    /// `routes`, with each route's place in the list by its output path (made for the
    /// duplicate check, and kept by a plan: a patched one finds a page's last key by it).
    static func indexedRoutes(for site: Site, kinds: [PageKind] = PageKinds.all)
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

        // Output path → the route that has it; a later route with the same path, or a bad URL, is dropped.
        var owner: [String: Int] = [:]
        owner.reserveCapacity(routes.count)
        var dropped: [Int] = []
        for r in routes.indices {
            let url = routes[r].url
            if Self.hasDotSegment(url) || url.utf8.contains(0) {
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
