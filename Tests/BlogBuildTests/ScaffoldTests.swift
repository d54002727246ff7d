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

@Suite("new post and init")
struct ScaffoldTests {
    private func starterSite() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-scaffold-\(UUID().uuidString)")
        try Scaffold.initSite(at: dir)
        return dir
    }

    @Test("a new post from the built-in archetype loads back with its title as written, series and app")
    func newPostFromBuiltInArchetype() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let title = #"Tom & "Jerry": {{ not a tag }}"#
        let path = try Scaffold.newPost(siteDirectory: site, title: title, series: "getting-started", app: "sample-app")
        #expect(path.hasSuffix("-tom-jerry-not-a-tag.md"))
        let loaded = ContentLoader.load(siteDirectory: site)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let post = try #require(loaded.posts.first { $0.sourcePath == path })
        #expect(post.title == title)
        #expect(post.series == "getting-started")
        #expect(post.seriesOrder == 2)
        #expect(post.app == "sample-app")
        #expect(post.draft)
    }

    @Test("a site's templates/archetypes/post.md is used instead of the built-in one")
    func siteArchetypeWins() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let own = site.appendingPathComponent("templates/archetypes/post.md")
        try FileManager.default.createDirectory(at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("---\ntitle: {{{title_yaml}}}\ndate: {{date}}\ntags: [Idea]\n---\n\nAbout {{title}}.\n".utf8).write(to: own)
        let path = try Scaffold.newPost(siteDirectory: site, title: "Widgets")
        let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
        #expect(text.hasSuffix("\n\nAbout Widgets.\n"))
        let post = try #require(ContentLoader.load(siteDirectory: site).posts.first { $0.sourcePath == path })
        #expect(post.tags == ["Idea"])
        #expect(!post.draft)
    }

    @Test("a broken archetype is a template error with file and line; nothing is written")
    func brokenArchetype() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("templates/archetypes"), withIntermediateDirectories: true)
        try Data("---\ntitle: {{title}}\n{{#series}}\n---\n".utf8).write(to: site.appendingPathComponent("templates/archetypes/post.md"))
        let before = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("content/posts").path)
        #expect(throws: BuildFailure.self) { try Scaffold.newPost(siteDirectory: site, title: "Nope") }
        do {
            _ = try Scaffold.newPost(siteDirectory: site, title: "Nope")
        } catch {
            #expect(error.diagnostics.first?.file == "templates/archetypes/post.md")
            #expect(error.diagnostics.first?.line != nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("content/posts").path) == before)
    }

    @Test("init writes content and config but no templates (the built-in theme serves the site), and refuses a non-empty folder")
    func initWritesNoTheme() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("templates").path))
        let built = RenderedPages(SiteBuilder.render(BuildRequest(siteDirectory: site, mode: .build(includeDrafts: false))))
        #expect(built.errors == [], "\(built.errors)")
        #expect(built.paths.contains("assets/style.css") && built.paths.contains("index.html"))
        #expect(throws: BuildFailure.self) { try Scaffold.initSite(at: site) }
    }

    @Test("theme eject copies the named built-in files (or all), never over the site's own; theme diff shows what differs")
    func themeEjectAndDiff() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let eject = try BlogBuildCLI.run(["theme", "eject", "--site", site.path, "post", "partials/footer", "assets/style.css"])
        #expect(eject.status == 0, "\(eject)")
        #expect(eject.stdoutLines == ["wrote templates/post.mustache", "wrote templates/partials/footer.mustache",
                                      "wrote templates/assets/style.css"], "\(eject)")
        let post = site.appendingPathComponent("templates/post.mustache")
        #expect(try Data(contentsOf: post) == Data(try #require(ThemeFiles.builtIn("post.mustache"))))
        // An unknown name: an error with a did-you-mean, nothing written.
        let typo = try BlogBuildCLI.run(["theme", "eject", "--site", site.path, "psot"])
        #expect(typo.status == 1 && typo.stderr.contains("no built-in theme file 'psot' (did you mean 'post'?); the names are: "), "\(typo)")
        // A name with nothing close still learns every name there is, as eject takes them.
        let sidebar = try BlogBuildCLI.run(["theme", "eject", "--site", site.path, "sidebar"])
        #expect(sidebar.status == 1 && !sidebar.stderr.contains("did you mean"), "\(sidebar)")
        let listed = try #require(sidebar.stderr.firstMatch(of: /no built-in theme file 'sidebar'; the names are: (.*)\n/), "\(sidebar)")
        let names = listed.output.1.components(separatedBy: ", ")
        #expect(names.contains("post") && names.contains("partials/footer") && names.contains("assets/style.css"), "\(names)")
        #expect(names.count == ThemeFiles.paths.count && (try? ThemeFiles.resolve(names)) == ThemeFiles.paths, "\(names)")
        // The site changes one; diff shows that change and names the unchanged ones.
        try (String(decoding: try Data(contentsOf: post), as: UTF8.self) + "<!-- my change -->\n").write(to: post, atomically: true, encoding: .utf8)
        try "<p>mine</p>\n".write(to: site.appendingPathComponent("templates/partials/extra.mustache"), atomically: true, encoding: .utf8)
        let diff = try BlogBuildCLI.run(["theme", "diff", "--site", site.path])
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stdout.contains("--- built-in/templates/post.mustache\n+++ templates/post.mustache"), "\(diff)")
        #expect(diff.stdout.contains("+<!-- my change -->"), "\(diff)")
        #expect(diff.stdout.contains("templates/partials/footer.mustache: same as the built-in theme"), "\(diff)")
        #expect(diff.stdout.contains("templates/partials/extra.mustache: the site's own"), "\(diff)")
        // Ejecting everything keeps the changed copy.
        let all = try BlogBuildCLI.run(["theme", "eject", "--site", site.path])
        #expect(all.stdout.contains("kept templates/post.mustache"), "\(all)")
        #expect(try String(contentsOf: post, encoding: .utf8).hasSuffix("<!-- my change -->\n"))
        for path in ThemeFiles.paths {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("templates/" + path).path), "\(path)")
        }
    }

    @Test("a new site wears its own mark (the title's initial), not the example site's logo")
    func newSiteHasItsOwnMark() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let config = try String(contentsOf: site.appendingPathComponent("content/site.yml"), encoding: .utf8)
        #expect(!config.contains("logo:"))
        let pages = RenderedPages(SiteBuilder.render(BuildRequest(siteDirectory: site, mode: .build(includeDrafts: false))))
        #expect(pages.errors == [])
        let title = try #require(config.split(separator: "\n").first { $0.hasPrefix("title: ") }?.dropFirst("title: ".count))
        #expect(pages["assets/logo.svg"]?.contains(">\(title.prefix(1).uppercased())</text>") == true)
        pages.expect("index.html", contains: ["<link rel=\"icon\" href=\"/assets/logo.svg\" type=\"image/svg+xml\">"])
    }

    @Test("the sample app has the privacy and support pages App Store Connect asks for, and the site checks clean")
    func sampleAppHasPrivacyAndSupportPages() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let app = try String(contentsOf: site.appendingPathComponent("content/apps/sample-app.md"), encoding: .utf8)
        #expect(app.contains("\n# app_store_id: 1234567890\n"), "\(app)")
        // With init's placeholders answered, and the address as the workflow gives it.
        try Self.answerStandIns(site)
        var request = BuildRequest(siteDirectory: site, mode: .check)
        request.baseURL = "https://jane.github.io/app/"
        let pages = RenderedPages(SiteBuilder.render(request))
        #expect(pages.problems == [], "\(pages.problems)")
        #expect(pages.site.isWritable(in: .publish))
        pages.expect("apps/sample-app/index.html", contains: [
            // `check` writes absolute URLs, as `publish` does.
            "<a class=\"button\" href=\"https://jane.github.io/app/apps/sample-app/privacy/\">Privacy Policy</a>",
            "<a class=\"button\" href=\"https://jane.github.io/app/apps/sample-app/support/\">Support</a>",
        ], lacks: ["apple-itunes-app"])
        pages.expect("apps/sample-app/privacy/index.html", contains: ["<h1>Sample App Privacy Policy</h1>", "does not collect any data",
                                                                       "More about Sample App</a>"])
        pages.expect("apps/sample-app/support/index.html", contains: ["href=\"mailto:jane@jane.dev?subject=Sample%20App%20support\""])
    }

    /// Replaces what init wrote for the user to replace: the author's name (unless
    /// `name` is false), page and address, the site's picture (removed), the sample
    /// app's website and the address its pages give. Not base_url.
    static func answerStandIns(_ site: URL, name: Bool = true) throws {
        let yml = site.appendingPathComponent("content/site.yml")
        try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "Your Name", with: name ? "Jane Doe" : "Your Name")
            .replacingOccurrences(of: "you@example.com", with: "jane@jane.dev")
            .replacingOccurrences(of: "https://example.com/about/", with: "https://jane.dev/about/")
            .replacingOccurrences(of: "image: /images/site.png\n", with: "")
            .write(to: yml, atomically: true, encoding: .utf8)
        let app = site.appendingPathComponent("content/apps/sample-app.md")
        try String(contentsOf: app, encoding: .utf8).replacingOccurrences(of: "website: https://example.com/", with: "website: https://jane.dev/app/")
            .write(to: app, atomically: true, encoding: .utf8)
        for page in ["content/apps/sample-app/privacy.md", "content/apps/sample-app/support.md"] {
            let url = site.appendingPathComponent(page)
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "you@example.com", with: "jane@jane.dev")
                .write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Every stand-in init writes fails `publish` (and `check`) at its line until it is
    /// replaced or removed; `build` goes on, and `build --verbose` notes them. Before,
    /// only base_url and the author's name did: the site went live with
    /// `https://example.com/about/` in every footer, `you@example.com` in atom.xml and
    /// init's wireframe as every page's og:image.
    @Test("every stand-in init writes fails publish at its line until replaced or removed; build only notes them")
    func everyStandInFailsPublish() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let yml = site.appendingPathComponent("content/site.yml")
        try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "Your Name", with: "Jane Doe")
            .write(to: yml, atomically: true, encoding: .utf8)
        // A store and a source link written as init's comment suggests, and the id uncommented as it stands.
        let appFile = site.appendingPathComponent("content/apps/sample-app.md")
        let appText = try String(contentsOf: appFile, encoding: .utf8)
        try appText.replacingOccurrences(of: "# app_store_id: 1234567890", with: "app_store_id: 1234567890\nsource: https://github.example.com/me/app")
            .write(to: appFile, atomically: true, encoding: .utf8)
        func line(_ file: String, _ needle: String) throws -> Int {
            let text = try String(contentsOf: site.appendingPathComponent(file), encoding: .utf8)
            let index = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }, "\(needle) in \(file)")
            return index + 1
        }
        let out = site.appendingPathComponent("out")
        let publish = try BlogBuildCLI.run(["publish", "--site", site.path, "--output", out.path, "--base-url", "https://jane.github.io/app/"])
        #expect(publish.status == 1, "\(publish)")
        let expected = [
            ("content/site.yml", "you@example.com", "'author.email' is the placeholder you@example.com"),
            ("content/site.yml", "https://example.com/about/", "'author.url' is the placeholder https://example.com/about/"),
            ("content/site.yml", "image: /images/site.png", "'image' is the starter picture that blogbuild init writes"),
            ("content/apps/sample-app.md", "website: https://example.com/", "'website' is a placeholder (https://example.com/)"),
            ("content/apps/sample-app.md", "app_store_id: 1234567890", "'app_store_id' is a placeholder (1234567890)"),
            ("content/apps/sample-app.md", "source: https://github.example.com", "'source' is a placeholder (https://github.example.com/me/app)"),
            // The address the sample app's privacy and support pages tell readers to write to.
            ("content/apps/sample-app/privacy.md", "you@example.com", "you@example.com is the placeholder address"),
            ("content/apps/sample-app/support.md", "you@example.com", "you@example.com is the placeholder address"),
        ]
        for (file, needle, message) in expected {
            let at = "\(file):\(try line(file, needle)):"
            #expect(publish.stderrLines.contains { $0.hasPrefix(at) && $0.contains(message) }, "\(at) \(message)\n\(publish)")
        }
        #expect(publish.stderr.contains("publish failed: 8 errors"), "\(publish)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // build and serve never fail on them; --verbose notes them.
        let build = try BlogBuildCLI.run(["build", "--site", site.path, "--output", out.path])
        #expect(build.status == 0 && !build.stderr.contains("placeholder"), "\(build)")
        let verbose = try BlogBuildCLI.run(["build", "--verbose", "--site", site.path, "--output", out.path])
        #expect(verbose.status == 0 && verbose.stderr.contains("'author.email' is the placeholder") && verbose.stderr.contains("'image' is the starter picture"),
                "\(verbose)")

        // The picture is told by its bytes: under another name it still fails; a picture of the site's own passes.
        try FileManager.default.moveItem(at: site.appendingPathComponent("content/images/site.png"), to: site.appendingPathComponent("content/images/card.png"))
        try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "image: /images/site.png", with: "image: images/card.png")
            .write(to: yml, atomically: true, encoding: .utf8)
        var request = BuildRequest(siteDirectory: site, mode: .check)
        request.baseURL = "https://jane.github.io/app/"
        var problems = RenderedPages(SiteBuilder.render(request)).problems
        #expect(problems.contains { $0.hasPrefix("content/site.yml:13:") && $0.contains("'image' is the starter picture") }, "\(problems)")
        // The example site's own card, in its place.
        try FileManager.default.removeItem(at: site.appendingPathComponent("content/images/card.png"))
        try FileManager.default.copyItem(at: RepoPaths.root.appendingPathComponent("content/images/site.png"),
                                         to: site.appendingPathComponent("content/images/card.png"))
        problems = RenderedPages(SiteBuilder.render(request)).problems
        #expect(!problems.contains { $0.contains("'image'") }, "\(problems)")

        // Each answered (or removed): publish passes.
        try appText.write(to: appFile, atomically: true, encoding: .utf8)
        try Self.answerStandIns(site)
        let clean = try BlogBuildCLI.run(["publish", "--site", site.path, "--output", out.path, "--base-url", "https://jane.github.io/app/"])
        #expect(clean.status == 0, "\(clean)")
    }

    @Test("init writes a .gitignore and a GitHub Pages workflow that the workflow schema accepts")
    func initWritesGitignoreAndAValidWorkflow() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let gitignore = try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.contains("/public/\n") && gitignore.contains("/.public.blogbuild-staging-*/\n"), "\(gitignore)")
        #expect(gitignore.contains("/.blogbuild-cache/\n"), "the derived-image cache is not committed: \(gitignore)")
        let workflow = site.appendingPathComponent(".github/workflows/publish.yml")
        let text = try String(contentsOf: workflow, encoding: .utf8)
        for needle in ["branches: [main]", "run: blogbuild publish", "actions/upload-pages-artifact", "actions/deploy-pages",
                       "pages: write", "id-token: write", "https://USER.github.io/REPO/", "BLOGBUILD_URL:",
                       // The alternative: built from source once, then cached.
                       "BLOGBUILD_SOURCE: \"\"", "uses: actions/cache@v5", "make -C \"$RUNNER_TEMP/blogbuild\" dist"] {
            #expect(text.contains(needle), "\(needle)")
        }
        // The published site is what the workflow uploads.
        #expect(text.contains("path: public"))
        // GitHub's workflow schema, offline (check-jsonschema ships it; make setup installs it).
        guard let python = ProcessRunner.findOnPath("python3"),
              (try? ProcessRunner.run(python, ["-m", "check_jsonschema", "--version"], timeout: 60))?.status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI=true but check-jsonschema is missing") }
            return
        }
        let checker = python
        let run = try ProcessRunner.run(checker, ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", workflow.path], timeout: 60)
        #expect(run.status == 0, "\(run)")
        // And it does reject a broken one.
        let broken = site.appendingPathComponent("broken.yml")
        try text.replacingOccurrences(of: "runs-on: ubuntu-latest", with: "runs_on: ubuntu-latest")
            .write(to: broken, atomically: true, encoding: .utf8)
        let rejected = try ProcessRunner.run(checker, ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", broken.path], timeout: 60)
        #expect(rejected.status != 0, "\(rejected)")
    }

    /// What the workflow runs, read back as YAML (PyYAML, which make setup installs): the
    /// triggers, and the build job's steps in order, each as `uses` or `name`, with its `id` and `run`.
    private func workflowShape(_ workflow: URL) throws -> (triggers: [String: Any], steps: [[String: String]])? {
        guard let python = ProcessRunner.findOnPath("python3"),
              (try? ProcessRunner.run(python, ["-c", "import yaml"], timeout: 60))?.status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI=true but PyYAML is missing") }
            return nil
        }
        // YAML 1.1 reads the key `on` as true: PyYAML does, GitHub does not.
        let script = """
            import json, sys, yaml
            w = yaml.safe_load(open(sys.argv[1]))
            steps = [{k: str(v) for k, v in s.items() if k in ("uses", "name", "id", "run")} for s in w["jobs"]["build"]["steps"]]
            print(json.dumps({"on": w.get("on", w.get(True)), "steps": steps}))
            """
        let run = try ProcessRunner.run(python, ["-c", script, workflow.path], timeout: 60)
        try #require(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (try #require(object["on"] as? [String: Any]), try #require(object["steps"] as? [[String: String]]))
    }

    @Test("init's workflow asks configure-pages for the address first, installs libvips, publishes at that address, and runs daily")
    func workflowPublishesAtThePagesAddressDaily() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        guard let (triggers, steps) = try workflowShape(site.appendingPathComponent(".github/workflows/publish.yml")) else { return }
        // A push to main, by hand, and a daily schedule (future-dated posts appear on their day).
        #expect(Set(triggers.keys) == ["push", "workflow_dispatch", "schedule"], "\(triggers)")
        let schedule = try #require(triggers["schedule"] as? [[String: String]], "\(triggers)")
        let cron = try #require(schedule.first?["cron"], "\(schedule)")
        let fields = cron.split(separator: " ")
        #expect(schedule.count == 1 && fields.count == 5 && fields[2...] == ["*", "*", "*"] && Int(fields[0]) != nil && Int(fields[1]) != nil,
                "once a day, every day: \(cron)")

        func index(_ matches: ([String: String]) -> Bool, _ what: String) throws -> Int {
            let found = steps.firstIndex(where: matches)
            return try #require(found, "no step that \(what): \(steps)")
        }
        let pages = try index({ $0["uses"]?.hasPrefix("actions/configure-pages@") == true }, "configures Pages")
        #expect(steps[pages]["id"] == "pages", "its outputs are read as steps.pages: \(steps[pages])")
        let publish = try index({ $0["run"]?.contains("blogbuild publish") == true }, "publishes")
        #expect(steps[publish]["run"] == #"blogbuild publish --base-url "${{ steps.pages.outputs.base_url }}/""#, "\(steps[publish])")
        let libvips = try index({ $0["run"]?.contains("apt-get install") == true && $0["run"]?.contains("libvips42") == true }, "installs libvips")
        let upload = try index({ $0["uses"]?.hasPrefix("actions/upload-pages-artifact@") == true }, "uploads the site")
        #expect(pages < publish && libvips < publish && publish < upload, "order: \(steps.map { $0["uses"] ?? $0["name"] ?? "?" })")
        // The package is the one that has the library blogbuild loads (Sources/CVips: libvips.so.42).
        let cvips = try String(contentsOf: RepoPaths.root.appendingPathComponent("Sources/CVips/cvips.c"), encoding: .utf8)
        #expect(cvips.contains("\"libvips.so.42\""))
        // The install steps come before anything runs blogbuild; nothing runs it with site.yml's placeholder address.
        let installs = try index({ $0["name"] == "Install blogbuild" }, "installs blogbuild")
        #expect(installs < publish)
        #expect(steps.filter { $0["run"]?.contains("blogbuild publish") == true }.count == 1)
    }

    @Test("init gives the site a picture of its own for shared links: a small 1200 × 630 PNG named by image: in site.yml")
    func initWritesASiteImage() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let config = try String(contentsOf: site.appendingPathComponent("content/site.yml"), encoding: .utf8)
        #expect(config.contains("\nimage: /images/site.png\n"), "\(config)")
        let png = try Data(contentsOf: site.appendingPathComponent("content/images/site.png"))
        #expect(png.count < 8_000, "small: \(png.count) bytes")
        #expect(ImageSize.fromFile(site.appendingPathComponent("content/images/site.png").path) == ImageSize(width: 1200, height: 630))
        // Every page of the new site shares it (the sample app has no icon, the post no hero).
        let pages = RenderedPages(SiteBuilder.render(BuildRequest(siteDirectory: site, mode: .build(includeDrafts: false))))
        #expect(pages.errors == [], "\(pages.errors)")
        for path in pages.paths where path.hasSuffix(".html") && !(pages[path] ?? "").contains("http-equiv=\"refresh\"") {
            let html = pages[path] ?? ""
            #expect(html.contains(#"<meta property="og:image" content="https://example.com/images/site."#), "\(path)")
        }
    }
}
