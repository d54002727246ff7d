import Load
import Template
import Site
import Render

extension PageKind {
    /// Every post by year, newest first: `/archive/` (`archive.mustache`).
    static let archive: PageKind = PageKind(
        name: "archive",
        templates: {
            [("archive", [("years", ContextShapes.list(ContextShapes.object(
                                ContextShapes.scalars("year", "count") + [("posts", ContextShapes.list(ContextShapes.entry))]))),
                          ("has_posts", .scalar), ("post_count", .scalar), ("post_count_text", .scalar), ("lead", .scalar)])]
        },
        routes: { _, _ in [Route(url: SiteURLs.archive, kind: .archive, source: "(archive)")] },
        inputs: { _, site in
            var r = RouteInputs(templates: ["archive"])
            r.listed = .range(site.posts.indices)
            return r
        },
        context: { route, c in
            let site = c.site, postCount = site.postCount
            let yearRecord = c.root.elementRecord(for: "years")
            let entry = yearRecord.elementRecord(for: "posts")
            var years: [TemplateValue] = []
            var start = 0
            // Posts come newest first; a year is a run of posts with the same year.
            while start < postCount {
                let year = site.post(start).post.date.year
                var end = start + 1
                while end < postCount, site.post(end).post.date.year == year { end += 1 }
                var y = yearRecord
                y["year"] = .int(year)
                y["posts"] = c.entries(start..<end, entry)
                y["count"] = .int(end - start)
                years.append(y.value)
                start = end
            }
            c.setPage(kind: "archive", title: c.strings[.archive], path: route.url, description: nil)
            c.root["years"] = .list(years)
            c.root["has_posts"] = .bool(postCount > 0)
            c.root["post_count"] = .int(postCount)
            let count = c.strings.count(postCount, one: .postCountOne, other: .postCountOther)
            c.root["post_count_text"] = .string(count)
            c.root["lead"] = .string(c.strings.format(.archiveLead, ["posts": count]))
        },
        sitemap: { _, site in .listed(PageKinds.newest(site.posts.indices, in: site)) })
}
