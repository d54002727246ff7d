import BlogBuild
import Foundation

/// The one line `serve` prints per rebuild:
/// `14:03:07 content/posts/2021-01-05-x.md changed: 3 pages written (5 files) in 41 ms, 1 warning`.
enum RebuildLine {
    static func text(changed: Set<String>?, site: URL, outcome: IncrementalBuilder.Outcome, seconds: Double) -> String {
        let written = outcome.changedPaths
        let pages = written.count { $0.hasSuffix(".html") }
        var line = clock() + " " + what(changed, site: site) + ": "
        line += Reporter.count(pages, "page") + " written"
        if written.count != pages { line += " (\(Reporter.count(written.count, "file")))" }
        line += " in \(Int((seconds * 1000).rounded())) ms"
        let warnings = outcome.report.warnings.count
        if warnings > 0 { line += ", " + Reporter.count(warnings, "warning") }
        return line
    }

    /// `patch posts 0.005 s, routes 0.007 s`: how long each stage took, for `--verbose`.
    static func stages(_ laps: [(stage: String, seconds: Double)]) -> String {
        laps.map { "\($0.stage) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ")
    }

    /// `content/posts/x.md changed`, `content/posts/x.md and 2 more changed`, `files changed`
    /// (when the watcher could not tell which: polling).
    /// An editor's save is a hidden temporary file renamed over the file saved: one
    /// that is gone is not named or counted (unless nothing else changed), so the line
    /// names the file saved.
    static func what(_ changed: Set<String>?, site: URL) -> String {
        guard let changed, !changed.isEmpty else { return "files changed" }
        let root = site.path.hasSuffix("/") ? site.path : site.path + "/"
        let shown = changed.filter { path in
            !(path.split(separator: "/").last?.hasPrefix(".") ?? false) || FileManager.default.fileExists(atPath: path)
        }
        let names = (shown.isEmpty ? changed : shown).map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }.sorted()
        let first = names[0]
        return names.count == 1 ? "\(first) changed" : "\(first) and \(names.count - 1) more changed"
    }

    /// The local time, `HH:mm:ss`.
    static func clock(_ date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
