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
import Foundation
import Testing

/// After an import no image the old site showed is broken (issue 26, classes 14
/// and 1): relative URLs written for the old page's address, Hugo's `assets/`
/// images, bundle images and front-matter images named without their folder.
/// Each is a small site of our own, imported and checked with the real binary.
@Suite struct ImportImageTests {
    static let png = HugoRealLayoutTests.png

    /// Imports `files` as `kind`, runs `blogbuild check`, and returns the folder and check's broken-image lines.
    static func checked(_ files: [String: String], kind: String) throws -> (folder: TestSiteFolder, broken: [String], check: ProcessOutcome) {
        let (folder, outcome) = try HugoRealLayoutTests.imported(files, kind: kind)
        #expect(outcome.status == 0, "\(outcome)")
        let check = try BlogBuildCLI.run(["check", "--site", folder.root.path, "--verbose"])
        return (folder, check.stderrLines.filter { $0.contains("broken image") || $0.contains("broken link") }, check)
    }

    static let jekyllConfig = "title: Old\nurl: https://example.org\npermalink: /:title/\n"

    @Test func jekyllImagesWrittenForThePostsDepthAreResolvedAsTheBrowserDid() throws {
        // Served at /hello/, `../../../assets/a.png` reached /assets/a.png (a browser stops `..` at the root).
        let (folder, broken, check) = try Self.checked([
            "_config.yml": Self.jekyllConfig,
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\n![A](../../../assets/a.png)\n\n![B](../../assets/a.png \"title\")\n\n![C](../assets/a.png)\n\n![D][pic]\n\n[![E](../../../assets/a.png)](../../../assets/a.png)\n\n[pic]: ../../../assets/a.png\n",
            "assets/a.png": Self.png,
        ], kind: "jekyll")
        #expect(broken == [], "\(check)")
        let body = try #require(folder.read("content/posts/2020-01-02-hello.md"))
        #expect(body.contains("![A](/assets/a.png)"))
        #expect(body.contains("![B](/assets/a.png \"title\")"))
        #expect(body.contains("![C](../assets/a.png)"), "blogbuild reads it from the file's folder: the same file")
        #expect(body.contains("[pic]: /assets/a.png"))
        #expect(body.contains("[![E](/assets/a.png)](/assets/a.png)"))
    }

    @Test func htmlImagesAndSrcsetAreResolvedToo() throws {
        let (folder, broken, check) = try Self.checked([
            "_config.yml": Self.jekyllConfig,
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\n<p><img src=\"../../img/a.png\" srcset=\"../../img/a.png 1x, ../../img/b.png 2x\" alt=\"A\"></p>\n\n`![code](../img/a.png)` stays code.\n",
            "img/a.png": Self.png,
            "img/b.png": Self.png,
        ], kind: "jekyll")
        #expect(broken == [], "\(check)")
        let body = try #require(folder.read("content/posts/2020-01-02-hello.md"))
        #expect(body.contains("<img src=\"/img/a.png\" srcset=\"/img/a.png 1x, /img/b.png 2x\" alt=\"A\">"))
        #expect(body.contains("`![code](../img/a.png)`"), "code is not rewritten")
    }

    @Test func aPageWhoseURLChangesKeepsItsRelativeImagesAndLinks() throws {
        // `apps.md` was /apps/, where `shot.png` and `./shot.png` were /apps/shot.png and `../hello/` the post;
        // blogbuild builds /apps/ itself, so the page moves to /apps-page/.
        let (folder, broken, check) = try Self.checked([
            "_config.yml": Self.jekyllConfig,
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\nHi.\n",
            "apps.md": "---\ntitle: Apps\npermalink: /apps/\n---\n![Shot](shot.png)\n\n<img src=\"./shot.png\" alt=\"Shot\">\n\n[Hello](../hello/)\n",
            "apps/shot.png": Self.png,
            // Jekyll wrote `about.md` at /about.html, and so does blogbuild: its relative image stays as written.
            "about.md": "---\ntitle: About\npermalink: /about.html\n---\n![Shot](apps/shot.png)\n",
        ], kind: "jekyll")
        #expect(broken == [], "\(check)")
        let page = try #require(folder.read("content/pages/apps-page.md"))
        #expect(page.contains("![Shot](/apps/shot.png)"), "\(page)")
        #expect(page.contains("<img src=\"/apps/shot.png\" alt=\"Shot\">"), "\(page)")
        #expect(folder.read("content/pages/about.md")?.contains("![Shot](apps/shot.png)") == true)
    }

    @Test func anImageBrokenOnTheOldSiteTooIsListedWhereCheckReportsIt() throws {
        let (folder, broken, _) = try Self.checked([
            "_config.yml": Self.jekyllConfig,
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\nIntro.\n\n![Gone](../../missing.png)\n",
        ], kind: "jekyll")
        let report = try #require(folder.read("IMPORT.md"))
        #expect(broken.count == 1)
        for line in broken {
            let place = line.split(separator: ":").prefix(2).joined(separator: ":")
            #expect(report.contains("`\(place)`: `image '/missing.png'`"), "\(place) not in IMPORT.md:\n\(report)")
        }
    }

    static let hugoConfig = "baseURL = \"https://example.org/\"\ntitle = \"Old\"\n"

    @Test func hugoImagesRelativeToTheOldPageAndBundleImagesKeepWorking() throws {
        let (folder, broken, check) = try Self.checked([
            "config.toml": Self.hugoConfig,
            // /posts/flat/ reached /images/a.png with one `..` too many (a browser stops at the root).
            "content/posts/flat.md": "---\ntitle: Flat\ndate: 2020-01-02\n---\n![A](../../../images/a.png)\n",
            "static/images/a.png": Self.png,
            // A bundle's own image, beside it, and a link to the other post by its old address.
            "content/posts/bundle/index.md": "---\ntitle: Bundle\ndate: 2020-01-03\n---\n![B](b.png)\n\n<img src=\"./b.png\" alt=\"B\">\n\n[flat](../flat/)\n",
            "content/posts/bundle/b.png": Self.png,
            // `url: about` is served at /about/, and so are its files.
            "content/about/index.md": "---\ntitle: About\nurl: about\n---\n![Me](me.png)\n",
            "content/about/me.png": Self.png,
        ], kind: "hugo")
        #expect(broken == [], "\(check)")
        let flat = try #require(folder.read("content/posts/2020-01-02-flat.md"))
        #expect(flat.contains("![A](/images/a.png)"))
        #expect(folder.read("content/pages/about/index.md")?.contains("![Me](me.png)") == true)
    }

    @Test func hugoAssetImagesOfAShortcodeAreCopiedWhereTheURLPoints() throws {
        let (folder, broken, check) = try Self.checked([
            "config.toml": Self.hugoConfig,
            "layouts/shortcodes/image.html": "{{ $image := resources.Get (.Get \"src\") }}<img src=\"{{ $image.RelPermalink }}\" alt=\"{{ .Get `alt` }}\">\n",
            "content/posts/mvp.md": "---\ntitle: MVP\ndate: 2020-01-02\n---\n{{< image src=\"images/posts/mvp.png\" alt=\"MVP\" >}}\n",
            "assets/images/posts/mvp.png": Self.png,
            "assets/scss/style.scss": "body {}\n",
        ], kind: "hugo")
        #expect(broken == [], "\(check)")
        #expect(FileManager.default.fileExists(atPath: folder.url("content/images/posts/mvp.png").path))
        #expect(folder.read("content/scss/style.scss") == nil, "only the assets content shows are copied")
    }

    @Test func aFrontMatterImageNamedWithoutItsFolderIsTheOneFileOfThatName() throws {
        let (folder, broken, check) = try Self.checked([
            "_config.yml": Self.jekyllConfig,
            "_posts/2020-01-02-hello.md": "---\ntitle: Hello\nimage:\n  file: status.jpg\n  alt: A status bar\n---\nHi.\n",
            "_posts/2020-01-03-twice.md": "---\ntitle: Twice\nimage: same.png\n---\nHi.\n",
            "_posts/2020-01-04-none.md": "---\ntitle: None\nimage: nowhere.png\n---\nHi.\n",
            "img/blog/status.jpg": Self.png,
            "img/a/same.png": Self.png,
            "img/b/same.png": Self.png,
        ], kind: "jekyll")
        #expect(broken == [], "\(check)")
        #expect(folder.read("content/posts/2020-01-02-hello.md")?.contains("social_image: /img/blog/status.jpg") == true)
        let report = try #require(folder.read("IMPORT.md"))
        #expect(report.contains("several files have its name (/img/a/same.png, /img/b/same.png)"), "\(report)")
        #expect(report.contains("`_posts/2020-01-04-none.md`: `social_image: /nowhere.png`"), "\(report)")
    }
}
