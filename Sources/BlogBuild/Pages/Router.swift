/// Lists every page the site has, one route per output file, as the page kinds
/// declare them (`PageKinds.all`), and reports two sources that would write the same file.
enum Router {
    /// `kinds`: the kinds of page the site has (a test adds one of its own).
    static func routes(for site: Site, kinds: [PageKind] = PageKinds.all) -> ([Route], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var routes: [Route] = []
        routes.reserveCapacity(site.posts.count * 2 + site.tags.count + 64)
        for kind in kinds { routes += kind.routes(site, &diagnostics) }

        // Output path → its route's place in `unique`.
        var owner: [String: Int] = [:]
        owner.reserveCapacity(routes.count)
        var unique: [Route] = []
        unique.reserveCapacity(routes.count)
        for route in routes {
            if Self.hasDotSegment(route.url) || route.url.utf8.contains(0) {
                diagnostics.append(Diagnostic(file: route.source, line: route.location?.line, column: route.location?.column,
                                              message: "URL \(route.url): '.' and '..' are not allowed in a permalink or alias"))
                continue
            }
            let path = route.outputPath
            if let firstIndex = owner[path] {
                let first = unique[firstIndex]
                // Point at a file the author can change: the later source unless it is generated.
                let blamed = route.source.hasPrefix("(") ? first : route
                diagnostics.append(Diagnostic(
                    file: blamed.source, line: blamed.location?.line, column: blamed.location?.column,
                    message: "duplicate output path \(route.url): written by both \(first.source) and \(route.source)"))
                continue
            }
            owner[path] = unique.count
            unique.append(route)
        }
        return (unique, diagnostics)
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
