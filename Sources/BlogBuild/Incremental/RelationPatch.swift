import Load
import Site

/// The posts' relations to tags, series and apps (`SiteResolver.relate`) brought
/// up to date for the posts an edit changed, at a cost that follows the change,
/// not the site: each list keeps its other posts, moved to their new indices, and
/// only the changed posts are taken out and put in again. The result is what
/// `relate` makes of the same posts (the incremental-build tests and
/// `RelationPatchTests` compare the two).
///
/// The series and apps must be those the posts were last related to, and the posts'
/// series indices theirs (a series that moved among the others: its posts' indices
/// moved with it first).
enum RelationPatch {
    /// `posts` in their new order; `position` maps a last index to the new one (nil:
    /// the post is gone); `changed`: the new indices of the posts whose front matter may
    /// differ (edited or new): their relations are made again. Every other post keeps
    /// its tags, series and app, and the lists it is in keep their order. `tags`: the
    /// last build's, by last indices. Returns the tags now.
    static func update(_ posts: inout [SitePost], series: inout [SiteSeries], apps: inout [SiteApp], tags: [SiteTag],
                       position: [Int?], changed: Set<Int>) -> [SiteTag] {
        // Each list without the posts that are gone or changed, in new indices; the order holds,
        // because the posts that stay keep their order among themselves.
        func kept(_ list: [Int]) -> [Int] {
            var out: [Int] = []
            out.reserveCapacity(list.count)
            for old in list { if let now = position[old], !changed.contains(now) { out.append(now) } }
            return out
        }
        func insert(_ i: Int, into list: inout [Int]) {
            var low = 0, high = list.count
            while low < high {
                let mid = (low + high) / 2
                if list[mid] < i { low = mid + 1 } else { high = mid }
            }
            list.insert(i, at: low)
        }
        let changedPosts = changed.sorted()

        // Tags: a changed post's names, by slug, each once, in the order it wrote them.
        var made = tags
        var touched = Set<Int>()
        var idBySlug = Dictionary(tags.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { a, _ in a })
        for t in made.indices {
            let list = kept(made[t].postIndices)
            if list.count != made[t].postIndices.count { touched.insert(t) }
            made[t].postIndices = list
        }
        var changedTags: [Int: [Int]] = [:]
        for s in changedPosts {
            var ids: [Int] = []
            for name in posts[s].post.tags {
                let slug = SiteResolver.tagSlug(name)
                let t = idBySlug[slug] ?? {
                    idBySlug[slug] = made.count
                    made.append(SiteTag(name: name, slug: slug, url: SiteURLs.tag(slug: slug), postIndices: []))
                    return made.count - 1
                }()
                guard !ids.contains(t) else { continue }
                ids.append(t)
                insert(s, into: &made[t].postIndices)
                touched.insert(t)
            }
            changedTags[s] = ids
        }
        // A tag is named as the first post in the order writes it.
        for t in touched where !made[t].postIndices.isEmpty {
            let first = made[t].postIndices[0]
            if let name = posts[first].post.tags.first(where: { SiteResolver.tagSlug($0) == made[t].slug }) { made[t].name = name }
        }
        let order = made.indices.filter { !made[$0].postIndices.isEmpty }
            .sorted { (made[$0].name.lowercased(), made[$0].slug) < (made[$1].name.lowercased(), made[$1].slug) }
        var place = [Int](repeating: -1, count: made.count)
        for (at, t) in order.enumerated() { place[t] = at }
        if order != Array(tags.indices) {
            // Tags came, went or moved in the list: every post's numbers follow.
            for i in posts.indices where !posts[i].tagIndices.isEmpty && !changed.contains(i) {
                for k in posts[i].tagIndices.indices { posts[i].tagIndices[k] = place[posts[i].tagIndices[k]] }
            }
        }
        for s in changedPosts { posts[s].tagIndices = changedTags[s, default: []].map { place[$0] } }

        // Series: a changed post leaves its last one and joins the one it names (if the site has it).
        let seriesBySlug = Dictionary(series.enumerated().map { ($1.series.slug, $0) }, uniquingKeysWith: { a, _ in a })
        var touchedSeries = Set<Int>()
        for si in series.indices {
            let list = kept(series[si].postIndices)
            if list.count != series[si].postIndices.count { touchedSeries.insert(si) }
            series[si].postIndices = list
        }
        for s in changedPosts {
            posts[s].seriesIndex = posts[s].post.series.flatMap { seriesBySlug[$0] }
            posts[s].seriesPosition = nil
            if let si = posts[s].seriesIndex {
                series[si].postIndices.append(s)
                touchedSeries.insert(si)
            }
        }
        for si in touchedSeries {
            SiteResolver.sortParts(&series[si], posts: posts)
            for (at, pi) in series[si].postIndices.enumerated() { posts[pi].seriesPosition = at }
        }

        // Apps: their posts in the site's order.
        let appBySlug = Dictionary(apps.enumerated().map { ($1.app.slug, $0) }, uniquingKeysWith: { a, _ in a })
        for ai in apps.indices { apps[ai].postIndices = kept(apps[ai].postIndices) }
        for s in changedPosts {
            posts[s].appIndex = posts[s].post.app.flatMap { appBySlug[$0] }
            if let ai = posts[s].appIndex { insert(s, into: &apps[ai].postIndices) }
        }
        return order.map { made[$0] }
    }
}
