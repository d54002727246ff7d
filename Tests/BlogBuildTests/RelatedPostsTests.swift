import Foundation
import Testing
@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

/// Issue 17, "Related posts": up to three at the end of a post outside a series,
/// chosen by shared app, then shared tags, then date, then URL; none without
/// anything shared; `related: false` turns them off.
@Suite struct RelatedPostsTests {
    /// The related posts of the post with `slug`, as their slugs, best first.
    static func related(of slug: String, in site: Site) throws -> [String] {
        let i = try #require(site.posts.firstIndex { $0.post.slug == slug }, "no post \(slug)")
        return site.posts[i].relatedIndices.map { site.posts[$0].post.slug }
    }

    /// A post with an app and two tags, and candidates for each rule of the choice.
    static func fixture() -> SiteFixture {
        var f = SiteFixture()
        f.app("kettle", title: "Kettle")
        f.series("trip", title: "A Trip")
        f.post("subject", "2024-01-10", tags: ["Swift", "iOS"], app: "kettle")
        f.post("same-app-old", "2020-01-01", app: "kettle")
        f.post("two-tags", "2023-01-01", tags: ["swift", "iOS"])
        f.post("one-tag-new", "2024-06-01", tags: ["iOS"])
        f.post("one-tag-old", "2023-06-01", tags: ["Swift"])
        f.post("unrelated", "2024-12-01", tags: ["Web"])
        f.post("part-one", "2024-02-01", tags: ["Swift"], series: "trip")
        return f
    }

    @Test func sharedAppBeatsSharedTagsBeatsDateAndThreeAtMost() throws {
        let (site, problems) = Self.fixture().resolve()
        #expect(problems.isEmpty)
        // The app first (however old), then two shared tags, then the newest with one.
        #expect(try Self.related(of: "subject", in: site) == ["same-app-old", "two-tags", "one-tag-new"])
        // Never the post itself; a series' post is a candidate for others.
        #expect(try Self.related(of: "one-tag-old", in: site) == ["part-one", "subject", "two-tags"])
        // Nothing shared: no filler.
        #expect(try Self.related(of: "unrelated", in: site) == [])
        // A series' posts have their previous and next part instead.
        #expect(try Self.related(of: "part-one", in: site) == [])
    }

    @Test func aTieGoesToTheURLNotToTheFileName() throws {
        var f = SiteFixture()
        f.post("subject", "2024-01-10", tags: ["iOS"])
        // Same date, same tag: the file names sort one way, the URLs the other.
        f.post("aaa", "2024-05-05", tags: ["iOS"])
        f.post("bbb", "2024-05-05", tags: ["iOS"])
        f.posts[1].slug = "zzz"
        f.posts[2].slug = "yyy"
        let (site, _) = f.resolve()
        #expect(try Self.related(of: "subject", in: site) == ["yyy", "zzz"])
    }

    @Test func changingTagsChangesTheChoice() throws {
        var f = Self.fixture()
        #expect(try Self.related(of: "subject", in: f.resolve().site).last == "one-tag-new")
        // One more shared tag lifts the older post above the newer one.
        let old = try #require(f.posts.firstIndex { $0.slug == "one-tag-old" })
        f.posts[old].tags = ["Swift", "iOS"]
        #expect(try Self.related(of: "subject", in: f.resolve().site) == ["same-app-old", "one-tag-old", "two-tags"])
    }

    @Test func relatedFalseTurnsThemOff() throws {
        var f = Self.fixture()
        f.config.related = false
        let (site, _) = f.resolve()
        #expect(site.posts.allSatisfy { $0.relatedIndices.isEmpty })
        let pages = try f.render()
        #expect(!(try #require(pages["2024/01/subject/index.html"])).contains("class=\"related\""))
    }

    @Test func thePostPageListsThemInItsFooter() throws {
        let pages = try Self.fixture().render()
        let page = try #require(pages["2024/01/subject/index.html"])
        #expect(page.contains("""
            <nav class="related" aria-labelledby="related-title">
            <h2 id="related-title">Related posts</h2>
            <ul class="post-list">
            <li><a href="/2020/01/same-app-old/">Same-App-Old</a> <time datetime="2020-01-01T00:00:00+00:00">1 January 2020</time></li>
            <li><a href="/2023/01/two-tags/">Two-Tags</a> <time datetime="2023-01-01T00:00:00+00:00">1 January 2023</time></li>
            <li><a href="/2024/06/one-tag-new/">One-Tag-New</a> <time datetime="2024-06-01T00:00:00+00:00">1 June 2024</time></li>
            </ul>
            </nav>
            </footer>
            """), "\(page)")
        #expect(!(try #require(pages["2024/02/part-one/index.html"])).contains("class=\"related\""), "a series' post")
        #expect(!(try #require(pages["2024/12/unrelated/index.html"])).contains("class=\"related\""), "nothing shared")
    }

    @Test func relatedIsABooleanInSiteYml() {
        #expect(ConfigLoader.parse("title: T\n").config.related)
        #expect(!ConfigLoader.parse("title: T\nrelated: false\n").config.related)
        let bad = ConfigLoader.parse("base_url: https://example.org/\nrelated: sometimes\n")
        #expect(bad.config.related, "a bad value leaves the default")
        #expect(bad.diagnostics.map(\.description) == ["content/site.yml:2:10: 'related' is not true or false (\"sometimes\")"])
        #expect(bad.diagnostics.map(\.severity) == [.error])
    }

    /// 10,000 posts in few tags (each tag on thousands of posts): every post gets
    /// its three, from its app first. (How fast is the bench's business, not a test's:
    /// the choice walks the posts' tag and app lists, not every pair of posts.)
    @Test func tenThousandPostsAreChosen() throws {
        var posts: [SitePost] = []
        let tagCount = 40, appCount = 8, n = 10_000
        var tags = (0..<tagCount).map { SiteTag(name: "t\($0)", slug: "t\($0)", url: "/tags/t\($0)/", postIndices: []) }
        var apps: [SiteApp] = []
        for i in 0..<n {
            let mine = [i % tagCount, (i * 7 + 3) % tagCount, (i * 13 + 5) % tagCount]
            let date = PostDate(instant: Date(timeIntervalSince1970: Double(2_000_000_000 - i * 3600)), year: 2030, month: 1, day: 1,
                                utcOffsetSeconds: 0)
            let post = Post(sourcePath: "content/posts/p\(i).md", title: "P\(i)", date: date, summary: nil, tags: [], series: nil,
                            seriesOrder: nil, app: nil, draft: false, slug: "p\(i)", aliases: [], body: "")
            posts.append(SitePost(post: post, rendered: RenderedMarkdown(html: "", summaryHTML: ""), permalink: "/p\(i)/",
                                  isDraft: false, isFuture: false, seriesIndex: nil, seriesPosition: nil,
                                  appIndex: i % 5 == 0 ? i % appCount : nil, tagIndices: Array(Set(mine)).sorted()))
            for t in Set(mine) { tags[t].postIndices.append(i) }
        }
        for a in 0..<appCount {
            let app = App(sourcePath: "content/apps/a\(a).md", slug: "a\(a)", title: "A\(a)", platforms: [], status: .available, body: "")
            apps.append(SiteApp(app: app, description: RenderedMarkdown(html: "", summaryHTML: ""), url: "/apps/a\(a)/",
                                postIndices: posts.indices.filter { posts[$0].appIndex == a }))
        }
        let related = RelatedPosts.choose(posts: posts, apps: apps, tags: tags)
        #expect(related.count == n && related.allSatisfy { $0.count == 3 })
        // Post 0 has app 0: the newest other posts of app 0 with the most shared tags come first.
        #expect(related[0].allSatisfy { posts[$0].appIndex == 0 })
    }

    /// The memo's choice after each of 300 random edits (tags, date, app, series,
    /// URL, posts added and removed; few tags and dates, so ties are everywhere)
    /// equals choosing for every post.
    @Test func theMemoChoosesAsAFullChoiceDoesAfterEveryEdit() {
        struct Spec { var path: String; var tags: [String]; var app: String?; var inSeries: Bool; var hour: Int; var slug: String }
        var rng = SplitMix(state: 27)
        func randomTags() -> [String] { (0..<Int.random(in: 0...3, using: &rng)).map { _ in "t\(Int.random(in: 0..<6, using: &rng))" } }
        func randomSpec(_ n: Int) -> Spec {
            Spec(path: "content/posts/p\(n).md", tags: randomTags(), app: Bool.random(using: &rng) ? "a\(Int.random(in: 0..<2, using: &rng))" : nil,
                 inSeries: Int.random(in: 0..<6, using: &rng) == 0, hour: Int.random(in: 0..<12, using: &rng), slug: "p\(n)")
        }
        func site(_ specs: [Spec]) -> ([SitePost], [SiteApp], [SiteTag]) {
            let sorted = specs.sorted { ($0.hour, $1.path) > ($1.hour, $0.path) }
            let tagNames = Set(sorted.flatMap(\.tags)).sorted(), appNames = Set(sorted.compactMap(\.app)).sorted()
            var tags = tagNames.map { SiteTag(name: $0, slug: $0, url: "/tags/\($0)/", postIndices: []) }
            var apps = appNames.map { name in
                SiteApp(app: App(sourcePath: "content/apps/\(name).md", slug: name, title: name, platforms: [], status: .available, body: ""),
                        description: RenderedMarkdown(html: "", summaryHTML: ""), url: "/apps/\(name)/", postIndices: [])
            }
            var posts: [SitePost] = []
            for (i, spec) in sorted.enumerated() {
                let date = PostDate(instant: Date(timeIntervalSince1970: Double(spec.hour * 3600)), year: 2030, month: 1, day: 1, utcOffsetSeconds: 0)
                let post = Post(sourcePath: spec.path, title: spec.slug, date: date, summary: nil, tags: spec.tags, series: nil,
                                seriesOrder: nil, app: spec.app, draft: false, slug: spec.slug, aliases: [], body: "")
                let tagIndices = Array(Set(spec.tags.compactMap { tagNames.firstIndex(of: $0) })).sorted()
                let appIndex = spec.app.flatMap { appNames.firstIndex(of: $0) }
                for t in tagIndices { tags[t].postIndices.append(i) }
                if let a = appIndex { apps[a].postIndices.append(i) }
                posts.append(SitePost(post: post, rendered: RenderedMarkdown(html: "", summaryHTML: ""), permalink: "/\(spec.slug)/",
                                      isDraft: false, isFuture: false, seriesIndex: spec.inSeries ? 0 : nil, seriesPosition: nil,
                                      appIndex: appIndex, tagIndices: tagIndices))
            }
            return (posts, apps, tags)
        }
        var next = 0
        var specs: [Spec] = (0..<60).map { _ in defer { next += 1 }; return randomSpec(next) }
        let memo = RelatedPostMemo()
        for round in 0..<300 {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let k = Int.random(in: 0..<specs.count, using: &rng)
                switch Int.random(in: 0..<7, using: &rng) {
                case 0: specs[k].tags = randomTags()
                case 1: specs[k].hour = Int.random(in: 0..<12, using: &rng)
                case 2: specs[k].app = Bool.random(using: &rng) ? "a\(Int.random(in: 0..<2, using: &rng))" : nil
                case 3: specs[k].inSeries.toggle()
                case 4: specs[k].slug += "x"
                case 5 where specs.count > 20: specs.remove(at: k)
                default: specs.append(randomSpec(next)); next += 1
                }
            }
            let (posts, apps, tags) = site(specs)
            let expected = RelatedPosts.choose(posts: posts, apps: apps, tags: tags)
            let chosen = memo.choose(posts: posts, apps: apps, tags: tags)
            #expect(chosen == expected, "round \(round)")
            if chosen != expected { break }
        }
    }
}
