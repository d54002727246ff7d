import Foundation
import Diagnostics
import Load
import Site

/// Writes new sites and new posts: the only engine code besides the output writer
/// that touches the disk, and it never overwrites a file.
public enum Scaffold {
    /// Creates `content/posts/YYYY-MM-DD-SLUG.md` for a new draft post and returns its
    /// site-relative path. The date is today in the site's time zone.
    public static func newPost(siteDirectory: URL, title: String, series: String? = nil, app: String? = nil,
                               now: Date = Date()) throws(BuildFailure) -> String {
        let content = ContentLoader.load(siteDirectory: siteDirectory)
        let configErrors = content.diagnostics.filter { $0.file.hasSuffix("site.yml") || $0.file == "content" }
        if !configErrors.isEmpty { throw BuildFailure(configErrors) }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let slug = Slug.make(trimmed)
        guard !slug.isEmpty else {
            throw BuildFailure([Diagnostic(file: "(command line)", message: "the title \"\(title)\" has no letters or digits to make a file name from")])
        }
        if let series, !content.series.contains(where: { $0.slug == series }) {
            throw BuildFailure([Diagnostic(file: "content/series/\(series).md", message: "no such series '\(series)'")])
        }
        if let app, !content.apps.contains(where: { $0.slug == app }) {
            throw BuildFailure([Diagnostic(file: "content/apps/\(app).md", message: "no such app '\(app)'")])
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = content.config.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let day = "\(DateText.pad(c.year ?? 1970, 4))-\(DateText.pad(c.month ?? 1))-\(DateText.pad(c.day ?? 1))"
        let relative = "content/posts/\(day)-\(slug).md"
        var values: [String: String] = [
            "title": trimmed,
            "title_yaml": yamlString(trimmed),
            "date": "\(day) \(DateText.pad(c.hour ?? 0)):\(DateText.pad(c.minute ?? 0))",
            "slug": slug,
        ]
        if let series {
            values["series"] = series
            values["series_order"] = String(content.posts.filter { $0.series == series }.count + 1)
        }
        if let app { values["app"] = app }
        let text = try PostArchetype.load(siteDirectory: siteDirectory).render(values)
        try writeNew(siteDirectory.appendingPathComponent(relative), text, label: relative)
        return relative
    }

    /// Creates a working site in `directory` (which must be missing or empty): config,
    /// a sample post in a series about a sample app (with the app's privacy and support
    /// pages), an about page, a `.gitignore` and a publishing workflow. No templates: the built-in theme serves it.
    /// Returns the site-relative paths written.
    @discardableResult
    public static func initSite(at directory: URL, now: Date = Date()) throws(BuildFailure) -> [String] {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDir) {
            guard isDir.boolValue else {
                throw BuildFailure([Diagnostic(file: directory.path, message: "exists and is not a folder")])
            }
            // A new repository may already hold a README, a licence and `.git`.
            let entries = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
            let others = entries.filter { name in
                let upper = name.uppercased()
                return !name.hasPrefix(".") && !upper.hasPrefix("README") && !upper.hasPrefix("LICENSE") && !upper.hasPrefix("LICENCE")
            }
            guard others.isEmpty else {
                throw BuildFailure([Diagnostic(file: directory.path, message: "folder is not empty; blogbuild init needs a new or empty folder")])
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let yesterday = now.addingTimeInterval(-86_400)
        let c = calendar.dateComponents([.year, .month, .day], from: yesterday)
        let day = "\(DateText.pad(c.year ?? 1970, 4))-\(DateText.pad(c.month ?? 1))-\(DateText.pad(c.day ?? 1))"

        // Content and config only: the built-in theme serves the site, so it takes every
        // theme update; `blogbuild theme eject` copies out what the site wants to change.
        let files: [(String, [UInt8])] = StarterSite.files(day: day).map { ($0.0, Array($0.1.utf8)) }
            + [(StarterImage.path, StarterImage.bytes)]
        for (path, bytes) in files {
            try writeNew(directory.appendingPathComponent(path), bytes, label: path)
        }
        return files.map(\.0)
    }

    static func yamlString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func writeNew(_ url: URL, _ text: String, label: String) throws(BuildFailure) {
        try writeNew(url, Array(text.utf8), label: label)
    }

    private static func writeNew(_ url: URL, _ bytes: [UInt8], label: String) throws(BuildFailure) {
        let fm = FileManager.default
        if fm.fileExists(atPath: url.path) {
            throw BuildFailure([Diagnostic(file: label, message: "already exists; not overwriting it")])
        }
        do {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .withoutOverwriting)
        } catch {
            throw BuildFailure([Diagnostic(file: label, message: "cannot write: \(error.localizedDescription)")])
        }
    }
}
