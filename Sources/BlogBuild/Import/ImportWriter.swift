import Foundation

/// Writes an imported site into a folder: `content/` (site.yml, posts, pages,
/// series, static files) and `IMPORT.md`.
public enum ImportWriter {
    /// Writes `site` into `directory`. An existing `content/` is an error unless
    /// `force`, which replaces it whole (nothing of the old one is mixed in).
    /// The new `content/` is written beside the old one first and swapped in only
    /// when complete, so a failed import leaves the folder as it was.
    /// Returns the paths written, relative to `directory`, sorted.
    public static func write(_ site: ImportedSite, kind: ImportKind, source: URL, into directory: URL,
                             force: Bool) throws(ImportFailure) -> [String] {
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
        let staging = directory.appendingPathComponent(".content.blogbuild-import-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            if fm.fileExists(atPath: staging.path) { try fm.removeItem(at: staging) }
            let config = ImportConfig.mergingRepeatedKeys(site.config)
            var report = site.report
            for key in config.dropped {
                report.leave("content/site.yml", line: nil, key, "the import gave it twice; the first value is written")
            }
            try write(text: FrontMatterText.yaml(config.fields), to: "site.yml", in: staging)
            for document in site.documents {
                try write(text: FrontMatterText.document(document.fields, body: document.body),
                          to: String(document.path.dropFirst("content/".count)), in: staging)
            }
            for copy in site.copies {
                let file = staging.appendingPathComponent(String(copy.path.dropFirst("content/".count)))
                try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(atPath: copy.from, toPath: file.path)
            }
            if exists { try fm.removeItem(at: content) }
            try fm.moveItem(at: staging, to: content)
            try write(text: report.markdown(kind: kind, source: source.path), to: "IMPORT.md", in: directory)
        } catch {
            try? fm.removeItem(at: staging)
            throw ImportFailure("cannot write the site into \(directory.path): \(error.localizedDescription)")
        }
        return site.paths
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
