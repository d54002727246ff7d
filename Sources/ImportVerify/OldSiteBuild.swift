import Foundation
import Import

/// The old site built by its own generator into a work folder, offline, as
/// `import --verify` compares against it. Tries the site as it is first, then with
/// stand-ins for what is not installed here (a missing theme, shortcode templates,
/// Jekyll plugins), since the URLs a generator writes come from the content and the
/// configuration, not from how the templates look.
public struct OldSiteBuild: Sendable {
    /// The generator's output folder.
    public var output: URL
    /// How it was built, for IMPORT.md: `hugo (as the site is)`.
    public var how: String
    /// What was tried before, and why it failed, one line each.
    public var notes: [String]

    /// Why the old site could not be built at all.
    public struct Failure: Error, Sendable {
        public var message: String
        public var notes: [String]
    }

    /// Seconds one generator run may take.
    static let timeout: Double = 900

    /// Folders a copy of the source leaves out: version control, earlier builds, dependencies.
    static let skipped: Set<String> = [".git", ".hg", ".svn", "_site", "public", "resources", "node_modules",
                                       ".jekyll-cache", ".sass-cache", ".hugo_build.lock", ".bundle", "vendor"]

    /// Builds `source` with `generator` (the `hugo` or `jekyll` executable) inside `work`.
    public static func build(_ kind: ImportKind, source: URL, generator: URL, work: URL) throws(Failure) -> OldSiteBuild {
        switch kind {
        case .hugo: return try hugo(source, generator, work)
        case .jekyll: return try jekyll(source, generator, work)
        case .wordpress: throw Failure(message: "a WordPress export has no generator to run", notes: [])
        }
    }

    private static func prepare(_ source: URL, _ work: URL) throws(Failure) -> URL {
        let copy = work.appendingPathComponent("old-source")
        do {
            try? FileManager.default.removeItem(at: copy)
            // Hugo's and Jekyll's own output folders are left out only at the top.
            try SourceCopy.copy(source, to: copy, skipping: skipped.subtracting(["public", "resources", "vendor"]))
            for name in ["public", "_site", "resources", ".hugo_build.lock"] {
                try? FileManager.default.removeItem(at: copy.appendingPathComponent(name))
            }
        } catch {
            throw Failure(message: "cannot copy \(source.path) to build it: \(error.localizedDescription)", notes: [])
        }
        return copy
    }

    /// What a failed run said, with the temporary folder's paths taken out: a path in the
    /// copy is named as in the source, and IMPORT.md is the same for two imports.
    private static func failure(_ ran: GeneratorProcess.Outcome, copy: URL, work: URL) -> String {
        var text = ran.stderr + "\n" + ran.stdout
        for path in Set([copy.path, copy.resolvingSymlinksInPath().path]) {
            text = text.replacingOccurrences(of: path + "/", with: "").replacingOccurrences(of: path, with: ".")
        }
        for path in Set([work.path, work.resolvingSymlinksInPath().path]) {
            text = text.replacingOccurrences(of: path, with: "(temporary folder)")
        }
        return GeneratorProcess.firstErrorLines(text)
    }

    private static func hugo(_ source: URL, _ hugo: URL, _ work: URL) throws(Failure) -> OldSiteBuild {
        let copy = try prepare(source, work)
        let out = work.appendingPathComponent("old-output")
        // No network: a shortcode that fetches (Hugo's `tweet`, resources.GetRemote) fails
        // at once instead of waiting on a host that does not answer.
        let offline = "http://127.0.0.1:9"
        let env: [String: String?] = ["HUGO_ENVIRONMENT": "production", "HUGO_CACHEDIR": work.appendingPathComponent("hugo-cache").path,
                                      "HTTP_PROXY": offline, "HTTPS_PROXY": offline, "http_proxy": offline, "https_proxy": offline,
                                      "NO_PROXY": nil, "no_proxy": nil, "HUGO_THEME": nil]
        let themes = copy.appendingPathComponent("themes")
        // The copy has no .git, so `enableGitInfo` would fail the build; the URLs do not depend on it.
        let common = ["--source", copy.path, "--destination", out.path, "--cleanDestinationDir", "--logLevel", "error",
                      "--themesDir", themes.path, "--enableGitInfo=false"]
        let attempts: [(String, [String])] = [
            ("as the site is", []),
            ("with a stub theme for the missing templates", ["--theme", HugoStubTheme.name]),
            ("with a stub theme and stub shortcodes instead of the site's own layouts/", ["--theme", HugoStubTheme.name]),
        ]
        var notes: [String] = []
        let importsModules = hugoConfigImportsModules(copy)
        for (i, (label, extra)) in attempts.enumerated() {
            do {
                if i == 1 { try HugoStubTheme.write(into: themes, site: copy, stubSiteShortcodes: false) }
                if i == 2 {
                    try? FileManager.default.removeItem(at: copy.appendingPathComponent("layouts"))
                    try HugoStubTheme.write(into: themes, site: copy, stubSiteShortcodes: true)
                }
            } catch {
                notes.append("cannot write the stub theme: \(error.localizedDescription)")
                break
            }
            try? FileManager.default.removeItem(at: out)
            // With the stub theme, a theme or component imported as a Hugo Module (which
            // offline cannot be downloaded) is left out too.
            // (Only where the config imports one: Hugo refuses the empty list where it has no `[module]`.)
            let attemptEnv = i == 0 || !importsModules ? env : env.merging(["HUGO_MODULE_IMPORTS": "[]"]) { $1 }
            let ran = GeneratorProcess.run(hugo, common + extra, in: copy, environment: attemptEnv, timeout: timeout, scratch: work)
            // Without a theme or layouts Hugo builds, warns and writes no HTML at all: a
            // home page is what tells a site built from one that only half ran.
            if ran.status == 0, FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path) {
                let modules = i > 0 && importsModules ? ", without the Hugo Modules it imports" : ""
                return OldSiteBuild(output: out, how: "hugo (\(label)\(modules))", notes: notes)
            }
            if ran.status == 0 {
                notes.append("hugo \(label) wrote no home page (no template for it)")
                continue
            }
            notes.append("hugo \(label) failed: " + failure(ran, copy: copy, work: work))
            if ran.status == -1 { break }
        }
        throw Failure(message: "hugo could not build the site", notes: notes)
    }

    /// Does a Hugo config file of `site` (`hugo.*`, `config.*`, `config/**`) import modules?
    static func hugoConfigImportsModules(_ site: URL) -> Bool {
        let fm = FileManager.default
        var files = ["hugo", "config"].flatMap { name in ["toml", "yaml", "yml", "json"].map { site.appendingPathComponent("\(name).\($0)") } }
        if let walker = fm.enumerator(at: site.appendingPathComponent("config"), includingPropertiesForKeys: nil) {
            for case let file as URL in walker { files.append(file) }
        }
        // A commented-out `# [[module.imports]]` (DoIt's sample config) imports nothing; Hugo would read the
        // empty list the stub try sets as a list of one string where the config has no `[module]`.
        return files.contains { file in
            guard let data = fm.contents(atPath: file.path) else { return false }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { line in
                (line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").lowercased().contains("imports")
            }
        }
    }

    private static func jekyll(_ source: URL, _ jekyll: URL, _ work: URL) throws(Failure) -> OldSiteBuild {
        let copy = try prepare(source, work)
        let out = work.appendingPathComponent("old-output")
        var notes: [String] = []
        // Debian's Jekyll and the plugins installed here, not the site's pinned gems.
        for name in ["Gemfile", "Gemfile.lock"] { try? FileManager.default.removeItem(at: copy.appendingPathComponent(name)) }
        if JekyllFallback.unsymbolConfig(in: copy) {
            notes.append("_config.yml: Ruby symbol values (`key: :value`) read as strings, as Debian's Jekyll refuses symbols")
        }
        let config = JekyllFallback.config(in: copy)
        let env: [String: String?] = ["JEKYLL_ENV": "production", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "BUNDLE_GEMFILE": nil,
                                      "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
                                      "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"]
        let gems = GeneratorProcess.find("gem").map {
            GeneratorProcess.run($0, ["list", "--local", "--no-versions"], in: work, environment: env, timeout: 120, scratch: work)
        }
        let installed = Set((gems?.stdout ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
        let override = JekyllFallback.override(config, installed: installed)
        let overrideFile = work.appendingPathComponent("jekyll-override.yml")
        do { try Data(override.yaml.utf8).write(to: overrideFile) } catch {
            throw Failure(message: "cannot write in \(work.path): \(error.localizedDescription)", notes: notes)
        }
        let configName = FileManager.default.fileExists(atPath: copy.appendingPathComponent("_config.yml").path) ? "_config.yml"
            : FileManager.default.fileExists(atPath: copy.appendingPathComponent("_config.yaml").path) ? "_config.yaml" : nil
        let layered = ["--config", [configName.map { copy.appendingPathComponent($0).path }, overrideFile.path].compactMap { $0 }.joined(separator: ",")]
        let attempts: [(String, [String])] = [
            ("as the site is", []),
            ("with only the plugins and theme installed here", layered),
            ("with only the plugins and theme installed here, Liquid tags other than control flow stubbed, no Sass", layered),
        ]
        for (i, (label, extra)) in attempts.enumerated() {
            if i == 2 {
                do { try JekyllFallback.stubLiquid(in: copy) } catch {
                    notes.append("cannot stub Liquid tags: \(error.localizedDescription)")
                    break
                }
            }
            if i > 0, override.named.contains("jekyll-redirect-from"), !override.kept.contains("jekyll-redirect-from") {
                do { try JekyllFallback.addRedirectStandIn(in: copy) } catch {
                    notes.append("cannot write the stand-in for jekyll-redirect-from: \(error.localizedDescription)")
                }
            }
            try? FileManager.default.removeItem(at: out)
            let ran = GeneratorProcess.run(jekyll, ["build", "--source", copy.path, "--destination", out.path, "--quiet"] + extra,
                                           in: copy, environment: env, timeout: timeout, scratch: work)
            if ran.status == 0, FileManager.default.fileExists(atPath: out.path) {
                if i > 0 {
                    notes.append("Jekyll plugins named: \(override.named.isEmpty ? "none" : override.named.joined(separator: ", ")); "
                                 + "installed here: \(override.kept.isEmpty ? "none" : override.kept.joined(separator: ", "))"
                                 + (override.named.contains("jekyll-redirect-from") && !override.kept.contains("jekyll-redirect-from")
                                    ? "; jekyll-redirect-from's pages written by a stand-in of blogbuild's" : ""))
                }
                return OldSiteBuild(output: out, how: "jekyll (\(label))", notes: notes)
            }
            notes.append("jekyll \(label) failed: " + failure(ran, copy: copy, work: work))
            if ran.status == -1 { break }
        }
        throw Failure(message: "jekyll could not build the site", notes: notes)
    }
}
