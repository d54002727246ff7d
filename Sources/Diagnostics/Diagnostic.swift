/// A problem found while building, pointing at a file and, where known, a line
/// and column in it. Every stage returns these instead of throwing, so one build
/// reports every problem at once.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How bad a problem is. `build` fails on errors; `publish` and `check` also fail on warnings.
    /// Hints and notices never fail a build.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
        /// Something blogbuild leaves aside on purpose, named so it is not a
        /// surprise: a front-matter key it does not use. Printed by every command.
        case hint
        /// About the site as a whole rather than a mistake in a file (site.yml
        /// still holds `init`'s placeholders). Kept apart in `BuildReport.notices`;
        /// only `publish` (and `--verbose`) prints them.
        case notice

        /// Whether this severity fails a build in `mode`.
        public func fails(in mode: BuildMode) -> Bool {
            switch self {
            case .error: return true
            case .warning: return mode.isStrict
            case .hint, .notice: return false
            }
        }
    }

    /// The file, relative to the site folder (`content/posts/2021-01-05-x.md`,
    /// `templates/post.mustache`), or an absolute path outside it.
    public var file: String
    /// 1-based line in `file`, if known.
    public var line: Int?
    /// 1-based column in `file`, if known.
    public var column: Int?
    /// What is wrong, for a person: `front matter: 'date' is not a date ("Jan fifth")`.
    public var message: String
    public var severity: Severity
    /// For a front-matter key blogbuild does not read: that key. A template that
    /// reads it (`page.params.NAME`) makes it used, and the build drops this
    /// diagnostic once the theme is known (`dropFrontMatterKeys(readBy:)`).
    public var unusedFrontMatterKey: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, severity: Severity = .error,
                unusedFrontMatterKey: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
        self.unusedFrontMatterKey = unusedFrontMatterKey
    }

    /// `file:line:col: message`, leaving out the parts that are not known.
    public var description: String {
        var s = file
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        return s + ": " + (severity == .error ? "" : severity.rawValue + ": ") + message
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0, a.message) < (b.file, b.line ?? 0, b.column ?? 0, b.message)
    }
}

/// Thrown by the engine's entry points when a build cannot produce a site.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// Every problem found, sorted by file and line.
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension [Diagnostic] {
    /// These diagnostics less those about front-matter keys that a template
    /// reads as `page.params.NAME`: the site uses them, so they are no typo.
    public func droppingFrontMatterKeys(readBy templates: Set<String>) -> [Diagnostic] {
        filter { $0.unusedFrontMatterKey.map { !templates.contains($0) } ?? true }
    }
}

extension Diagnostic {
    /// Diagnostics that say the same thing (the same severity and message) in
    /// several places, as the first place of each and how many more there are,
    /// in the order given: for printing hints about a key many posts share on
    /// one line each instead of one per post.
    public static func groupingRepeats(_ diagnostics: [Diagnostic]) -> [(first: Diagnostic, more: Int)] {
        var order: [Diagnostic] = []
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics {
            let key = diagnostic.severity.rawValue + ":" + diagnostic.message
            if let n = counts[key] {
                counts[key] = n + 1
            } else {
                counts[key] = 0
                order.append(diagnostic)
            }
        }
        return order.map { ($0, counts[$0.severity.rawValue + ":" + $0.message] ?? 0) }
    }
}
