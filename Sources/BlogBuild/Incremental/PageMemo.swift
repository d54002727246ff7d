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

    /// The last `render`'s plan (`SitePlan.number`), its routes, and each one's key (nil: no
    /// page): a plan patched from it finds its pages' last keys by index (`SitePlan.Lineage`).
    private var renderedFor: (plan: Int, routes: [Route], keys: [Int?])?

    /// The routes (indices) whose page `render` would make again: no page was kept
    /// for their path, or it was made for another key.
    func stale(_ routes: [Route], keys: [Int], lineage: SitePlan.Lineage? = nil) -> [Int] {
        if let last = lastRender(lineage) {
            // Patched from the plan last rendered: 11,000 integers compared, not 11,000 paths looked up.
            if let lastIndex = lineage?.lastIndex {
                return routes.indices.filter { r in lastIndex[r].flatMap { last.keys[$0] } != keys[r] }
            }
            return routes.indices.filter { last.keys[$0] != keys[$0] }
        }
        return routes.indices.filter { entries[routes[$0].outputPath]?.key != keys[$0] }
    }

    /// Paths of pages the last build made that no route makes now (`routeIndex`: the
    /// routes by output path). Most rebuilds keep every page: when each route's path
    /// has a page and there are as many pages as routes, none is gone, found without
    /// walking the pages.
    func gone(keeping routes: [Route], routeIndex: [String: Int], lineage: SitePlan.Lineage? = nil) -> [String] {
        if let last = lastRender(lineage) {
            guard let lastIndex = lineage?.lastIndex else { return [] }
            var kept = [Bool](repeating: false, count: last.routes.count)
            for case let r? in lastIndex { kept[r] = true }
            return last.routes.indices.filter { !kept[$0] && last.keys[$0] != nil }.map { last.routes[$0].outputPath }.sorted()
        }
        if entries.count == routes.count, routes.allSatisfy({ entries[$0.outputPath] != nil }) { return [] }
        return entries.keys.filter { routeIndex[$0] == nil }.sorted()
    }

    /// The last render, when `lineage` says the plan was patched from its plan.
    private func lastRender(_ lineage: SitePlan.Lineage?) -> (plan: Int, routes: [Route], keys: [Int?])? {
        guard let lineage, let last = renderedFor, last.plan == lineage.from, last.routes.count == lineage.lastCount else { return nil }
        return last
    }

    /// `renderer.render(routes)`, rendering only the routes whose key (`keys`, by
    /// route) differs from the one their last page was made for; remembers exactly this call's pages.
    /// `plan`: the plan the routes are (`SitePlan.number`, `lineage`), or nil.
    func render(_ routes: [Route], keys: [Int], of plan: SitePlan? = nil, with renderer: PageRenderer) -> ([OutputFile], [Diagnostic]) {
        let previous = entries
        let stale = stale(routes, keys: keys, lineage: plan?.lineage)
        let (rendered, problems) = renderer.render(stale.map { routes[$0] })
        var made: [String: [UInt8]] = [:]
        made.reserveCapacity(rendered.count)
        for file in rendered { if case .bytes(let bytes) = file.contents { made[file.path] = bytes } }

        var files: [OutputFile] = []
        files.reserveCapacity(routes.count)
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(routes.count)
        var keptKeys = [Int?](repeating: nil, count: routes.count)
        for (r, (route, key)) in zip(routes, keys).enumerated() {
            let path = route.outputPath
            guard let bytes = made[path] ?? previous[path].flatMap({ $0.key == key ? $0.bytes : nil }) else { continue }
            files.append(OutputFile(path: path, contents: .bytes(bytes)))
            fresh[path] = Entry(key: key, bytes: bytes)
            keptKeys[r] = key
        }
        entries = fresh
        renderedFor = plan.map { ($0.number, routes, keptKeys) }
        renderedLastTime = stale.count
        renderedPaths = Set(stale.map { routes[$0].outputPath })
        return (files, problems)
    }
}
