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

/// Issue 27: a patched plan's relations and routes, made for the posts an edit
/// changed, equal what the whole stages make of the site, over random edits: tags
/// that come, go or change their spelling, posts that join and leave series (one
/// ordered by hand) and apps, aliases (one at the post's own URL: a hint), new,
/// deleted and re-dated posts.
/// - `PostRelations.update` against `PostRelations.relate`;
/// - `Router.patchedRoutes` against `Router.indexedRoutes`.
@Suite struct PostRelationsTests {
    static let tagNames = ["Swift", "swift", "iOS", "Web", "AppleScript", "PHP", "Side Project", "side-project", "Mac", "Zed"]

    static func randomPost(_ f: inout SiteFixture, slug: String, using g: inout SplitMix) {
        let year = 2015 + Int.random(in: 0..<8, using: &g)
        let month = 1 + Int.random(in: 0..<12, using: &g)
        let day = 1 + Int.random(in: 0..<28, using: &g)
        let date = String(format: "%04d-%02d-%02d", year, month, day)
        let tags = (0..<Int.random(in: 0...3, using: &g)).map { _ in tagNames.randomElement(using: &g)! }
        let series = [nil, nil, "trip", "guide"].randomElement(using: &g)!
        let app = [nil, nil, "kettle", "lamp"].randomElement(using: &g)!
        f.post(slug, date, tags: tags, series: series, seriesOrder: Bool.random(using: &g) ? Int.random(in: 1...4, using: &g) : nil,
               app: app, aliases: [[], [], ["/was/\(slug)/"], ["/\(date.prefix(4))/\(date.dropFirst(5).prefix(2))/\(slug)/"]]
                .randomElement(using: &g)!)
    }

    /// A random site, resolved before and after a random edit: a few posts changed, one
    /// new, one gone; with the source paths of the changed and new posts.
    static func edit(seed: Int) -> (before: Site, after: Site, changedPaths: Set<String>) {
        var g = SplitMix(state: UInt64(seed))
        var f = SiteFixture()
        f.series("trip", title: "A Trip")
        f.series("guide", title: "A Guide", order: .manual)
        f.app("kettle", title: "Kettle")
        f.app("lamp", title: "Lamp")
        for n in 0..<30 { Self.randomPost(&f, slug: "post-\(n)", using: &g) }
        let before = f.resolve().site

        var changedPaths = Set<String>()
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            let i = Int.random(in: 0..<f.posts.count, using: &g)
            switch Int.random(in: 0..<5, using: &g) {
            case 0: f.posts[i].tags = (0..<Int.random(in: 0...3, using: &g)).map { _ in Self.tagNames.randomElement(using: &g)! }
            case 1: f.posts[i].series = [nil, "trip", "guide"].randomElement(using: &g)!
            case 2: f.posts[i].app = [nil, "kettle", "lamp"].randomElement(using: &g)!
            case 3: f.posts[i].aliases = Bool.random(using: &g) ? ["/old/\(i)/", "/older/\(i)/"] : []
            default:
                // Another date: the post moves in the order (its path keeps the old one, as a date edited in front matter).
                var date = f.posts[i].date
                date.instant += Double(Int.random(in: -800...800, using: &g)) * 86_400
                f.posts[i].date = date
            }
            changedPaths.insert(f.posts[i].sourcePath)
        }
        if Bool.random(using: &g) { f.posts.remove(at: Int.random(in: 0..<f.posts.count, using: &g)) }
        if Bool.random(using: &g) {
            Self.randomPost(&f, slug: "new-post", using: &g)
            changedPaths.insert(f.posts.last!.sourcePath)
        }
        return (before, f.resolve().site, changedPaths)
    }

    @Test(arguments: 1...120) func matchesAWholeRelate(seed: Int) throws {
        let (before, after, changedPaths) = Self.edit(seed: seed)

        // The patch's input: the last relations, the posts in their new order with their new front matter.
        let lastIndex = Dictionary(uniqueKeysWithValues: before.posts.enumerated().map { ($1.post.sourcePath, $0) })
        let newIndex = Dictionary(uniqueKeysWithValues: after.posts.enumerated().map { ($1.post.sourcePath, $0) })
        let position = before.posts.map { newIndex[$0.post.sourcePath] }
        var posts = after.posts.map { sp -> SitePost in
            guard let last = lastIndex[sp.post.sourcePath] else {
                var fresh = sp
                fresh.tagIndices = []
                fresh.seriesIndex = nil
                fresh.seriesPosition = nil
                fresh.appIndex = nil
                return fresh
            }
            var kept = before.posts[last]
            kept.post = sp.post
            return kept
        }
        var series = before.series, apps = before.apps
        let changed = Set(after.posts.indices.filter { changedPaths.contains(after.posts[$0].post.sourcePath) })
        let tags = PostRelations.update(&posts, series: &series, apps: &apps, tags: before.tags, position: position, changed: changed)

        #expect(tags.map(\.name) == after.tags.map(\.name), "seed \(seed)")
        #expect(tags.map(\.slug) == after.tags.map(\.slug), "seed \(seed)")
        #expect(tags.map(\.postIndices) == after.tags.map(\.postIndices), "seed \(seed)")
        #expect(posts.map(\.tagIndices) == after.posts.map(\.tagIndices), "seed \(seed)")
        #expect(posts.map(\.seriesIndex) == after.posts.map(\.seriesIndex), "seed \(seed)")
        #expect(posts.map(\.seriesPosition) == after.posts.map(\.seriesPosition), "seed \(seed)")
        #expect(posts.map(\.appIndex) == after.posts.map(\.appIndex), "seed \(seed)")
        #expect(series.map(\.postIndices) == after.series.map(\.postIndices), "seed \(seed)")
        #expect(apps.map(\.postIndices) == after.apps.map(\.postIndices), "seed \(seed)")
    }

    @Test(arguments: 1...120) func postPagesMovedWithTheirPostsEqualAWholeRouter(seed: Int) throws {
        let (before, after, changedPaths) = Self.edit(seed: seed)
        let last = Router.indexedRoutes(for: before)
        let lastIndex = Dictionary(uniqueKeysWithValues: before.posts.enumerated().map { ($1.post.sourcePath, $0) })
        let origin = after.posts.map { lastIndex[$0.post.sourcePath] }
        let changed = Set(after.posts.indices.filter { changedPaths.contains(after.posts[$0].post.sourcePath) })
        let patched = try #require(Router.patchedRoutes(for: after, kinds: PageKinds.all, lastRoutes: last.routes,
                                                        lastProblems: last.problems, lastPostCount: before.posts.count,
                                                        origin: origin, changed: changed))
        let whole = Router.indexedRoutes(for: after)
        #expect(patched.routes == whole.routes, "seed \(seed)")
        #expect(patched.byOutputPath == whole.byOutputPath, "seed \(seed)")
        #expect(patched.problems.sorted() == whole.problems.sorted(), "seed \(seed)")
    }
}
