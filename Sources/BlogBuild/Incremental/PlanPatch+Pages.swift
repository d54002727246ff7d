import Foundation
import Support
import Site
import Render
import Pages

/// The steps of a patched plan from the resolved site to the pages: relations,
/// routes, and the render keys of the pages the edit reaches.
extension PlanPatch {
    /// The changed posts' relations made again (`PostRelations.update`), and what the pages show
    /// that the edit may have changed (`EditReach`), found by comparing the relations before and after.
    mutating func relate() {
        reach = EditReach(posts: editedNow)
        reach.templates = editedTemplates
        // A part's title is in its series' box on every part's page.
        for s in editedNow {
            if let si = plan.site.posts[s].seriesIndex { reach.seriesBoxes.insert(si) }
        }
        if relationsChanged {
            // By index: a key path's `map` copies each element first.
            let before = (tags: plan.site.tags, series: plan.site.series.indices.map { plan.site.series[$0].postIndices },
                          apps: plan.site.apps.indices.map { plan.site.apps[$0].postIndices })
            // Swapped out, not assigned: a second reference to the posts would make the next change copy them all.
            var posts: [SitePost] = [], series: [SiteSeries] = [], apps: [SiteApp] = []
            swap(&posts, &plan.site.posts)
            swap(&series, &plan.site.series)
            swap(&apps, &plan.site.apps)
            // A series that moved among the others took its parts with it: its posts' series indices follow.
            if let move = seriesAndApps.seriesMove {
                for i in posts.indices {
                    if let s = posts[i].seriesIndex { posts[i].seriesIndex = SeriesAppPatch.movedIndex(s, from: move.from, to: move.to) }
                }
            }
            let tags = PostRelations.update(&posts, series: &series, apps: &apps, tags: before.tags, position: position, changed: editedNow)
            swap(&posts, &plan.site.posts)
            swap(&series, &plan.site.series)
            swap(&apps, &plan.site.apps)
            plan.site.tags = tags
            reach.add(relationsBefore: before, after: plan.site, position: position)
            // Tag pages are routes: a tag that came or went, or was renamed, changes them.
            if !tags.elementsEqual(before.tags, by: { $0.slug == $1.slug && $0.name == $1.name }) { routesChanged = true }
        }
        // An edited series: its page, the series index, its parts' boxes and list marks (its title),
        // in its posts' indices of this build; an edited app: its page, its child pages, the apps
        // page and its posts' app cards.
        for si in seriesAndApps.series {
            reach.series.insert(si)
            reach.seriesBoxes.insert(si)
            reach.relinked.formUnion(plan.site.series[si].postIndices)
        }
        reach.apps.formUnion(seriesAndApps.apps)
        if plan.site.config.related, relationsChanged || permalinksChanged {
            // Each post's related posts still name the last order's posts: updated in place (swapped out, as above).
            var posts: [SitePost] = []
            swap(&posts, &plan.site.posts)
            reach.related = memo.related.update(&posts, apps: plan.site.apps, tags: plan.site.tags, origin: origin,
                                                lastCount: position.count, edited: editedNow)
            swap(&posts, &plan.site.posts)
        }
        if relationsChanged || permalinksChanged { clock.lap("relations") }
    }

    /// The routes, when they changed: each post's own pages move with it; only the changed
    /// posts' and the other kinds' are made again (`Router.patchedRoutes`).
    mutating func route() {
        guard routesChanged else { return }
        let oldRoutes = plan.routes, oldRouteIndex = plan.routeIndex
        if let patched = Router.patchedRoutes(for: plan.site, kinds: kinds, lastRoutes: oldRoutes,
                                              lastProblems: plan.problems.routes, lastPostCount: position.count,
                                              origin: origin, changed: editedNow) {
            plan.routes = patched.routes
            plan.routeIndex = patched.byOutputPath
            plan.problems.routes = patched.problems
            // A page made again may be one the last plan had (a tag's, a home page): found by its path.
            lastIndex = patched.lastIndex
            for r in patched.routes.indices where patched.lastIndex[r] == nil {
                lastIndex?[r] = oldRouteIndex[patched.routes[r].outputPath]
            }
        } else {
            (plan.routes, plan.routeIndex, plan.problems.routes) = Router.indexedRoutes(for: plan.site, kinds: kinds)
            lastIndex = plan.routes.map { oldRouteIndex[$0.outputPath] }
        }
        if let moved = lastIndex, moved.count == oldRoutes.count, moved.indices.allSatisfy({ moved[$0] == $0 }) { lastIndex = nil }
        clock.lap("routes")
    }

    /// The projections of the changed posts, and the render keys: a page keeps its key unless
    /// it shows something the edit reached, or is new.
    mutating func makeKeys() {
        let versions = memo.documents.versions
        let version: @Sendable (String) -> Int = { versions[$0] ?? 0 }
        if reordered {
            // Each post keeps its entry (and its hash) where it moved; a new post's is made below.
            let placeholder = projections.entries[0]
            InPlaceOrder.rearrange(&projections.entries, origin: origin, filler: placeholder)
            InPlaceOrder.rearrange(&shared.entryKeys, origin: origin, filler: 0)
            InPlaceOrder.rearrange(&shared.entryKeysWithoutCounts, origin: origin, filler: 0)
            let lowest = origin.indices.first { origin[$0] != $0 } ?? min(origin.count, position.count)
            let highest = max(origin.count, position.count)
            if lowest < highest { reach.shifted = lowest..<highest }
            // The home pages' count changes only with the number of posts.
            reach.pageCount = origin.count != position.count
            if origin.count != position.count { reach.postCountNow = origin.count }
            let wide = SiteWide(plan.site)
            if wide != projections.site {
                projections.site = wide
                reach.everything = true
            }
        }
        let changes = projections.update(for: plan.site, edited: editedNow, relinked: reach.relinked,
                                         relations: relationsChanged || !seriesAndApps.series.isEmpty || !seriesAndApps.apps.isEmpty)
        reach.add(changes)
        let renderKeys = RenderKeys(site: plan.site, theme: theme, urls: plan.urls, projections: projections, version: version)
        // Which templates read tag counts is part of every content key (`RenderKeys.keyParts`).
        let countlessChanged = shared.countlessTemplates != RenderKeys.countlessTemplates(of: theme)
        if reach.everything || countlessChanged {
            shared = renderKeys.shared()
        } else {
            var countless = Set<Int>()
            for s in changes.entries.union(editedNow) {
                let before = shared.entryKeysWithoutCounts[s]
                renderKeys.updating(&shared, entry: s)
                // An entry that changed only in its tags' post counts (a post joined or left a tag)
                // is the same on the pages that show no count: most pages, for most themes.
                if editedNow.contains(s) || shared.entryKeysWithoutCounts[s] != before || origin[s] == nil { countless.insert(s) }
            }
            reach.countlessEntries = (reach.entries.filter { countless.contains($0) || !changes.entries.contains($0) },
                                      shared.countlessTemplates)
        }
        clock.lap("projections")

        let site = plan.site, seen = reach, sharedNow = shared, moved = lastIndex
        let lastKeys = keys, lastContentKeys = contentKeys
        let parts = plan.routes.withUnsafeBufferPointer { routes in
            // Read in place: a route copied per page is 11,000 retains and releases of its strings.
            nonisolated(unsafe) let routes = routes
            return Array(routes.indices).parallelMap { r -> (key: Int, content: Int) in
                if let old = moved == nil ? r : moved?[r] {
                    let inputs = routes[r].kind.inputs(routes[r], site)
                    if !seen.showsContent(inputs, in: site) {
                        // Only its template changed: its new key from its last content key.
                        if !seen.showsTemplate(inputs) { return (lastKeys[old], lastContentKeys[old]) }
                        if !countlessChanged {
                            return (renderKeys.key(templates: inputs.templates, content: lastContentKeys[old]), lastContentKeys[old])
                        }
                    }
                }
                return renderKeys.keyParts(for: routes[r], shared: sharedNow)
            }
        }
        keys = parts.map(\.key)
        contentKeys = parts.map(\.content)
        clock.lap("patch")
    }
}
