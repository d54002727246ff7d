import Foundation
import Testing
@testable import BlogBuild

/// The compiled template engine renders every page exactly as swift-mustache with
/// the dictionary context did, byte for byte: the example site in `build` and in
/// `publish` (absolute URLs), and a site with a base path, free-form front matter
/// nested in lists and mappings, drafts and a series. Kept until swift-mustache
/// leaves the package.
@Suite struct EngineSwitchTests {
    static func pagesBothWays(siteDirectory: URL, mode: BuildMode, absolute: Bool) throws -> (new: [String: [UInt8]], old: [String: [UInt8]]) {
        let content = ContentLoader.load(siteDirectory: siteDirectory)
        let (site, _) = SiteResolver.resolve(content, mode: mode, now: Date(timeIntervalSince1970: 1_790_000_000), markdown: nil)
        let theme = try #require(Theme.load(siteDirectory: siteDirectory).0)
        let routes = Router.routes(for: site).0
        let urls = URLMaker(baseURL: site.config.baseURL, absolute: absolute)
        func pages(legacy: Bool) -> [String: [UInt8]] {
            var renderer = PageRenderer(site: site, theme: theme, urls: urls)
            renderer.legacyEngine = legacy
            let (files, problems) = renderer.render(routes)
            #expect(problems.isEmpty, "\(problems)")
            return Dictionary(uniqueKeysWithValues: files.compactMap { file in
                if case .bytes(let b) = file.contents { return (file.path, b) } else { return nil }
            })
        }
        return (pages(legacy: false), pages(legacy: true))
    }

    static func expectSame(_ pages: (new: [String: [UInt8]], old: [String: [UInt8]]), atLeast: Int) {
        #expect(pages.new.count >= atLeast)
        #expect(Set(pages.new.keys) == Set(pages.old.keys))
        for (path, bytes) in pages.new.sorted(by: { $0.key < $1.key }) {
            guard let old = pages.old[path] else { continue }
            if bytes != old {
                let a = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let b = String(decoding: old, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                Issue.record("\(path) differs at line \(line + 1): new \(line < a.count ? String(a[line]) : "<end>") | old \(line < b.count ? String(b[line]) : "<end>")")
            }
        }
    }

    @Test(arguments: [false, true])
    func theExampleSiteRendersTheSame(absolute: Bool) throws {
        let pages = try Self.pagesBothWays(siteDirectory: RepoPaths.root, mode: .build(includeDrafts: true), absolute: absolute)
        Self.expectSame(pages, atLeast: 50)
    }

    @Test func aSiteWithABasePathAndNestedParamsRendersTheSame() throws {
        let site = try TestSiteFolder(config: nil, files: [
            "content/site.yml": """
            title: "Q&A <Notes>"
            base_url: https://example.com/blog/
            description: "It's \\"quoted\\" & <b>bold</b>"
            author: { name: "Ann O'Neil", url: "https://ann.example" }
            nav:
              - { title: Apps, url: /apps/ }
              - { title: About, url: /about/ }
            params: { accent: teal, list: [1, 2.5, true, null], nested: { a: { b: c } } }

            """,
            "content/posts/2021-01-05-first.md": """
            ---
            title: "First & <best>"
            tags: [swift, "c++"]
            series: tour
            app: kettle
            image: { src: /images/a.png, alt: "An \\"image\\"" }
            params: { mood: happy, scores: [3, 4], deep: { x: [ { y: z } ] } }
            ---
            Body with a [link](/about/) and `code`.

            <!--more-->

            ## One
            ## Two
            ## Three
            """,
            "content/posts/2022-02-06-second.md": """
            ---
            title: Second
            date: 2022-02-06 10:00
            updated: 2022-03-01
            series: tour
            draft: true
            summary: "A *short* one."
            ---
            Text.
            """,
            "content/series/tour.md": "---\ntitle: The Tour\ndescription: All of it\n---\nIntro text.\n",
            "content/apps/kettle.md": "---\ntitle: Kettle\ntagline: Boils\nplatforms: [iOS, macOS]\nstatus: retired\nreleased: 2020-05-01\napp_store: https://apps.apple.com/app/id1\n---\nAn app.\n",
            "content/about.md": "---\ntitle: About\n---\nHello.\n",
        ])
        for absolute in [false, true] {
            Self.expectSame(try Self.pagesBothWays(siteDirectory: site.root, mode: .build(includeDrafts: true), absolute: absolute), atLeast: 10)
        }
    }
}
