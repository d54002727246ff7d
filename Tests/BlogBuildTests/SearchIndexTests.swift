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

/// Issue 28, "Search built in": the index the build writes under `search/`
/// (docs/SEARCH.md), queried by the real query core (`assets/search.js`, as the
/// build wrote it) under node, with a fetch that reads the output folder
/// (Tests/Tools/search_query.js).
@Suite struct SearchIndexTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let node: URL? = ProcessRunner.findOnPath("node")
    static var nodeOrCI: Bool { node != nil || isCI }

    /// One query's answer: result URLs best first, the marked excerpts, the files fetched.
    struct Answer: Decodable {
        struct Result: Decodable {
            var title: String
            var url: String
            var date: String
            var dateText: String?
            var excerpt: String
            var tags: [String]
            var terms: [String]
        }
        var query: String
        var results: [Result]
        var total: Int
        var marked: [String]
        var fetched: [String]
        /// What `onFirst` was given (the first two results), when there were more than two.
        var first: [String]?
        var urls: [String] { results.map(\.url) }
    }

    /// A built site: its output folder (kept while the value lives).
    final class Built {
        let folder: TestSiteFolder
        let output: URL
        init(_ folder: TestSiteFolder, mode: BuildMode = .build(includeDrafts: false)) throws {
            self.folder = folder
            output = folder.outside("out")
            _ = try SiteBuilder.build(BuildRequest(siteDirectory: folder.root, outputDirectory: output, mode: mode, now: siteTestsNow))
        }

        /// Runs the queries through search.js under node.
        func query(_ queries: String...) throws -> [Answer] {
            guard let node = SearchIndexTests.node else {
                Issue.record("CI=true but node is missing (apt-get install nodejs): the query core cannot be tested")
                return []
            }
            let tool = RepoPaths.root.appendingPathComponent("Tests/Tools/search_query.js").path
            let script = output.appendingPathComponent("assets/search.js").path
            let outcome = try ProcessRunner.run(node, [tool, script, output.path] + queries, timeout: 60)
            #expect(outcome.status == 0, "\(outcome)")
            let answers = try outcome.stdoutLines.map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
            #expect(answers.count == queries.count, "\(outcome)")
            return answers
        }

        func query(_ q: String) throws -> Answer {
            let answers: [Answer] = try query(q, q)  // twice: the second answer comes from the in-memory cache
            let first = try #require(answers.first)
            #expect(answers.last?.urls == first.urls)
            return first
        }

        /// Every file under `search/`, relative path → bytes.
        var searchFiles: [String: Data] {
            var out: [String: Data] = [:]
            let root = output.appendingPathComponent("search")
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { return out }
            for case let path as String in walker {
                if let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
                   !path.hasSuffix("/") { out[path] = data }
            }
            return out
        }
    }

    static func post(_ title: String, _ body: String, extra: String = "") -> String {
        "---\ntitle: \"\(title)\"\n\(extra)---\n\n\(body)\n"
    }

    /// The English fixture: one post per feature, each word only where the test expects it.
    static func englishSite() throws -> TestSiteFolder {
        try TestSiteFolder(files: [
            "content/posts/2024-01-01-cafe.md": post("Notes from a Café", "We met at the Café on the corner."),
            "content/posts/2024-01-02-renderer.md": post("A template engine", "The engine will render each page once."),
            "content/posts/2024-01-03-hooks.md": post("Deploys", "A webhook starts every deploy."),
            "content/posts/2024-01-04-net.md": post("Networking", """
                Use `URLSession.shared` for requests.

                ```swift
                let my_snake_value = parseHTTPResponse(data)
                ```
                """),
            "content/posts/2024-01-05-adjacent.md": post("Themes", "The dark mode toggle sits in the header."),
            "content/posts/2024-01-06-apart.md": post("Colours", "Dark colours suit the reading mode better."),
            "content/posts/2024-01-07-title.md": post("Kettle tips", "Boil less water."),
            "content/posts/2024-01-08-body.md": post("Morning", "The kettle, the kettle, and the kettle again."),
            "content/posts/2024-01-09-draft.md": post("Unfinished", "A zebra crossing.", extra: "draft: true\n"),
            "content/posts/2024-01-10-hidden.md": post("Private", "A giraffe appears.", extra: "search: false\n"),
            "content/posts/2024-01-11-moved.md": post("Moved", "An okapi lives here.", extra: "aliases: [/old-okapi/]\n"),
            "content/pages/secret.md": post("Secret page", "A narwhal page.", extra: "search: false\n"),
            "content/pages/about.md": post("About", "Hello from the author."),
        ])
    }

    @Test(.enabled(if: nodeOrCI)) func foldsAccentsAndCase() throws {
        let built = try Built(try Self.englishSite())
        #expect(try built.query("café").urls == ["/2024/01/cafe/"])
        #expect(try built.query("CAFE ").urls == ["/2024/01/cafe/"])
        // The excerpt marks the word as written.
        #expect(try built.query("cafe").marked.first?.contains("the <mark>Café</mark> on") == true)
    }

    @Test(.enabled(if: nodeOrCI)) func stemsPrefixesAndIdentifiers() throws {
        let built = try Built(try Self.englishSite())
        // "rendering " (no prefix: a space ends it) meets "render" through the English stem.
        #expect(try built.query("rendering ").urls == ["/2024/01/renderer/"])
        #expect(try built.query("webh").urls == ["/2024/01/hooks/"])
        #expect(try built.query("webh ").urls == [], "a finished word is no prefix")
        for q in ["urlsession", "session", "URLSession", "snake", "my_snake_value", "http", "parsehttpresponse"] {
            #expect(try built.query(q + " ").urls == ["/2024/01/net/"], "\(q)")
        }
    }

    @Test(.enabled(if: nodeOrCI)) func aPhraseNeedsItsWordsAdjacent() throws {
        let built = try Built(try Self.englishSite())
        #expect(Set(try built.query("dark mode ").urls) == ["/2024/01/adjacent/", "/2024/01/apart/"])
        #expect(try built.query("\"dark mode\"").urls == ["/2024/01/adjacent/"])
        #expect(try built.query("\"mode dark\"").urls == [])
    }

    @Test(.enabled(if: nodeOrCI)) func theFirstResultsAreHandedOverBeforeTheRest() throws {
        let built = try Built(try Self.englishSite())
        let many = try built.query("the ")
        #expect(many.urls.count > 2)
        #expect(many.first == Array(many.urls.prefix(2)), "\(String(describing: many.first)) \(many.urls)")
        #expect(try built.query("kettle ").first == nil, "two results: nothing to hand over early")
    }

    @Test(.enabled(if: nodeOrCI)) func aTitleHitRanksAboveBodyHits() throws {
        let built = try Built(try Self.englishSite())
        // The body post is newer and says it three times; the title still wins.
        #expect(try built.query("kettle ").urls == ["/2024/01/title/", "/2024/01/body/"])
    }

    @Test(.enabled(if: nodeOrCI)) func draftsHiddenAndAliasPagesAreNeverIndexed() throws {
        // Drafts are built here (as serve builds them) and still not indexed.
        let built = try Built(try Self.englishSite(), mode: .build(includeDrafts: true))
        #expect(FileManager.default.fileExists(atPath: built.output.appendingPathComponent("2024/01/draft/index.html").path))
        for q in ["zebra", "giraffe", "narwhal"] { #expect(try built.query(q + " ").urls == [], "\(q)") }
        #expect(try built.query("okapi ").urls == ["/2024/01/moved/"])
        let records = built.searchFiles.filter { $0.key.hasPrefix("doc/") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(records.contains("\"u\":\"about/\""))
        for absent in ["Unfinished", "Private", "Secret page", "old-okapi"] { #expect(!records.contains(absent), "\(absent)") }
        let manifest = String(decoding: try #require(built.searchFiles["index.json"]), as: UTF8.self)
        #expect(manifest.contains("\"docs\":10,"), "\(manifest)")
    }

    @Test func searchFalseInSiteYmlWritesNoIndex() throws {
        let folder = try Self.englishSite()
        try folder.write("content/site.yml", TestSiteFolder.defaultConfig + "search: false\n")
        let rendered = renderTestSite(folder)
        #expect(rendered.site.diagnostics.filter { $0.severity != .hint }.isEmpty, "\(rendered.site.diagnostics)")
        #expect(!rendered.paths.contains { $0.hasPrefix("search/") })
        // Nor the scripts that would read it.
        #expect(!rendered.paths.contains("assets/search.js") && !rendered.paths.contains("assets/search-ui.js"), "\(rendered.paths.filter { $0.hasPrefix("assets/") })")
        let on = renderTestSite(try Self.englishSite())
        #expect(on.paths.contains("search/index.json"))
        #expect(on.paths.contains("assets/search.js") && on.paths.contains("assets/search-ui.js"))
    }

    /// A rebuild with a memo (serve) analyses again only the group of documents an
    /// edit touched, and never serves the last build's analysis of an edited post.
    @Test func aRebuildAnalysesOnlyTheEditedGroupAndNeverAStalePost() throws {
        var files: [String: String] = [:]
        func name(_ i: Int) -> String { "content/posts/" + String(format: "2023-%02d-%02d", 1 + i / 28, 1 + i % 28) + "-note-\(i).md" }
        for i in 0..<200 { files[name(i)] = Self.post("Note \(i)", "Plain words for note number \(i), wombat\(i).") }
        let folder = try TestSiteFolder(files: files)
        let request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false), now: siteTestsNow)
        let memo = BuildMemo()
        _ = SiteBuilder.render(request, memo: memo)
        #expect(memo.search.analysed > 2, "the 200 posts are several groups")

        try folder.write(name(100), Self.post("Note 100", "Plain words for note number 100, quokkaspline."))
        let rebuilt = RenderedPages(SiteBuilder.render(request, memo: memo))
        #expect(memo.search.analysed == 1, "\(memo.search.analysed) groups analysed for one edited post")
        let clean = RenderedPages(SiteBuilder.render(request))
        let index = rebuilt.paths.filter { $0.hasPrefix("search/") }
        #expect(index == clean.paths.filter { $0.hasPrefix("search/") })
        for path in index { #expect(rebuilt[path] == clean[path], "\(path) differs from a clean build") }
        let postings = index.filter { $0.hasPrefix("search/post/") }.compactMap { rebuilt[$0] }.joined()
        let hasNew = postings.contains("\"quokkasplin\":"), hasOld = postings.contains("\"wombat100\":")
        #expect(hasNew, "the edited post's new word is indexed")
        #expect(!hasOld, "the edited post's old word is gone")

        // A new post (every id after it moves) is one more group to analyse, not all of them.
        try folder.write("content/posts/2023-04-14-note-new.md", Self.post("Note new", "A numbat."))
        _ = SiteBuilder.render(request, memo: memo)
        #expect(memo.search.analysed <= 2, "\(memo.search.analysed) groups analysed for one new post")
    }

    @Test(.enabled(if: nodeOrCI)) func anImagesAltTextIsIndexed() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2024-01-01-snow.md": Self.post("Winter", "Out early.\n\n![A capybara &amp; the snow](https://example.com/c.png)\n"),
            "content/posts/2024-01-02-other.md": Self.post("Other", "Nothing to see."),
        ])
        let built = try Built(folder)
        #expect(try built.query("capybara ").urls == ["/2024/01/snow/"])
        #expect(try built.query("snow ").urls == ["/2024/01/snow/"])
    }

    @Test func theIndexIsByteIdenticalOnEveryBuild() throws {
        let first = try Built(try Self.englishSite()).searchFiles
        let second = try Built(try Self.englishSite()).searchFiles
        #expect(first.count > 5)
        #expect(first == second)
    }

    @Test(.enabled(if: nodeOrCI)) func aGermanSiteStemsGerman() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig.replacingOccurrences(of: "language: en", with: "language: de"),
                                        files: [
            "content/posts/2024-01-01-werk.md": Self.post("Werkstatt", "Mit den Kindern bauten wir zwei Häuser."),
            "content/posts/2024-01-02-anderes.md": Self.post("Anderes", "Nichts davon hier."),
        ])
        let built = try Built(folder)
        // German Snowball: "Kinder" and "Kindern" are both "kind", "Hauses" and "Häuser" both "haus";
        // English's "kindern" and "hauser" begin neither query word.
        #expect(try built.query("kinder ").urls == ["/2024/01/werk/"])
        #expect(try built.query("Hauses ").urls == ["/2024/01/werk/"])
        let manifest = String(decoding: try #require(built.searchFiles["index.json"]), as: UTF8.self)
        #expect(manifest.contains("\"stemmer\":\"german\""))
    }

    @Test(.enabled(if: nodeOrCI)) func japaneseIsFoundByCharacterPairs() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig.replacingOccurrences(of: "language: en", with: "language: ja"),
                                        files: [
            "content/posts/2024-01-01-kensaku.md": Self.post("検索機能を作りました", "ブログに全文検索を追加しました。"),
            "content/posts/2024-01-02-other.md": Self.post("別の記事", "機械の話です。"),
        ])
        let built = try Built(folder)
        #expect(try built.query("検索").urls == ["/2024/01/kensaku/"])
        #expect(try built.query("全文検索").urls == ["/2024/01/kensaku/"])
        #expect(try built.query("機能").urls == ["/2024/01/kensaku/"])
        // Both pairs of 検能 must be there, and "索能" is in no post.
        #expect(try built.query("索能").urls == [])
        #expect(try built.query("検索").marked.first?.contains("全文<mark>検索</mark>") == true)
        // One character finds the runs that hold it, and marks it.
        #expect(try built.query("全").urls == ["/2024/01/kensaku/"])
        #expect(try built.query("械").urls == ["/2024/01/other/"])
        #expect(try built.query("機").urls.count == 2)
        #expect(try built.query("猫").urls == [])
        let one = try built.query("全")
        #expect(one.marked.first?.contains("<mark>全</mark>文検索") == true, "\(one.marked)")
    }

    /// What the index's scanner hands on, in order.
    private struct PieceList: SearchPieceSink {
        var pieces: [String] = []
        var wordPieces: [String: [SearchText.Piece]] = [:]
        var peeked: UInt64 = 0
        mutating func piece(_ bytes: UnsafeBufferPointer<UInt8>, cjk: Bool, hash: UInt32) {
            #expect(hash == SearchVocabulary.hash(bytes))
            pieces.append((cjk ? "cjk:" : "") + String(decoding: bytes, as: UTF8.self))
        }
        func peek(hash: UInt32) -> UInt64 { 0 }
    }

    /// The index's scanner (ASCII words and runs of ideographs cut on their bytes)
    /// cuts every text into the pieces `SearchText.pieces` does, in the same order:
    /// words that mix ideographs, kana, Hangul, Latin letters, digits, `_`, case
    /// changes and marks, and random strings of them.
    @Test func theScannerCutsWordsAsSearchTextDoes() {
        var texts = ["使用Swift开发", "検索する機能", "中文，英文。", "한국어 검색", "漢字\u{0301}漢", "2024年的总结",
                     "URLSession和my_snake_value的用法", "café中文", "中", "中文", "_中_", "ＡＢＣ中文", "中\u{3099}文",
                     "々中文", "丽中文", "\u{20000}\u{20001}中", "カタカナ漢字ひらがな", "中文v2.0版本", "αβγ中文δ"]
        let pool = Array("中文字检索测试 我们abcXYZ_09é\u{0301}かなカナ한글，。!?\u{3000}\u{20BB7}丽々ﾊﾟ")
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            texts.append(String((0..<Int.random(in: 1...24, using: &rng)).map { _ in pool.randomElement(using: &rng)! }))
        }
        for text in texts {
            var expected: [String] = []
            _ = SearchText.pieces(of: text) { if !$0.text.isEmpty { expected.append(($0.isCJK ? "cjk:" : "") + $0.text) } }
            var sink = PieceList()
            var copy = text + "        "  // the scanner reads eight bytes at a time where it can
            copy.withUTF8 { SearchWordScanner.scan(UnsafeBufferPointer(rebasing: $0[0..<text.utf8.count]), into: &sink) }
            #expect(sink.pieces == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The fast fold of CJK characters equals the general one (NFKD, nonspacing
    /// marks dropped, lowercased), which search.js does to a query, for every
    /// scalar the index treats as CJK, and for characters with marks after them.
    @Test func cjkCharactersFoldAsTheGeneralFoldDoes() {
        var differ: [String] = []
        var tried = 0
        for v in UInt32(0x1100)...0x2FFFF {
            guard let s = Unicode.Scalar(v), SearchText.isCJK(s) else { continue }
            tried += 1
            let fast = SearchText.foldCJK([s][...]), general = SearchText.fold(String(s))
            if fast != general { differ.append("U+\(String(v, radix: 16, uppercase: true)): \(fast) ≠ \(general)") }
        }
        // Voiced kana written as base + combining mark, a Hangul syllable with a mark, an ideograph with a variation selector.
        let marked: [[Unicode.Scalar]] = [["\u{304B}", "\u{3099}"], ["\u{30CF}", "\u{309A}"], ["\u{D55C}", "\u{0301}"],
                                          ["\u{8FBB}", "\u{E0100}"], ["\u{FF76}", "\u{FF9E}"]]
        for char in marked {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: char)
            let fast = SearchText.foldCJK(char[...]), general = SearchText.fold(String(view))
            if fast != general { differ.append("\(char): \(fast) ≠ \(general)") }
        }
        #expect(tried > 90_000)
        #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(10))")
    }

    @Test(.enabled(if: nodeOrCI)) func aQueryFetchesOnlyTheFilesItNeeds() throws {
        let built = try Built(try Self.englishSite())
        let answer = try built.query("webh")
        // The manifest, one dictionary file, the buckets of the terms found, one record file.
        #expect(answer.fetched.first == "/search/index.json")
        #expect(answer.fetched.filter { $0.hasPrefix("/search/dict/") } == ["/search/dict/we.json"])
        #expect(answer.fetched.filter { $0.hasPrefix("/search/doc/") } == ["/search/doc/0.json"])
        // Besides the index, only the page of a result found by its body (for its sentence).
        #expect(answer.fetched.filter { !$0.hasPrefix("/search/") } == ["/2024/01/hooks/"], "\(answer.fetched)")
        let title = try built.query("kettle tips")
        #expect(!title.fetched.contains { !$0.hasPrefix("/search/") }, "every word in the title: no page read, \(title.fetched)")
    }

    /// Issue 43: under a result found by its body, the sentence around the best match,
    /// wherever it is in the post; the summary only when every word is in the title.
    @Test(.enabled(if: nodeOrCI)) func aResultFoundByItsBodyShowsTheSentenceAroundItsBestMatch() throws {
        let filler = (1...12).map { "Paragraph \($0) is about nothing in particular, and goes on for a while." }.joined(separator: "\n\n")
        let long = "This sentence runs on and on " + String(repeating: "with words that only fill the line ", count: 12)
            + "until the heron appears near its end " + String(repeating: "and then more words follow it ", count: 8) + "to close."
        let built = try Built(try TestSiteFolder(files: [
            "content/posts/2024-02-01-late.md": Self.post("Field notes", filler + "\n\nA heron stood by the weir. Then an otter swam past the heron!\n\nThe end.",
                                                    extra: "summary: \"A walk by the river.\"\n"),
            "content/posts/2024-02-02-title.md": Self.post("The heron's otter", "Nothing here names them.", extra: "summary: \"Two animals.\"\n"),
            "content/posts/2024-02-03-long.md": Self.post("Long", long),
            "content/posts/2024-02-04-code.md": Self.post("Code", "Some code:\n\n```swift\nlet kingfisher = Bird()\nprint(kingfisher)\n```\n"),
            "content/posts/2024-02-05-chinese.md": Self.post("中文", "第一段没有。\n\n我们在河边看到了一只苍鹭。它站着不动！"),
        ]))
        func result(_ answer: Answer, _ url: String) -> (excerpt: String, marked: String)? {
            guard let i = answer.urls.firstIndex(of: url) else { return nil }
            return (answer.results[i].excerpt, answer.marked[i])
        }
        // Two words: the sentence holding both, not the first holding one; the summary
        // for the post whose title holds both.
        let both = try built.query("heron otter")
        #expect(result(both, "/2024/02/late/")?.marked == "Then an <mark>otter</mark> swam past the <mark>heron</mark>!", "\(both)")
        #expect(result(both, "/2024/02/title/")?.excerpt == "Two animals.", "\(both)")
        // One word: its first sentence, far below the summary.
        #expect(result(try built.query("heron"), "/2024/02/late/")?.excerpt == "A heron stood by the weir.")
        // A long sentence is cut around the match, at words, with ellipses.
        let cut = try #require(result(try built.query("heron"), "/2024/02/long/"))
        #expect(cut.excerpt.hasPrefix("\u{2026}") && cut.excerpt.hasSuffix("\u{2026}") && cut.excerpt.count <= 222, "\(cut)")
        #expect(cut.marked.contains("until the <mark>heron</mark> appears"), "\(cut)")
        #expect(!cut.excerpt.contains("  ") && cut.excerpt.split(separator: " ").allSatisfy { long.contains($0.trimmingCharacters(in: ["\u{2026}"])) })
        // A code block's line is a sentence of its own.
        #expect(result(try built.query("kingfisher"), "/2024/02/code/")?.excerpt == "let kingfisher = Bird()")
        // Chinese sentences end at 。 and ！.
        #expect(result(try built.query("苍鹭"), "/2024/02/chinese/")?.marked == "我们在河边看到了一只<mark>苍鹭</mark>。")
    }

    // MARK: Issue 40: every page a reader looks for, no missing file fetched, typos, dates

    /// An app portfolio: an app whose tagline has `coffee`, its privacy page, a
    /// series, standalone pages, a post with a word only in its summary, and a
    /// post about tidepools in the series.
    static func portfolioSite(language: String = "en") throws -> TestSiteFolder {
        try TestSiteFolder(config: TestSiteFolder.defaultConfig.replacingOccurrences(of: "language: en", with: "language: \(language)"),
                           files: [
            "content/apps/brewmaster.md": "---\ntitle: Brewmaster\ntagline: Coffee ratios for the morning pour\n"
                + "platforms: [iOS, watchOS]\nscreenshots:\n  - { src: /images/shot.png, alt: The scales with a flat white }\n"
                + "---\nIt weighs your beans.\n",
            "content/apps/brewmaster/privacy.md": post("Brewmaster Privacy", "Brewmaster keeps no data."),
            "content/series/harbour-notes.md": "---\ntitle: Harbour Notes\ndescription: Sketches of the estuary\n---\nAn intro about lighthouses.\n",
            "content/pages/uses.md": post("Uses", "My desk has a marimba."),
            "content/pages/hidden.md": post("Hidden", "A narwhal page.", extra: "search: false\n"),
            "content/posts/2024-01-01-tides.md": post("Reading the tides", "Tidepool creatures at low water.", extra: "series: harbour-notes\n"),
            "content/posts/2024-01-02-summary.md": post("Quiet places", "Nothing else here.", extra: "summary: A gazetteer of calm corners\n"),
            "content/posts/2024-11-01-dated.md": post("Autumn", "Leaves fall. The tide went out."),
        ])
    }

    @Test(.enabled(if: nodeOrCI)) func appsTheirIndexSeriesAndPagesAreFound() throws {
        let built = try Built(try Self.portfolioSite())
        // The tagline's word finds the app's page (and the portfolio that shows it).
        let coffee = try built.query("coffee ")
        #expect(Set(coffee.urls) == ["/apps/brewmaster/", "/apps/"], "\(coffee.urls)")
        #expect(coffee.results.first { $0.url == "/apps/brewmaster/" }?.excerpt == "Coffee ratios for the morning pour")
        // The app's name finds its own page first, then its child page.
        #expect(try built.query("brewmaster ").urls.prefix(2) == ["/apps/brewmaster/", "/apps/brewmaster/privacy/"])
        #expect(try built.query("watchos ").urls == ["/apps/brewmaster/"], "platforms")
        #expect(try built.query("beans ").urls == ["/apps/brewmaster/"], "description")
        #expect(try built.query("flat white ").urls == ["/apps/brewmaster/"], "a screenshot's alt text")
        #expect(try built.query("estuary ").urls == ["/series/harbour-notes/"], "series description")
        #expect(try built.query("lighthouses ").urls == ["/series/harbour-notes/"], "series intro")
        #expect(try built.query("harbour ").urls.first == "/series/harbour-notes/", "series title")
        #expect(try built.query("marimba ").urls == ["/uses/"])
        #expect(try built.query("narwhal ").urls == [], "search: false")
        #expect(try built.query("apps ").urls.first == "/apps/", "the portfolio by its title")
    }

    @Test(.enabled(if: nodeOrCI)) func aWordOnlyInASummaryIsFound() throws {
        let built = try Built(try Self.portfolioSite())
        let answer = try built.query("gazetteer ")
        #expect(answer.urls == ["/2024/01/summary/"])
        #expect(answer.marked.first?.contains("<mark>gazetteer</mark>") == true, "\(answer.marked)")
    }

    @Test(.enabled(if: nodeOrCI)) func aQueryFetchesNoFileThatDoesNotExist() throws {
        let built = try Built(try Self.portfolioSite())
        let queries = ["n", "n ", "zz", "zzzzzz", "q", "tidpool", "xidepool", "itdepool", "\"tidpool\"", "a b c", "coffee bean",
                       "検索", "é", "_x", "brewmastr"]
        let answers = try built.query(queries[0], queries[1], queries[2], queries[3], queries[4], queries[5], queries[6], queries[7],
                                      queries[8], queries[9], queries[10], queries[11], queries[12], queries[13], queries[14])
        for answer in answers {
            let missing = answer.fetched.filter { !FileManager.default.fileExists(atPath: built.output.path + $0) }
            #expect(missing.isEmpty, "\(answer.query) fetched \(missing), which the build never wrote")
        }
        // A word whose dictionary file there is not fetches the manifest and nothing else.
        #expect(answers[3].fetched.allSatisfy { $0 == "/search/index.json" }, "\(answers[3].fetched)")
    }

    @Test(.enabled(if: nodeOrCI)) func aTypoOfOneLetterInALongWordStillFindsIt() throws {
        let built = try Built(try Self.portfolioSite())
        let tides = "/2024/01/tides/"
        // After the first two letters: a letter left out, changed, added, two swapped.
        for typo in ["tidpool", "tidepoll", "tideppool", "tiedpool", "tidepoo ", "Tidpool"] {
            #expect(try built.query(typo).urls == [tides], "\(typo)")
        }
        // In the first two: left out, changed, added, swapped.
        for typo in ["idepool", "tdepool", "xidepool", "txdepool", "xtidepool", "txidepool", "itdepool", "tdiepool"] {
            #expect(try built.query(typo).urls == [tides], "\(typo)")
        }
        // While typing, the start of the word with a typo.
        #expect(try built.query("tidpoo").urls == [tides])
        // With another word, and the typo marked as the word it stands for.
        let two = try built.query("low tidpool")
        #expect(two.urls == [tides])
        #expect(two.marked.first?.contains("<mark>Tidepool</mark>") == true, "\(two.marked)")
        #expect(try built.query("brewmastr ").urls.first == "/apps/brewmaster/")
        // A word one edit away is taken before a short stem that begins the typo (`tide`, three
        // characters left over); an ending of one or two is an inflection, as before.
        #expect(try built.query("tidepol ").urls == [tides])
        #expect(Set(try built.query("tided ").urls) == [tides, "/2024/11/dated/"])
        // Not a typo: two letters wrong, a short word, a quoted word.
        #expect(try built.query("tidpoll ").urls == [])
        #expect(try built.query("lov ").urls == [])
        #expect(try built.query("\"tidpool\"").urls == [])
        // A typo after the first two letters fetches no file beyond the ones the word fetches anyway.
        let cheap = try built.query("tidpool")
        #expect(!cheap.fetched.contains { $0.hasPrefix("/search/near/") }, "\(cheap.fetched)")
        #expect(cheap.fetched.filter { $0.hasPrefix("/search/dict/") } == ["/search/dict/ti.json"], "\(cheap.fetched)")
    }

    @Test(.enabled(if: nodeOrCI)) func aResultsDateReadsAsThePagesDo() throws {
        let built = try Built(try Self.portfolioSite())
        let answer = try built.query("autumn ")
        #expect(answer.results.first?.date == "2024-11-01")
        #expect(answer.results.first?.dateText == "1 November 2024")
        let page = try String(contentsOf: built.output.appendingPathComponent("2024/11/dated/index.html"), encoding: .utf8)
        #expect(page.contains(">1 November 2024</time>"))
        let german = try Built(try Self.portfolioSite(language: "de"))
        #expect(try german.query("autumn ").results.first?.dateText == "1. November 2024")
        // A page has no date.
        #expect(try built.query("marimba ").results.first?.dateText == "")
    }
}

