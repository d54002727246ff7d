import Foundation
import Diagnostics
import Render

/// The built-in theme's files as a site sees them under `templates/`: what
/// `blogbuild theme eject` copies out to customise, and what `theme diff` compares
/// the site's copies with, so a site that changed two templates keeps taking
/// every other theme update (the rest stay built in).
public enum ThemeFiles {
    /// How a site's file under `templates/` relates to the built-in theme.
    public enum State: Sendable, Equatable {
        case same
        case changed
        /// Not a file of the built-in theme (a partial of the site's own).
        case siteOnly
    }

    /// Every built-in file, by path relative to `templates/` (`post.mustache`,
    /// `partials/footer.mustache`, `assets/style.css`, `archetypes/post.md`), sorted.
    public static var paths: [String] { Theme.builtIn.keys.sorted() }

    /// The built-in bytes of `path` (relative to `templates/`).
    public static func builtIn(_ path: String) -> [UInt8]? { Theme.builtIn[path] }

    /// The built-in paths that names given on the command line mean: `post`,
    /// `post.mustache`, `partials/footer`, `templates/assets/style.css`, `assets`
    /// (a folder: everything in it). An unknown name is an error with a did-you-mean.
    public static func resolve(_ names: [String]) throws(BuildFailure) -> [String] {
        var out: [String] = []
        var problems: [Diagnostic] = []
        for raw in names {
            var name = raw.hasPrefix("templates/") ? String(raw.dropFirst("templates/".count)) : raw
            while name.hasSuffix("/") { name.removeLast() }
            let matches = paths.filter { $0 == name || $0 == name + ".mustache" || $0.hasPrefix(name + "/") }
            if matches.isEmpty {
                let names = paths.map { $0.hasSuffix(".mustache") ? String($0.dropLast(".mustache".count)) : $0 }
                let hint = DidYouMean.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                // Without a close name the user still learns what there is to eject.
                problems.append(Diagnostic(file: "(command line)", message: "no built-in theme file '\(raw)'\(hint); "
                                           + "the names are: \(names.joined(separator: ", "))"))
            }
            for path in matches where !out.contains(path) { out.append(path) }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        return out
    }

    /// Copies the built-in files at `paths` into `SITE/templates/`. A file the site
    /// already has is kept as it is (it may hold the site's changes) and returned in `kept`.
    public static func eject(_ paths: [String], siteDirectory: URL) throws(BuildFailure) -> (written: [String], kept: [String]) {
        var written: [String] = [], kept: [String] = []
        for path in paths {
            guard let bytes = builtIn(path) else { continue }
            let target = siteDirectory.appendingPathComponent("templates/" + path)
            if FileManager.default.fileExists(atPath: target.path) {
                kept.append("templates/" + path)
                continue
            }
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: target, options: .withoutOverwriting)
                written.append("templates/" + path)
            } catch {
                throw BuildFailure([Diagnostic(file: "templates/" + path, message: "cannot write: \(error.localizedDescription)")])
            }
        }
        return (written, kept)
    }

    /// Every file under `SITE/templates/` (relative to `templates/`), with how it
    /// relates to the built-in theme, sorted.
    public static func compare(siteDirectory: URL) -> [(path: String, state: State)] {
        let folder = siteDirectory.appendingPathComponent("templates")
        return Theme.listFiles(folder).sorted().map { path in
            guard let ours = builtIn(path) else { return (path, .siteOnly) }
            let theirs = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map { [UInt8]($0) }
            return (path, theirs == ours ? .same : .changed)
        }
    }
}
