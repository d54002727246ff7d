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
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site.yml most content tests start from.
private let contentTestsConfig = """
    title: Test Blog
    base_url: https://example.com
    timezone: Europe/London

    """

private func ints(_ values: Int...) -> [Int] { values }

private func lines(_ content: LoadedContent) -> [String] { content.diagnostics.map(\.description) }

private func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text) ?? Date.distantPast
}

/// Everything `ContentLoader` does, grouped by what is loaded.
@Suite struct ContentTests {}

// MARK: - site.yml

extension ContentTests {
    @Suite struct Config {
        @Test func everyConfigKey() throws {
            let site = try TestSiteFolder(config: """
                title: Example Dev Blog
                description: Freelance iOS developer
                author: { name: Jane Doe, email: jane@example.com, url: https://example.com/about/ }
                base_url: https://example.com/blog
                language: en-GB
                timezone: America/New_York
                posts_per_page: 7
                permalinks: { post: /:year/:month/:day/:slug/ }
                feeds: { items: 15, full_content: false }
                nav: [ { title: Apps, url: /apps/ }, { title: About, url: /about/ } ]
                markdown: { raw_html: false }
                params:
                  analytics: { id: UA-1, enabled: true }
                  twitter: janedoe

                """)
            let content = site.load()
            #expect(lines(content) == [])
            let c = content.config
            #expect(c.title == "Example Dev Blog")
            #expect(c.description == "Freelance iOS developer")
            #expect(c.author == Author(name: "Jane Doe", email: "jane@example.com", url: "https://example.com/about/"))
            #expect(c.baseURL == "https://example.com/blog/")
            #expect(c.language == "en-GB")
            #expect(c.timeZone.identifier == "America/New_York")
            #expect(c.postsPerPage == 7)
            #expect(c.postPermalink == "/:year/:month/:day/:slug/")
            #expect(c.feedItems == 15)
            #expect(c.feedFullContent == false)
            #expect(c.nav == [NavLink(title: "Apps", url: "/apps/"), NavLink(title: "About", url: "/about/")])
            #expect(c.rawHTML == false)
            #expect(c.params == [
                "analytics": .mapping([(key: "id", value: .string("UA-1")), (key: "enabled", value: .bool(true))]),
                "twitter": .string("janedoe"),
            ])
        }

        @Test func defaultsAndPlainAuthor() throws {
            let site = try TestSiteFolder(config: "base_url: http://localhost:8000/\nauthor: Jane Doe\n")
            let content = site.load()
            #expect(lines(content) == [])
            #expect(content.config.author == Author(name: "Jane Doe"))
            #expect(content.config.baseURL == "http://localhost:8000/")
            #expect(content.config.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_625_097_600)) == 0)  // UTC (Linux calls it "GMT")
            #expect(content.config.postsPerPage == 10)
            #expect(content.config.postPermalink == "/:year/:month/:slug/")
            #expect(content.config.rawHTML == true)
            #expect(content.config.feedFullContent == true)
        }

        @Test func configErrorsPointAtTheValue() throws {
            let site = try TestSiteFolder(config: """
                title: T
                base_url: example.com
                timezone: Europe/Lundun
                posts_per_page: 0
                permalinks: { post: /:year/:hour/ }
                feeds: { items: many, full_content: yes, itmes: 3 }
                nav: [ { title: Apps } ]

                """)
            let content = site.load()
            #expect(lines(content) == [
                "content/site.yml:2:11: 'base_url' must be an absolute http(s) URL (\"example.com\")",
                "content/site.yml:3:11: 'timezone' is not a known time zone (\"Europe/Lundun\") (did you mean 'Europe/London'?)",
                "content/site.yml:4:17: 'posts_per_page' must be a positive whole number (\"0\")",
                "content/site.yml:5:21: 'permalinks.post' has an unknown token ':hour' (\"/:year/:hour/\") (use :year :month :day :slug :title)",
                "content/site.yml:6:17: 'feeds.items' must be a positive whole number (\"many\")",
                "content/site.yml:6:37: 'feeds.full_content' is not true or false (\"yes\")",
                "content/site.yml:6:42: warning: unknown key 'feeds.itmes' (did you mean 'feeds.items'?)",
                "content/site.yml:7:8: 'nav.url' is required",
            ])
        }

        @Test func permalinkNeedsSlugOrTitle() throws {
            let site = try TestSiteFolder(config: "base_url: https://e.com/\npermalinks:\n  post: \":year/:month/\"\n")
            #expect(lines(site.load()) == ["content/site.yml:3:9: 'permalinks.post' must contain :slug or :title (\":year/:month/\")"])
            #expect(try ConfigLoader.postPermalink(":year/:title").get() == "/:year/:title")
        }

        @Test func missingBaseURL() throws {
            let site = try TestSiteFolder(config: "title: T\n")
            #expect(lines(site.load()) == ["content/site.yml:1:1: 'base_url' is required (e.g. https://example.com/)"])
        }

        @Test func missingSiteYMLAndMissingContent() throws {
            let site = try TestSiteFolder(config: nil)
            #expect(lines(site.load()) == ["content/site.yml: missing"])
            try FileManager.default.removeItem(at: site.url("content"))
            #expect(lines(site.load()) == ["content: folder is missing (a site needs content/ with site.yml)"])
        }

        @Test func invalidYAMLAndNotAMapping() throws {
            let site = try TestSiteFolder(config: "title: [a, b\nbase_url: https://e.com/\n")
            let content = site.load()
            #expect(content.diagnostics.count == 1)
            #expect(content.diagnostics.first?.file == "content/site.yml")
            #expect(content.diagnostics.first?.message.hasPrefix("invalid YAML: ") == true)
            try site.write("content/site.yml", "- a\n- b\n")
            #expect(lines(site.load()) == ["content/site.yml:1:1: not a mapping of keys to values"])
        }
    }
}

// MARK: - Posts

extension ContentTests {
    @Suite struct Posts {
        @Test func everyPostKey() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/posts/2021-01-05-stoutness.md", """
                ---
                title: "Side Project: Stoutness"
                date: 2021-01-05 09:30
                updated: 2021-02-01
                summary: A morning briefing on tvOS
                tags: [tvOS, SwiftUI]
                series: side-projects
                series_order: 2
                app: stoutness
                image: { src: hero.jpg, alt: "Pooh doing his stoutness exercise" }
                draft: true
                slug: stoutness-app
                aliases: [/weblog/2021/01/05/stoutness/]
                mood: cheerful
                rating: 4.5
                extra: { b: 1, a: [x, yes, 2021-01-05, ~] }
                ---
                Hello, **world**.

                """)
            let content = site.load()
            // Keys blogbuild does not read are named, and still reach templates.
            #expect(lines(content) == [
                "content/posts/2021-01-05-stoutness.md:14:1: hint: front matter: 'mood' is not used by blogbuild (templates see it as page.params.mood)",
                "content/posts/2021-01-05-stoutness.md:15:1: hint: front matter: 'rating' is not used by blogbuild (templates see it as page.params.rating)",
                "content/posts/2021-01-05-stoutness.md:16:1: hint: front matter: 'extra' is not used by blogbuild (templates see it as page.params.extra)",
            ])
            let post = try #require(content.posts.first)
            #expect(post.sourcePath == "content/posts/2021-01-05-stoutness.md")
            #expect(post.title == "Side Project: Stoutness")
            #expect(post.date.year == 2021 && post.date.month == 1 && post.date.day == 5)
            #expect(post.date.hour == 9 && post.date.minute == 30 && post.date.second == 0)
            #expect(post.date.instant == utc("2021-01-05T09:30:00Z"))
            #expect(post.updated?.instant == utc("2021-02-01T00:00:00Z"))
            #expect(post.summary == "A morning briefing on tvOS")
            #expect(post.tags == ["tvOS", "SwiftUI"])
            #expect(post.series == "side-projects")
            #expect(post.seriesOrder == 2)
            #expect(post.app == "stoutness")
            #expect(post.image == ImageRef(src: "hero.jpg", alt: "Pooh doing his stoutness exercise"))
            #expect(post.draft == true)
            #expect(post.slug == "stoutness-app")
            #expect(post.aliases == ["/weblog/2021/01/05/stoutness/"])
            #expect(post.params == [
                "mood": .string("cheerful"),
                "rating": .double(4.5),
                "extra": .mapping([
                    (key: "b", value: .int(1)),
                    (key: "a", value: .array([.string("x"), .string("yes"), .string("2021-01-05"), .null])),
                ]),
            ])
            #expect(post.body == "Hello, **world**.\n")
            #expect(post.bodyLine == 18)
            #expect(post.keyLocations["title"] == SourceLocation(line: 2, column: 8))
            #expect(post.keyLocations["series"] == SourceLocation(line: 7, column: 9))
            #expect(post.keyLocations["mood"] == SourceLocation(line: 14, column: 7))
            #expect(post.keyLocations.count == 15)
        }

        @Test func singleStringFormsAndDefaults() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/posts/2021-01-05-x.md", "---\ntitle: X\ntags: swift\nimage: hero.png\n---\n")
            let content = site.load()
            #expect(lines(content) == [])
            let post = try #require(content.posts.first)
            #expect(post.tags == ["swift"])
            #expect(post.image == ImageRef(src: "hero.png", alt: nil))
            #expect(post.draft == false)
            #expect(post.aliases == [])
            #expect(post.params == [:])
            #expect(post.body == "")
            #expect(post.bodyLine == 6)
        }

        @Test func dateAndSlugFromFileNameAndOverrides() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/posts/2021-01-05-from-name.md", "---\ntitle: A\n---\nA\n")
            try site.write("content/posts/2021-01-05-old-name.md", "---\ntitle: B\ndate: 2022-03-04\nslug: \"  new-slug \"\n---\n")
            try site.write("content/posts/no-date.md", "---\ntitle: C\ndate: 2020-12-31T23:59:59Z\n---\n")
            try site.write("content/posts/2019/2019-07-08-nested.md", "---\ntitle: D\n---\n")
            try site.write("content/posts/2018-02-03-bundle/index.md", "---\ntitle: E\n---\n")
            try site.write("content/posts/2018-02-03-bundle/photo.jpg", "jpg")
            try site.write("content/posts/2017-01-01.md", "---\ntitle: Only A Date\n---\n")
            let content = site.load()
            #expect(lines(content) == [
                "content/posts/2021-01-05-old-name.md:3:7: warning: front matter: 'date' is 2022-03-04 but the file name says 2021-01-05 (the front matter's date is used; make them agree)",
            ])
            let byTitle = Dictionary(uniqueKeysWithValues: content.posts.map { ($0.title, $0) })
            #expect(byTitle["A"]?.slug == "from-name")
            #expect(byTitle["A"]?.date.day == 5)
            #expect(byTitle["B"]?.slug == "new-slug")
            #expect(byTitle["B"].map { ints($0.date.year, $0.date.month, $0.date.day) } == [2022, 3, 4])
            #expect(byTitle["C"]?.slug == "no-date")
            #expect(byTitle["C"]?.date.instant == utc("2020-12-31T23:59:59Z"))
            #expect(byTitle["D"]?.slug == "nested")
            #expect(byTitle["D"]?.sourcePath == "content/posts/2019/2019-07-08-nested.md")
            #expect(byTitle["E"]?.slug == "bundle")
            #expect(byTitle["E"]?.date.month == 2)
            #expect(byTitle["Only A Date"]?.slug == "only-a-date")
            #expect(content.staticFiles.map(\.relativePath) == ["posts/2018-02-03-bundle/photo.jpg"])
            // Sorted by path, whatever order the threads finished in.
            #expect(content.posts.map(\.sourcePath) == content.posts.map(\.sourcePath).sorted())
        }

        @Test func timeZoneEdgesKeepTheWrittenDay() throws {
            func post(_ zone: String, _ date: String) throws -> Post {
                let site = try TestSiteFolder(config: "base_url: https://e.com/\ntimezone: \(zone)\n")
                try site.write("content/posts/x.md", "---\ntitle: T\ndate: \(date)\n---\n")
                let content = site.load()
                #expect(lines(content) == [])
                return try #require(content.posts.first)
            }
            let london = try post("Europe/London", "2021-03-31 23:30")
            #expect(ints(london.date.year, london.date.month, london.date.day, london.date.hour, london.date.minute) == [2021, 3, 31, 23, 30])
            #expect(london.date.utcOffsetSeconds == 3600)
            #expect(london.date.instant == utc("2021-03-31T22:30:00Z"))

            let auckland = try post("Pacific/Auckland", "2021-01-05")
            #expect(ints(auckland.date.year, auckland.date.month, auckland.date.day) == [2021, 1, 5])
            #expect(auckland.date.utcOffsetSeconds == 13 * 3600)
            #expect(auckland.date.instant == utc("2021-01-04T11:00:00Z"))

            let losAngeles = try post("America/Los_Angeles", "2021-01-05")
            #expect(ints(losAngeles.date.year, losAngeles.date.month, losAngeles.date.day) == [2021, 1, 5])
            #expect(losAngeles.date.utcOffsetSeconds == -8 * 3600)
            #expect(losAngeles.date.instant == utc("2021-01-05T08:00:00Z"))

            // An explicit zone wins over the site's; the wall clock is the written one.
            let offset = try post("Pacific/Auckland", "2021-01-05T09:30:00+01:00")
            #expect(ints(offset.date.day, offset.date.hour, offset.date.minute) == [5, 9, 30])
            #expect(offset.date.utcOffsetSeconds == 3600)
            #expect(offset.date.instant == utc("2021-01-05T08:30:00Z"))

            let compact = try post("UTC", "2021-01-05 23:30:15.5 -0800")
            #expect(ints(compact.date.day, compact.date.hour, compact.date.second) == [5, 23, 15])
            #expect(compact.date.utcOffsetSeconds == -8 * 3600)
            #expect(compact.date.instant == utc("2021-01-06T07:30:15.500Z"))

            let zulu = try post("Pacific/Auckland", "\"2021-01-05T00:00Z\"")
            #expect(zulu.date.utcOffsetSeconds == 0)
            #expect(zulu.date.instant == utc("2021-01-05T00:00:00Z"))
        }

        @Test func dateForms() {
            let utcZone = TimeZone(identifier: "UTC") ?? TimeZone.current
            for good in ["2021-01-05", "2021-01-05 09:30", "2021-01-05T09:30:00", "2021-01-05t9:30", "2021-01-05  09:30:00.123",
                         "2021-01-05T09:30Z", "2021-01-05T09:30:00+01:00", "2021-01-05 09:30 +0100", "2021-01-05T09:30-05", "2020-02-29"] {
                #expect((try? DateParsing.parse(good, timeZone: utcZone).get()) != nil, "\(good)")
            }
            for bad in ["Jan fifth", "2021-1-5", "2021-01-05 9", "2021-01-05T09:30:00+1", "2021-01-05 09:30 CET", "05/01/2021", ""] {
                #expect(DateParsing.parse(bad, timeZone: utcZone) == .failure(.notADate), "\(bad)")
            }
            for invalid in ["2021-02-30", "2021-02-29", "2021-13-01", "2021-00-10", "2021-01-05 24:00", "2021-01-05 12:60"] {
                #expect(DateParsing.parse(invalid, timeZone: utcZone) == .failure(.invalid), "\(invalid)")
            }
        }

        @Test func bomAndCRLF() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.writeBytes("content/posts/2021-01-05-x.md",
                                [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: Windows\r\ndate: Jan fifth\r\n---\r\nLine one\r\nLine two\r\n".utf8))
            #expect(lines(site.load()) == ["content/posts/2021-01-05-x.md:3:7: front matter: 'date' is not a date (\"Jan fifth\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)"])
            try site.writeBytes("content/posts/2021-01-05-x.md",
                                [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: Windows\r\n---\r\nLine one\r\nLine two\r\n".utf8))
            let content = site.load()
            #expect(lines(content) == [])
            let post = try #require(content.posts.first)
            #expect(post.title == "Windows")
            #expect(post.body == "Line one\nLine two\n")
            #expect(post.bodyLine == 4)
        }
    }
}

// MARK: - Series, apps, pages, static files

extension ContentTests {
    @Suite struct OtherKinds {
        @Test func seriesAppsPages() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/series/side-projects.md", """
                ---
                title: Side Projects
                description: Small apps I built
                order: manual
                colour: blue
                ---
                The intro.

                """)
            try site.write("content/series/defaults.md", "---\ntitle: Defaults\n---\n")
            try site.write("content/apps/stoutness.md", """
                ---
                title: Stoutness
                tagline: A morning briefing
                icon: icon.png
                platforms: [tvOS, iOS]
                app_store: https://apps.apple.com/app/id1
                website: https://stoutness.app
                source: https://github.com/x/stoutness
                released: 2021-01-05
                status: retired
                screenshots: [ { src: a.png, alt: Home }, b.png ]
                price: 0
                ---
                The description.

                """)
            try site.write("content/apps/minimal.md", "---\ntitle: Minimal\nplatforms: macOS\n---\n")
            try site.write("content/pages/about.md", "---\ntitle: About\npermalink: /about-me/\nshow_toc: false\n---\nHi.\n")
            try site.write("content/pages/404.md", "---\ntitle: Not found\n---\n")
            let content = site.load()
            #expect(lines(content) == [
                "content/apps/stoutness.md:12:1: hint: front matter: 'price' is not used by blogbuild (templates see it as page.params.price)",
                "content/pages/about.md:4:1: hint: front matter: 'show_toc' is not used by blogbuild (templates see it as page.params.show_toc)",
                "content/series/side-projects.md:5:1: hint: front matter: 'colour' is not used by blogbuild (templates see it as page.params.colour)",
            ])

            #expect(content.series.map(\.slug) == ["defaults", "side-projects"])
            let series = try #require(content.series.last)
            #expect(series.sourcePath == "content/series/side-projects.md")
            #expect(series.title == "Side Projects")
            #expect(series.description == "Small apps I built")
            #expect(series.order == .manual)
            #expect(series.params == ["colour": .string("blue")])
            #expect(series.body == "The intro.\n")
            #expect(series.bodyLine == 7)
            #expect(content.series.first?.order == .date)

            #expect(content.apps.map(\.slug) == ["minimal", "stoutness"])
            let app = try #require(content.apps.last)
            #expect(app.title == "Stoutness")
            #expect(app.tagline == "A morning briefing")
            #expect(app.icon == "icon.png")
            #expect(app.platforms == ["tvOS", "iOS"])
            #expect(app.appStore == "https://apps.apple.com/app/id1")
            #expect(app.website == "https://stoutness.app")
            #expect(app.source == "https://github.com/x/stoutness")
            #expect(app.released.map { ints($0.year, $0.month, $0.day) } == [2021, 1, 5])
            #expect(app.status == .retired)
            #expect(app.screenshots == [ImageRef(src: "a.png", alt: "Home"), ImageRef(src: "b.png", alt: nil)])
            #expect(app.params == ["price": .int(0)])
            #expect(app.body == "The description.\n")
            #expect(app.bodyLine == 14)
            #expect(content.apps.first?.status == .available)
            #expect(content.apps.first?.platforms == ["macOS"])

            #expect(content.pages.map(\.slug) == ["404", "about"])
            let about = try #require(content.pages.last)
            #expect(about.title == "About")
            #expect(about.permalink == "/about-me/")
            #expect(about.params == ["show_toc": .bool(false)])
            #expect(about.body == "Hi.\n")
            #expect(about.bodyLine == 6)
            #expect(content.pages.first?.permalink == nil)
        }

        @Test func staticFilesAndHiddenFiles() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/images/a.png", "png")
            try site.write("content/posts/img/b.jpg", "jpg")
            try site.write("content/favicon.ico", "ico")
            try site.write("content/.DS_Store", "junk")
            try site.write("content/images/.hidden.png", "junk")
            try site.write("content/.git/config", "junk")
            try site.write("content/.drafts/2021-01-01-secret.md", "not even front matter")
            try site.write("content/README.md", "# notes\n")
            try site.write("content/series/nested/deeper.md", "# notes\n")
            let content = site.load()
            // Hidden files are content (`.nojekyll`); junk and hidden folders other than `.well-known` are not.
            #expect(content.staticFiles.map(\.relativePath) == ["favicon.ico", "images/.hidden.png", "images/a.png", "posts/img/b.jpg"])
            #expect(content.skippedFiles == ["content/.DS_Store", "content/.drafts", "content/.git"])
            #expect(content.staticFiles.first?.absolutePath == site.url("content/favicon.ico").path)
            #expect(lines(content) == [
                "content/README.md: warning: not loaded: Markdown belongs in posts/, series/, apps/ or pages/",
                "content/series/nested/deeper.md: warning: not loaded: Markdown belongs in posts/, series/, apps/ or pages/",
            ])
        }

        @Test func symlinksToFilesAndFoldersAreFollowed() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("elsewhere/2021-01-06-linked.md", "---\ntitle: Linked\n---\n")
            try site.write("shared/logo.svg", "svg")
            try site.symlink("content/posts/2021-01-06-linked.md", to: site.url("elsewhere/2021-01-06-linked.md").path)
            try site.symlink("content/images/shared", to: "../../shared")
            let content = site.load()
            #expect(lines(content) == [])
            #expect(content.posts.map(\.slug) == ["linked"])
            #expect(content.staticFiles.map(\.relativePath) == ["images/shared/logo.svg"])
        }
    }
}

// MARK: - Bad input

extension ContentTests {
    @Suite struct BadInput {
        /// Loads a site with one post file and returns the diagnostics as text.
        private func postProblems(_ text: String, name: String = "2021-01-05-x.md") throws -> [String] {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/posts/" + name, text)
            let content = site.load()
            if !content.diagnostics.filter({ $0.severity == .error }).isEmpty { #expect(content.posts.isEmpty) }
            return lines(content)
        }

        private let file = "content/posts/2021-01-05-x.md"

        @Test func unclosedFrontMatter() throws {
            #expect(try postProblems("---\ntitle: X\n\nBody\n") == ["\(file):1:1: front matter: no closing '---'"])
        }

        @Test func invalidYAMLLineIsTheFileLine() throws {
            #expect(try postProblems("---\ntitle: ok\nsummary: a: b\n---\n")
                    == ["\(file):3:10: front matter: the value of 'summary' holds ': ', which YAML reads as another key; "
                        + "put the value in quotes: summary: \"a: b\""])
            #expect(try postProblems("---\ntitle: ok\ntitle: again\n---\n") == ["\(file):2:1: front matter: duplicate key 'title'"])
            #expect(try postProblems("---\n- a\n- b\n---\n") == ["\(file):2:1: front matter: not a mapping of keys to values"])
        }

        @Test func dateThatIsNotADate() throws {
            #expect(try postProblems("---\ntitle: X\ndate: Jan fifth\n---\n")
                    == ["\(file):3:7: front matter: 'date' is not a date (\"Jan fifth\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)"])
            #expect(try postProblems("---\ntitle: X\ndate: 2021-02-30\n---\n")
                    == ["\(file):3:7: front matter: 'date' is not a valid date (\"2021-02-30\")"])
            #expect(try postProblems("---\ntitle: X\nupdated: \"yesterday\"\n---\n")
                    == ["\(file):3:10: front matter: 'updated' is not a date (\"yesterday\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)"])
            #expect(try postProblems("---\ntitle: X\n---\n", name: "2021-02-30-x.md")
                    == ["content/posts/2021-02-30-x.md: file name: '2021-02-30' is not a valid date"])
            #expect(try postProblems("---\ntitle: X\n---\n", name: "undated.md")
                    == ["content/posts/undated.md:1:1: front matter: 'date' is required (or name the file YYYY-MM-DD-slug.md)"])
        }

        @Test func missingTitle() throws {
            #expect(try postProblems("---\ndate: 2021-01-05\n---\nBody\n") == ["\(file):1:1: front matter: 'title' is required"])
            #expect(try postProblems("---\ntitle: \"  \"\n---\n") == ["\(file):2:8: front matter: 'title' is required"])
            #expect(try postProblems("---\n---\n") == ["\(file):1:1: front matter: 'title' is required"])
            #expect(try postProblems("Just Markdown\n")
                    == ["\(file):1:1: front matter: missing (start the file with a '---' block holding 'title')"])
        }

        @Test func notUTF8() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.writeBytes("content/posts/2021-01-05-x.md", Array("---\ntitle: é".utf8) + [0xFF] + Array("\n---\n".utf8))
            try site.writeBytes("content/images/latin1.txt", [0xE9])  // static files are not decoded
            #expect(lines(site.load()) == ["\(file):2:9: not valid UTF-8 (byte 0xFF)"])
            // Overlong forms and surrogates are not UTF-8 either.
            #expect(SourceText.decode([0x61, 0x0A, 0xC0, 0x80]) == .failure(.notUTF8(line: 2, column: 1, byte: 0xC0)))
            #expect(SourceText.decode([0x0D, 0x0A, 0x62, 0xED, 0xA0, 0x80]) == .failure(.notUTF8(line: 2, column: 2, byte: 0xED)))
            #expect(SourceText.decode(Array("ok ✓ 𝄞".utf8)) == .success("ok ✓ 𝄞"))
        }

        @Test func emptyFile() throws {
            #expect(try postProblems("") == ["\(file): warning: file is empty: not built until it has front matter ('---', 'title: …', '---')"])
            #expect(try postProblems(" \n\t\n") == ["\(file): warning: file is empty: not built until it has front matter ('---', 'title: …', '---')"])
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.writeBytes("content/pages/about.md", [0xEF, 0xBB, 0xBF])
            try site.write("content/site.yml", "")
            #expect(lines(site.load()) == ["content/pages/about.md: warning: file is empty: not built until it has front matter ('---', 'title: …', '---')", "content/site.yml: file is empty"])
        }

        @Test func badSeriesOrderAndAppStatus() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/series/s.md", "---\ntitle: S\norder: alpha\n---\n")
            try site.write("content/apps/a.md", "---\ntitle: A\nstatus: gone\nreleased: soon\n---\n")
            try site.write("content/pages/p.md", "---\ntitle: P\npermalink: about/\n---\n")
            let content = site.load()
            #expect(lines(content) == [
                "content/apps/a.md:3:9: front matter: 'status' must be available or retired (\"gone\")",
                "content/apps/a.md:4:11: front matter: 'released' is not a date (\"soon\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)",
                "content/pages/p.md:3:12: front matter: 'permalink' must start with '/' (\"about/\")",
                "content/series/s.md:3:8: front matter: 'order' must be date or manual (\"alpha\")",
            ])
            #expect(content.series.isEmpty && content.apps.isEmpty && content.pages.isEmpty)
        }

        @Test func wrongTypes() throws {
            #expect(try postProblems("""
                ---
                title: [a, b]
                tags: {a: 1}
                draft: yes
                series_order: three
                image: [x]
                aliases: [/ok/, old/path]
                slug: ""
                series: { x: 1 }
                ---

                """) == [
                    "\(file):2:8: front matter: 'title' must be text (found a list)",
                    "\(file):3:7: front matter: 'tags' must be a list of text (found a mapping)",
                    "\(file):4:8: front matter: 'draft' is not true or false (\"yes\")",
                    "\(file):5:15: front matter: 'series_order' is not a whole number (\"three\")",
                    "\(file):6:8: front matter: 'image' must be a path or {src, alt} (found a list)",
                    "\(file):7:17: front matter: 'aliases' entries must start with one '/' (\"old/path\")",
                    "\(file):8:7: front matter: 'slug' is empty",
                    "\(file):9:9: front matter: 'series' must be text (found a mapping)",
                ])
            #expect(try postProblems("---\ntitle: X\nimage: { alt: no source }\ntags: [a, [b]]\n---\n") == [
                "\(file):3:8: front matter: 'image' needs 'src'",
                "\(file):4:11: front matter: 'tags' must be a list of text (found a list)",
            ])
        }

        @Test func quotedNumbersAndBooleansAreAccepted() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.write("content/posts/2021-01-05-x.md", "---\ntitle: 1984\nseries_order: \"3\"\ndraft: \"TRUE\"\ntags: [2021, swift]\n---\n")
            let content = site.load()
            #expect(lines(content) == [])
            let post = try #require(content.posts.first)
            #expect(post.title == "1984")
            #expect(post.seriesOrder == 3)
            #expect(post.draft == true)
            #expect(post.tags == ["2021", "swift"])
        }

        @Test func symlinkLoopIsReportedAndTheWalkGoesOn() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            try site.symlink("content/posts/loop", to: "..")
            try site.symlink("content/images/self", to: "self")
            try site.symlink("content/images/gone.png", to: "/nonexistent/blogbuild/gone.png")
            try site.write("content/posts/2021-01-05-fine.md", "---\ntitle: Fine\n---\n")
            try site.write("content/images/z.png", "png")
            let content = site.load()
            #expect(lines(content) == [
                "content/images/gone.png: broken symbolic link",
                "content/images/self: symbolic link loop",
                "content/posts/loop: symbolic link loop (it leads to a folder that contains it)",
            ])
            #expect(content.posts.map(\.slug) == ["fine"])
            #expect(content.staticFiles.map(\.relativePath) == ["images/z.png"])
        }

        @Test func unreadableFiles() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            // A FIFO would block a reader forever: it is reported, never opened.
            #expect(mkfifo(site.url("content/pipe.md").path, 0o644) == 0)
            // A dangling link where a post should be.
            try site.symlink("content/posts/2021-01-05-gone.md", to: "missing.md")
            // A folder named like a post is a folder: walked, not read.
            try site.write("content/posts/2021-01-06-folder.md/photo.png", "png")
            var expected = [
                "content/pipe.md: not a regular file or folder",
                "content/posts/2021-01-05-gone.md: broken symbolic link",
            ]
            if getuid() != 0 {
                try site.write("content/posts/2021-01-07-locked.md", "---\ntitle: L\n---\n")
                chmod(site.url("content/posts/2021-01-07-locked.md").path, 0)
                expected.append("content/posts/2021-01-07-locked.md: cannot read: permission denied")
            }
            let content = site.load()
            #expect(lines(content) == expected)
            #expect(content.staticFiles.map(\.relativePath) == ["posts/2021-01-06-folder.md/photo.png"])

            // The reader itself reports what the walker could not foresee (as root,
            // permissions do not stop reads, so a vanished file stands in for them).
            let vanished = ContentEntry(relativePath: "posts/2021-01-08-v.md", absolutePath: site.url("content/posts/nope.md").path, kind: .post)
            #expect(ContentLoader.readText(vanished)
                    == .failure(Diagnostic(file: "content/posts/2021-01-08-v.md", message: "cannot read: no such file or directory")))
            let folder = ContentEntry(relativePath: "posts/2021-01-06-folder.md", absolutePath: site.url("content/posts/2021-01-06-folder.md").path, kind: .post)
            #expect(ContentLoader.readText(folder)
                    == .failure(Diagnostic(file: "content/posts/2021-01-06-folder.md", message: "cannot read: is a folder, not a file")))
        }

        @Test func severalErrorsInOneLoadAreAllReported() throws {
            let site = try TestSiteFolder(config: "base_url: https://e.com/\ntimezone: Mars/Olympus\n")
            try site.write("content/posts/2021-01-01-good.md", "---\ntitle: Good\n---\n")
            try site.write("content/posts/2021-01-02-a.md", "---\ntitle: A\n")
            try site.write("content/posts/2021-01-03-b.md", "---\ntitle: B\ndate: never\ndraft: maybe\n---\n")
            try site.write("content/posts/2021-01-04-c.md", "")
            try site.write("content/series/s.md", "---\norder: manual\n---\n")
            let content = site.load()
            #expect(lines(content) == [
                "content/posts/2021-01-02-a.md:1:1: front matter: no closing '---'",
                "content/posts/2021-01-03-b.md:3:7: front matter: 'date' is not a date (\"never\"); write it as 2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)",
                "content/posts/2021-01-03-b.md:4:8: front matter: 'draft' is not true or false (\"maybe\")",
                "content/posts/2021-01-04-c.md: warning: file is empty: not built until it has front matter ('---', 'title: …', '---')",
                "content/series/s.md:1:1: front matter: 'title' is required",
                "content/site.yml:2:11: 'timezone' is not a known time zone (\"Mars/Olympus\") (use a name such as Europe/London or UTC)",
            ])
            #expect(content.posts.map(\.slug) == ["good"])
        }

        @Test func manyPostsLoadInOrder() throws {
            let site = try TestSiteFolder(config: contentTestsConfig)
            for i in 0..<300 {
                let day = String(format: "%02d", i % 28 + 1)
                try site.write("content/posts/2021-02-\(day)-post-\(i).md", "---\ntitle: Post \(i)\ntags: [t\(i % 5)]\n---\nBody \(i)\n")
            }
            let content = site.load()
            #expect(lines(content) == [])
            #expect(content.posts.count == 300)
            #expect(content.posts.map(\.sourcePath) == content.posts.map(\.sourcePath).sorted())
            #expect(content.posts.allSatisfy { $0.body == "Body \($0.title.dropFirst(5))\n" })
        }
    }
}

