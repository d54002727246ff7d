import Foundation

/// A copy of the old site to build: the generator writes into its source (Hugo's
/// `.hugo_build.lock` and `resources/`, Jekyll's `.jekyll-cache`), and a stub theme or
/// Liquid stubs may be added, so the user's folder is never built in place.
enum SourceCopy {
    /// Copies `source` into `target` (which must not exist), leaving out version control,
    /// earlier builds and dependency folders: names in `skipping`, at any depth.
    /// Symbolic links are copied as links.
    static func copy(_ source: URL, to target: URL, skipping: Set<String>) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: source.path).sorted() where !skipping.contains(name) {
            let from = source.appendingPathComponent(name), to = target.appendingPathComponent(name)
            let attributes = try fm.attributesOfItem(atPath: from.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                try copy(from, to: to, skipping: skipping)
            } else {
                try fm.copyItem(at: from, to: to)
            }
        }
    }
}
