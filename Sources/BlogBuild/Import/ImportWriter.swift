import Foundation

/// Writes an imported site into a folder: `content/` (site.yml, posts, pages,
/// series, static files) and `IMPORT.md`.
public enum ImportWriter {
    /// Writes `site` into `directory`. An existing `content/` is an error unless
    /// `force`, which replaces it whole (nothing of the old one is mixed in).
    /// Returns the paths written, relative to `directory`, sorted.
    public static func write(_ site: ImportedSite, kind: ImportKind, source: String, into directory: URL,
                             force: Bool) throws(ImportFailure) -> [String] {
        let fm = FileManager.default
        let content = directory.appendingPathComponent("content")
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: content.path, isDirectory: &isFolder) {
            guard force else {
                throw ImportFailure("\(content.path) already exists; import into an empty folder (--site DIR) or pass --force to replace it")
            }
            do { try fm.removeItem(at: content) } catch {
                throw ImportFailure("cannot remove \(content.path): \(error.localizedDescription)")
            }
        }
        do {
            try write(text: FrontMatterText.yaml(site.config), to: "content/site.yml", in: directory)
            for document in site.documents {
                try write(text: FrontMatterText.document(document.fields, body: document.body), to: document.path, in: directory)
            }
            for copy in site.copies {
                let target = directory.appendingPathComponent(copy.path)
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if fm.fileExists(atPath: target.path) { try fm.removeItem(at: target) }
                try fm.copyItem(atPath: copy.from, toPath: target.path)
            }
            try write(text: site.report.markdown(kind: kind, source: source), to: "IMPORT.md", in: directory)
        } catch let failure as ImportFailure {
            throw failure
        } catch {
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
