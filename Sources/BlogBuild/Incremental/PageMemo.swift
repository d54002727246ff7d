/// Pages from the last build with the key they were rendered for (`RenderKeys`),
/// by output path: a page whose key is unchanged is not rendered again.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class PageMemo {
    private struct Entry {
        var key: Int
        var bytes: [UInt8]
    }

    private var entries: [String: Entry] = [:]
    /// Pages rendered (not reused) by the last build, for tests and `--verbose`.
    private(set) var renderedLastTime = 0
    /// Their output paths.
    private(set) var renderedPaths: Set<String> = []

    /// The routes (indices) whose page `render` would make again: no page was kept
    /// for their path, or it was made for another key.
    func stale(_ routes: [Route], keys: [Int]) -> [Int] {
        routes.indices.filter { entries[routes[$0].outputPath]?.key != keys[$0] }
    }

    /// Paths of pages the last build made that no route makes now (`routeIndex`: the
    /// routes by output path). Most rebuilds keep every page: when each route's path
    /// has a page and there are as many pages as routes, none is gone, found without
    /// walking the pages.
    func gone(keeping routes: [Route], routeIndex: [String: Int]) -> [String] {
        if entries.count == routes.count, routes.allSatisfy({ entries[$0.outputPath] != nil }) { return [] }
        return entries.keys.filter { routeIndex[$0] == nil }.sorted()
    }

    /// `renderer.render(routes)`, rendering only the routes whose key (`keys`, by
    /// route) differs from the one their last page was made for; remembers exactly this call's pages.
    func render(_ routes: [Route], keys: [Int], with renderer: PageRenderer) -> ([OutputFile], [Diagnostic]) {
        let previous = entries
        let stale = stale(routes, keys: keys)
        let (rendered, problems) = renderer.render(stale.map { routes[$0] })
        var made: [String: [UInt8]] = [:]
        made.reserveCapacity(rendered.count)
        for file in rendered { if case .bytes(let bytes) = file.contents { made[file.path] = bytes } }

        var files: [OutputFile] = []
        files.reserveCapacity(routes.count)
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(routes.count)
        for (route, key) in zip(routes, keys) {
            let path = route.outputPath
            guard let bytes = made[path] ?? previous[path].flatMap({ $0.key == key ? $0.bytes : nil }) else { continue }
            files.append(OutputFile(path: path, contents: .bytes(bytes)))
            fresh[path] = Entry(key: key, bytes: bytes)
        }
        entries = fresh
        renderedLastTime = stale.count
        renderedPaths = Set(stale.map { routes[$0].outputPath })
        return (files, problems)
    }
}
