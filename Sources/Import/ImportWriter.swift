import Foundation
import Diagnostics

/// Writes an imported site into a folder: `content/` (site.yml, posts, pages,
/// series, static files) and `IMPORT.md`.
public enum ImportWriter {
    /// What `write` left in the site folder.
    public struct Written: Sendable {
        /// The paths written, relative to the site folder, sorted.
        public var paths: [String]
        /// The build errors no change of the import's could resolve, each also named in
        /// IMPORT.md; empty when the site builds. Not empty means `import` failed its promise,
        /// so the command says so and exits 1 (the site is still written, for the user to fix).
        public var unresolved: [Diagnostic]
    }

    /// Writes `site` into `directory`. An existing `content/` is an error unless
    /// `force`, which replaces it whole (nothing of the old one is mixed in).
    /// The new `content/` is written beside the old one first and swapped in only
    /// when complete, so a failed import leaves the folder as it was.
    /// Before it is swapped in, the new site is built in memory and every error the
    /// import caused is resolved (`ImportBuildCheck`): `import` never leaves a site
    /// whose `build` fails. `now` decides which posts are in the future, as `build` will;
    /// `cacheDirectory` (nil: the site's `.blogbuild-cache`) keeps the images it processed.
    /// Returns the paths written and the build errors left.
    @discardableResult
    public static func write(_ site: ImportedSite, kind: ImportKind, source: URL, into directory: URL,
                             force: Bool, now: Date = Date(), cacheDirectory: URL? = nil) throws(ImportFailure) -> Written {
        let fm = FileManager.default
        let content = directory.appendingPathComponent("content")
        let target = directory.standardizedFileURL.resolvingSymlinksInPath().path
        let from = source.standardizedFileURL.resolvingSymlinksInPath().path
        if target == from || target.hasPrefix(from + "/") {
            throw ImportFailure("the site folder \(directory.path) is inside the source \(source.path); import into another folder (--site DIR)")
        }
        let exists = fm.fileExists(atPath: content.path)
        if exists && !force {
            throw ImportFailure("\(content.path) already exists; import into an empty folder (--site DIR) or pass --force to replace it")
        }
        let pointers = GitLFSPointers.find(site.copies.map(\.from))
        if !pointers.isEmpty { throw GitLFSPointers.failure(pointers, source: source) }
        // A site folder of its own beside the old content/, swapped in only when complete
        // and building: the build reads `staging/content` as it will read `content/`.
        let stagingSite = directory.appendingPathComponent(".blogbuild-import-\(ProcessInfo.processInfo.processIdentifier)")
        let staging = stagingSite.appendingPathComponent("content")
        var site = site
        var unresolved: [Diagnostic] = []
        do {
            if fm.fileExists(atPath: stagingSite.path) { try fm.removeItem(at: stagingSite) }
            let config = ImportConfig.mergingRepeatedKeys(site.config)
            for key in config.dropped {
                site.report.leave("content/site.yml", line: nil, key, "the import gave it twice; the first value is written")
            }
            site.config = config.fields
            var written = try writeDocuments(site, into: staging, was: [:])
            for copy in site.copies {
                let file = staging.appendingPathComponent(String(copy.path.dropFirst("content/".count)))
                try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(atPath: copy.from, toPath: file.path)
            }
            // The promise (`ImportBuildCheck`): what import writes builds. Each round
            // resolves the errors the last build showed; a fix can uncover the next.
            for round in 0...rounds {
                let errors = ImportBuildCheck.errors(siteFolder: stagingSite, now: now,
                                                     cache: cacheDirectory ?? directory.appendingPathComponent(".blogbuild-cache"))
                if errors.isEmpty { break }
                guard round < rounds, let next = ImportBuildCheck.resolving(site, errors: errors) else {
                    ImportBuildCheck.leave(errors, in: &site.report)
                    unresolved = errors
                    break
                }
                let kept = Set(next.copies.map(\.path))
                for copy in site.copies where !kept.contains(copy.path) {
                    try? fm.removeItem(at: staging.appendingPathComponent(String(copy.path.dropFirst("content/".count))))
                }
                site = next
                written = try writeDocuments(site, into: staging, was: written)
            }
            let setAside = directory.appendingPathComponent(ImportBuildCheck.setAsideFolder)
            if fm.fileExists(atPath: setAside.path) { try fm.removeItem(at: setAside) }
            for document in site.setAside {
                try write(text: FrontMatterText.document(document.fields, body: document.body), to: document.path, in: directory)
            }
            if exists { try fm.removeItem(at: content) }
            try fm.moveItem(at: staging, to: content)
            try? fm.removeItem(at: stagingSite)
            try write(text: site.report.markdown(kind: kind, source: source.path), to: "IMPORT.md", in: directory)
        } catch {
            try? fm.removeItem(at: stagingSite)
            throw ImportFailure("cannot write the site into \(directory.path): \(error.localizedDescription)")
        }
        return Written(paths: site.paths, unresolved: unresolved)
    }

    /// How many times the import builds what it wrote and resolves what failed, at most.
    static let rounds = 8

    /// Writes site.yml and each document under `content` (the staging content folder),
    /// only where its text differs from `was` (path → text); removes files of `was` the
    /// site no longer has. Returns what is written now.
    private static func writeDocuments(_ site: ImportedSite, into content: URL, was: [String: String]) throws -> [String: String] {
        var now: [String: String] = ["site.yml": FrontMatterText.yaml(site.config)]
        for document in site.documents {
            now[String(document.path.dropFirst("content/".count))] = FrontMatterText.document(document.fields, body: document.body)
        }
        for path in was.keys where now[path] == nil {
            try FileManager.default.removeItem(at: content.appendingPathComponent(path))
        }
        for (path, text) in now.sorted(by: { $0.key < $1.key }) where was[path] != text {
            try write(text: text, to: path, in: content)
        }
        return now
    }

    private static func write(text: String, to path: String, in directory: URL) throws {
        let target = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target, options: .atomic)
    }
}

/// Reads another generator's site into an `ImportedSite`.
public enum SiteImporter {
    /// Reads `source` as a site of `kind` (`uploads`: WordPress's media folder).
    /// Fails when `source` is not such a site, saying why.
    public static func read(_ kind: ImportKind, source: URL, uploads: URL? = nil) throws(ImportFailure) -> ImportedSite {
        switch kind {
        case .jekyll: return try JekyllImporter.read(source)
        case .hugo: return try HugoImporter.read(source)
        case .wordpress: return try WordPressImporter.read(source, uploads: uploads)
        }
    }
}
