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

// Issue 28, the search page: its markup (the page, the header's field, `search:
// false`, its words in the site's language), and the page itself in headless
// Chromium (Tests/browser/search_check.py: typing, marks, keyboard, no
// JavaScript, both schemes, 360 px, axe-core) on the example site built by the
// real `blogbuild`.

enum SearchBrowserTools {
    static let script = RepoPaths.root.appendingPathComponent("Tests/browser/search_check.py")

    /// What the browser check of the search page lacks: the theme check's tools and axe-core.
    static let missing: String? = {
        var missing: [String] = BrowserTools.missing.map { [$0] } ?? []
        if let python = ProcessRunner.findOnPath("python3"),
           (try? ProcessRunner.run(python, ["-c", "import axe_core_python"], timeout: 30))?.status != 0 {
            missing.append("the Python package axe-core-python (python3 -m pip install axe-core-python; make setup installs it)")
        }
        return missing.isEmpty ? nil : missing.joined(separator: "; ")
    }()

    static var availableOrCI: Bool { missing == nil || BrowserTools.isCI }
}

@Suite("Search page in the browser")
struct SearchPageBrowserTests {
    @Test(.enabled(if: SearchBrowserTools.availableOrCI,
                   "browser check of the search page skipped: missing \(SearchBrowserTools.missing ?? "nothing")"),
          .timeLimit(.minutes(3)))
    func typingShowsMarkedResultsTheKeyboardWorksAndItPassesAxe() throws {
        if let missing = SearchBrowserTools.missing {
            Issue.record("CI=true but the browser check of the search page cannot run: missing \(missing)")
            return
        }
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-search-page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let built = try BlogBuildCLI.run(["build", "--site", RepoPaths.root.path, "--output", site.path])
        #expect(built.status == 0, "\(built)")
        let python = try #require(ProcessRunner.findOnPath("python3"))
        // `cafe` finds the posts about cafés (folded), `tidemark` a series' five parts and more
        // (the keyboard's), and the draft is never a result of its own title's words.
        let run = try ProcessRunner.run(python, [SearchBrowserTools.script.path, "--site", site.path, "--json",
                                                 "--query", "cafe", "--expect", "/2019/05/guided-access-for-cafes/",
                                                 "--many", "tidemark", "--more", "swift",
                                                 "--absent", "half finished thoughts app intents=/2026/10/app-intents-draft/",
                                                 // An app by its tagline, a series by its intro, a typo in an app's name.
                                                 "--find", "menu board=/apps/chalkboard/",
                                                 "--find", "rewriting kettle=/series/rewriting-kettle/",
                                                 "--find", "tidmark=/apps/tidemark/",
                                                 "--post", "2022/01/harmonic-constants/"], timeout: 160)
        #expect(!run.timedOut, "\(run)")
        #expect(run.status != 3, "a browser tool is missing: \(run)")
        #expect(run.status == 0, "the search page failed its browser check:\n\(run)")
        // The script checks everything itself; its report is read here too, so a
        // script that printed nothing cannot pass.
        guard let last = run.stdoutLines.last, let data = last.data(using: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let typed = json["typed"] as? [String: Any], let items = typed["items"] as? [[String: Any]],
              let axe = json["axe"] as? [String: [Any]], let keyboard = json["keyboard"] as? [String: Any] else {
            Issue.record("search_check.py printed no JSON report:\n\(run)")
            return
        }
        // Both café posts have it in their titles; the launch post says it more often (in its summary too).
        let first = try #require(items.first { $0["href"] as? String == "/2019/05/guided-access-for-cafes/" }, "\(items)")
        #expect(items.prefix(2).contains { $0["href"] as? String == "/2019/05/guided-access-for-cafes/" }, "\(items)")
        #expect((first["marks"] as? [String])?.contains("café") == true, "`cafe` marks `café`: \(first)")
        #expect(typed["status"] as? String == "\(items.count) results", "\(typed)")
        #expect(keyboard["back_to_field"] as? String == "search-input", "\(keyboard)")
        // `swift` matches more than a page of results: the status counts them all, and the button draws the rest.
        let more = try #require(json["more"] as? [String: Any], "no report of the more button: \(json.keys)")
        #expect((more["total"] as? Int ?? 0) > (more["drawn"] as? Int ?? 0) && more["drawn_after"] as? Int == more["total"] as? Int,
                "\(more)")
        #expect(axe.count == 4 && axe.values.allSatisfy(\.isEmpty), "axe-core: \(axe)")
    }
}

extension SearchPageBrowserTests {
    /// Issue 40 in the browser, on a small app portfolio whose language is `en`
    /// (where the browser's own English date is "January 2, 2024" and the site's
    /// pages say "2 January 2024"): an app by its tagline, a series, a page, a
    /// word only in a summary, typos, the result's date as the page prints it, and
    /// no request for a file the index does not have while typing.
    @Test(.enabled(if: SearchBrowserTools.availableOrCI,
                   "browser check of the search page skipped: missing \(SearchBrowserTools.missing ?? "nothing")"),
          .timeLimit(.minutes(3)))
    func everyKindOfPageTyposAndDatesInThePortfolio() throws {
        if let missing = SearchBrowserTools.missing {
            Issue.record("CI=true but the browser check of the search page cannot run: missing \(missing)")
            return
        }
        let folder = try SearchIndexTests.portfolioSite()
        let output = folder.outside("out")
        let built = try BlogBuildCLI.run(["build", "--site", folder.root.path, "--output", output.path])
        #expect(built.status == 0, "\(built)")
        let python = try #require(ProcessRunner.findOnPath("python3"))
        let run = try ProcessRunner.run(python, [SearchBrowserTools.script.path, "--site", output.path, "--json", "--quick",
                                                 "--query", "gazetteer", "--expect", "/2024/01/summary/",
                                                 "--find", "coffee=/apps/brewmaster/",
                                                 "--find", "brewmaster=/apps/brewmaster/",
                                                 "--find", "estuary=/series/harbour-notes/",
                                                 "--find", "marimba=/uses/",
                                                 "--find", "tidpool=/2024/01/tides/",
                                                 "--find", "idepool=/2024/01/tides/",
                                                 "--absent", "zzzz quux=/2024/01/tides/",
                                                 "--absent", "narwhal=/hidden/"], timeout: 160)
        #expect(!run.timedOut, "\(run)")
        #expect(run.status != 3, "a browser tool is missing: \(run)")
        #expect(run.status == 0, "the search page failed its browser check:\n\(run)")
        guard let last = run.stdoutLines.last, let data = last.data(using: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let dates = json["dates"] as? [String: Any], let found = json["found"] as? [String: [String]] else {
            Issue.record("search_check.py printed no JSON report:\n\(run)")
            return
        }
        #expect(dates["result"] as? String == "2 January 2024", "\(dates)")
        #expect(found["coffee"]?.contains("/apps/brewmaster/") == true, "\(found)")
        #expect((json["failed_requests"] as? [Any])?.isEmpty != false, "\(json["failed_requests"] ?? [])")
    }

    /// `blogbuild serve` on a copy of the example site: a word written into a post
    /// is a result of the search page once the page is loaded again.
    @Test(.enabled(if: BrowserTools.availableOrCI,
                   "browser check of the search page in serve skipped: missing \(BrowserTools.missing ?? "nothing")"),
          .timeLimit(.minutes(3)))
    func anEditInServeIsFoundAfterTheReload() async throws {
        if let missing = BrowserTools.missing {
            Issue.record("CI=true but the browser check of the search page cannot run: missing \(missing)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-search-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: RepoPaths.root.appendingPathComponent("content"), to: site.appendingPathComponent("content"))
        let markdown = site.appendingPathComponent("content/posts/2022-01-20-harmonic-constants.md")
        #expect(FileManager.default.fileExists(atPath: markdown.path))

        let server = try await ServeProcess(arguments: ["--site", site.path])
        defer { server.terminateIfRunning() }
        let python = try #require(ProcessRunner.findOnPath("python3"))
        let script = RepoPaths.root.appendingPathComponent("Tests/browser/search_serve_check.py")
        let run = try await ProcessRunner.runOnOwnThread(python, [script.path, "http://127.0.0.1:\(server.port)/", markdown.path,
                                                                  "/2022/01/harmonic-constants/", "quokkaspline"], timeout: 120)
        #expect(!run.timedOut, "\(run)")
        let last = run.stdoutLines.last ?? ""
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(run)")
        #expect((json["before"] as? [String]) == [], "the word was found before it was written: \(json)")
        // Serve's edit rewrites the search index with the post's pages: the new word is found after the reload.
        #expect(run.status == 0, "\(run)\nserver stderr:\n\(server.stderr.text)")
        #expect((json["after"] as? [String])?.contains("/2022/01/harmonic-constants/") == true, "\(json)")
        #expect(try await server.interrupt() == 0)
    }
}

@Suite("Search page markup")
struct SearchPageMarkupTests {
    static let post = "---\ntitle: Tides\ndate: 2024-05-01\n---\nThe tide turns.\n"

    @Test func theSearchPageHasTheDOMItsScriptAndTheBenchUseAndTheHeaderAPlainForm() throws {
        let folder = try TestSiteFolder(files: ["content/posts/2024-05-01-tides.md": Self.post])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("search/index.html", contains: [
            "<meta name=\"robots\" content=\"noindex\">",
            "<script src=\"/assets/search.js\" defer></script>",
            "<script src=\"/assets/search-ui.js\" defer></script>",
            "<form class=\"search-form\" action=\"/search/\" role=\"search\">",
            "<label class=\"visually-hidden\" for=\"search-input\">Search this site</label>",
            "<input type=\"search\" id=\"search-input\" name=\"q\"",
            "id=\"search-status\" class=\"search-status\" role=\"status\" aria-live=\"polite\"",
            "data-searching=\"Searching…\" data-none=\"No results.\" data-one=\"{n} result\" data-other=\"{n} results\" data-language=\"en\"",
            "<ol id=\"search-results\" class=\"search-results\" aria-label=\"Results\"></ol>",
            "<noscript>\n<p class=\"search-no-script\">Searching here needs JavaScript, which is turned off in this browser. "
                + "<a href=\"https://duckduckgo.com/?q=site%3Aexample.org\">Search this site with DuckDuckGo</a></p>\n</noscript>",
        ])
        // The search page has its own field, not a second one in the header.
        #expect(pages["search/index.html"]?.contains("class=\"site-search\"") == false)
        pages.expect("2024/05/tides/index.html", contains: [
            "<form class=\"site-search\" action=\"/search/\" role=\"search\">\n"
                + "<input type=\"search\" name=\"q\" aria-label=\"Search this site\" placeholder=\"Search\">\n</form>",
        ])
        #expect(pages.paths.contains("assets/search-ui.js") && pages.paths.contains("assets/search.js"))
        // A results page is no page for a search engine's index.
        #expect(pages["sitemap.xml"]?.contains("/search/") == false, "\(pages["sitemap.xml"] ?? "")")
    }

    @Test func searchFalseLeavesOutThePageAndTheHeadersField() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + "search: false\n",
                                        files: ["content/posts/2024-05-01-tides.md": Self.post])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        #expect(pages["search/index.html"] == nil)
        #expect(pages["2024/05/tides/index.html"]?.contains("role=\"search\"") == false)
        #expect(pages["index.html"]?.contains("/search/") == false)
    }

    @Test func thePagesWordsAreTheSitesLanguageAndItsOwnStrings() throws {
        let folder = try TestSiteFolder(config: """
            title: Gezeiten
            base_url: https://example.org/blog/
            language: de-DE
            timezone: UTC
            strings: { no_results: "Nichts gefunden." }

            """, files: ["content/posts/2024-05-01-tides.md": Self.post])
        let pages = renderTestSite(folder)
        #expect(pages.problems == [])
        pages.expect("search/index.html", contains: [
            "<h1 class=\"page-title\">Suche</h1>",
            "placeholder=\"Wörter, Namen, Code\"",
            "<button type=\"submit\">Suchen</button>",
            "data-searching=\"Suche läuft …\" data-none=\"Nichts gefunden.\" data-one=\"{n} Treffer\" data-other=\"{n} Treffer\" data-language=\"de\"",
            "aria-label=\"Treffer\"",
            // `site:` takes the host and the base path.
            "<a href=\"https://duckduckgo.com/?q=site%3Aexample.org%2Fblog\">Diese Website mit DuckDuckGo durchsuchen</a>",
        ])
    }

    @Test func theScriptWritesNoWordOfItsOwn() throws {
        // Every word the page shows comes from the page (data attributes), in the site's language.
        let script = try String(contentsOf: RepoPaths.root.appendingPathComponent("templates/assets/search-ui.js"), encoding: .utf8)
        let code = script.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        for english in ["Searching", "No results", " results", "result\"", "turned off", "DuckDuckGo"] {
            let quoted = code.matches(of: #/"([^"\\]|\\.)*"/#).map { String($0.output.0) }
            #expect(!quoted.contains { $0.contains(english) }, "search-ui.js writes '\(english)' itself: \(quoted)")
        }
    }
}
