import Foundation
import Load
import Support
import Diagnostics

/// The posts' relations to series, apps and tags: the whole-site step (`relate`,
/// from every post's front matter) and a rebuild's (`update`, for the posts an edit
/// changed, at a cost that follows the change, not the site), side by side. `update`
/// makes what `relate` makes of the same posts (the incremental-build tests and
/// `PostRelationsTests` compare the two).
public enum PostRelations {
    /// The relations of `posts` to series, apps and tags, made again from their
    /// front matter: each post's series (and place in it), app and tags, each
    /// series' and app's posts, and the site's tags. Related posts are not part of it.
    /// Problems: a post naming a series or app the site does not have.
    public static func relate(_ posts: inout [SitePost], series: inout [SiteSeries], apps: inout [SiteApp],
                       failedFiles: Set<String>, heldBack: Set<String> = []) -> (tags: [SiteTag], problems: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let seriesBySlug = Dictionary(series.enumerated().map { ($1.series.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let appBySlug = Dictionary(apps.enumerated().map { ($1.app.slug, $0) }, uniquingKeysWith: { a, _ in a })
        for si in series.indices { series[si].postIndices = [] }
        for ai in apps.indices { apps[ai].postIndices = [] }
        // A site has few tag names and many posts naming them: each name is looked up once per post,
        // as a tag number (`id`); its slug is made once. "Swift" and "swift" share a slug: one tag,
        // named as the first post to use it wrote it.
        var idByName: [String: Int] = [:]
        var idBySlug: [String: Int] = [:]
        var madeTags: [SiteTag] = []
        func id(_ name: String) -> Int {
            if let known = idByName[name] { return known }
            let key = SiteURLs.tagSlug(name)
            let id = idBySlug[key] ?? {
                idBySlug[key] = madeTags.count
                madeTags.append(SiteTag(name: name, slug: key, url: SiteURLs.tag(slug: key), postIndices: []))
                return madeTags.count - 1
            }()
            idByName[name] = id
            return id
        }
        // Each post's tag numbers, in the order it wrote them, each once: `postTags[tagStart[i]..<tagStart[i + 1]]`.
        var postTags: [Int] = []
        var tagStart: [Int] = [0]
        tagStart.reserveCapacity(posts.count + 1)
        // Posts are read in place (`posts[i].post…`), never copied: a copy of every post costs more than the rest.
        for i in posts.indices {
            // Looked up by name first; the post itself (a copy) only for the message of a name the site lacks.
            let seriesSlug = posts[i].post.series, appSlug = posts[i].post.app
            var found: (series: Int?, app: Int?, problems: [Diagnostic]) =
                (seriesSlug.flatMap { seriesBySlug[$0] }, appSlug.flatMap { appBySlug[$0] }, [])
            if (seriesSlug != nil && found.series == nil) || (appSlug != nil && found.app == nil) {
                found = lookUp(posts[i].post, seriesBySlug: seriesBySlug, appBySlug: appBySlug, failedFiles: failedFiles,
                               heldBack: heldBack)
            }
            posts[i].seriesIndex = found.series
            posts[i].seriesPosition = nil
            posts[i].appIndex = found.app
            posts[i].tagIndices = []
            if let si = found.series { series[si].postIndices.append(i) }
            if let ai = found.app { apps[ai].postIndices.append(i) }
            diagnostics += found.problems
            let first = postTags.count
            for name in posts[i].post.tags {
                let t = id(name)
                if !postTags[first...].contains(t) { postTags.append(t) }
            }
            tagStart.append(postTags.count)
        }
        for i in posts.indices {
            for t in postTags[tagStart[i]..<tagStart[i + 1]] { madeTags[t].postIndices.append(i) }
        }
        for si in series.indices {
            sortParts(&series[si], posts: posts)
            for (position, pi) in series[si].postIndices.enumerated() { posts[pi].seriesPosition = position }
        }
        let order = madeTags.indices.sorted { (madeTags[$0].name.lowercased(), madeTags[$0].slug) < (madeTags[$1].name.lowercased(), madeTags[$1].slug) }
        var place = [Int](repeating: 0, count: madeTags.count)
        for (at, t) in order.enumerated() { place[t] = at }
        let tags = order.map { madeTags[$0] }
        for i in posts.indices where tagStart[i] < tagStart[i + 1] {
            posts[i].tagIndices = postTags[tagStart[i]..<tagStart[i + 1]].map { place[$0] }
        }
        return (tags, diagnostics)
    }

    /// Puts a series' parts in reading order: by `series_order:` when the series is
    /// ordered by hand (parts without one last), then oldest first, ties by path.
    public static func sortParts(_ series: inout SiteSeries, posts: [SitePost]) {
        let manual = series.series.order == .manual
        series.postIndices.sort { a, b in
            if manual {
                let oa = posts[a].post.seriesOrder, ob = posts[b].post.seriesOrder
                if oa != ob { return (oa ?? Int.max) < (ob ?? Int.max) }
            }
            let da = posts[a].post.date.instant, db = posts[b].post.date.instant
            if da != db { return da < db }
            return posts[a].post.sourcePath < posts[b].post.sourcePath
        }
    }

    /// The series and app `post` names, as indices (`seriesBySlug`, `appBySlug`), and a
    /// problem for each it names that the site lacks (unless that file failed to load:
    /// its own error is the cause). One this build holds back as a draft (`heldBack`,
    /// source paths) is no mistake: the post is shown without it, as Hugo shows a page
    /// whose term page is a draft, and a hint says so.
    public static func lookUp(_ post: Post, seriesBySlug: [String: Int], appBySlug: [String: Int],
                       failedFiles: Set<String>, heldBack: Set<String> = []) -> (series: Int?, app: Int?, problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        func check(_ key: String, _ slug: String, folder: String, known: Dictionary<String, Int>.Keys) {
            let paths = ContentPaths.markdownPaths(in: folder, slug: slug)
            if let draft = paths.first(where: heldBack.contains) {
                let at = post.keyLocations[key]
                problems.append(Diagnostic(file: post.sourcePath, line: at?.line, column: at?.column,
                                           message: "front matter: \(key) '\(slug)' is a draft (\(draft)) this build leaves out; "
                                             + "the post is shown without it", severity: .hint))
            } else if !paths.contains(where: failedFiles.contains) {
                problems.append(unknownReference(post, key: key, slug: slug, known: known))
            }
        }
        var series: Int?, app: Int?
        if let slug = post.series {
            series = seriesBySlug[slug]
            if series == nil { check("series", slug, folder: "content/series", known: seriesBySlug.keys) }
        }
        if let slug = post.app {
            app = appBySlug[slug]
            if app == nil { check("app", slug, folder: "content/apps", known: appBySlug.keys) }
        }
        return (series, app, problems)
    }

    private static func unknownReference(_ post: Post, key: String, slug: String,
                                         known: Dictionary<String, Int>.Keys) -> Diagnostic {
        let at = post.keyLocations[key]
        let list = known.sorted().joined(separator: ", ")
        let folder = key == "series" ? "content/series/" : "content/apps/"
        return Diagnostic(file: post.sourcePath, line: at?.line, column: at?.column,
                          message: "front matter: unknown \(key) '\(slug)' (no \(folder)\(slug).md; known: \(list.isEmpty ? "none" : list))")
    }

    /// The series and apps must be those the posts were last related to, and the posts'
    /// series indices theirs (a series that moved among the others: its posts' indices
    /// moved with it first).
    ///
    /// `posts` in their new order; `position` maps a last index to the new one (nil:
    /// the post is gone); `changed`: the new indices of the posts whose front matter may
    /// differ (edited or new): their relations are made again. Every other post keeps
    /// its tags, series and app, and the lists it is in keep their order. `tags`: the
    /// last build's, by last indices. Returns the tags now.
    public static func update(_ posts: inout [SitePost], series: inout [SiteSeries], apps: inout [SiteApp], tags: [SiteTag],
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
                let slug = SiteURLs.tagSlug(name)
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
            if let name = posts[first].post.tags.first(where: { SiteURLs.tagSlug($0) == made[t].slug }) { made[t].name = name }
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
            sortParts(&series[si], posts: posts)
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
