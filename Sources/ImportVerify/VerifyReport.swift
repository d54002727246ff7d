import Foundation

/// What `import --verify` found: for each old URL (every HTML page and feed the
/// old site had) how the imported site answers it. Written into IMPORT.md page by
/// page, with a summary line `old URLs kept: N/M, feeds kept: K/L`.
public struct VerifyReport: Sendable, Equatable {
    /// How one old URL is answered.
    public enum Outcome: Sendable, Equatable {
        /// The page (or feed) itself is built at that URL.
        case kept
        /// A redirect page there leads, without a loop, to this page of the new site (or
        /// to the address on another host the old page itself sent readers to).
        case redirect(to: String)
        /// Not answered, and why.
        case lost(String)

        public var isLost: Bool { if case .lost = self { return true } else { return false } }
    }

    /// One old URL and its answer.
    public struct Line: Sendable, Equatable {
        public var url: String
        public var outcome: Outcome
    }

    /// Where the old URLs came from: `hugo (as the site is)`, `the export's item links and feeds`.
    public var oldSite: String
    /// How the old site was built or read, and what was tried first, one line each.
    public var notes: [String]
    /// Every old HTML page, sorted by URL.
    public var pages: [Line]
    /// Every old feed, sorted by URL.
    public var feeds: [Line]

    public var pagesKept: Int { pages.filter { !$0.outcome.isLost }.count }
    public var feedsKept: Int { feeds.filter { !$0.outcome.isLost }.count }

    /// `old URLs kept: N/M, feeds kept: K/L`.
    public var summary: String {
        "old URLs kept: \(pagesKept)/\(pages.count), feeds kept: \(feedsKept)/\(feeds.count)"
    }

    /// The heading of the section this report adds to IMPORT.md.
    static let heading = "## Verified against the old site"

    /// The IMPORT.md section: the summary, how the old site was built, then every old
    /// URL with its answer (lost ones first, so they are found without scrolling).
    public var markdown: String {
        var out = "\(Self.heading)\n\n"
        out += "The old site: \(oldSite). The new one: built by blogbuild from `content/` (drafts left out). "
        out += "An old URL is kept when the new site has a page there, or a redirect page that leads to one "
            + "(or, where the old page sent readers to another host, to the same address there); "
        out += "an old feed is kept when a feed there has the old feed's newest entries (up to \(ImportVerifier.newestEntries)) with the same ids.\n\n"
        out += summary + "\n\n"
        for note in notes { out += "- \(note)\n" }
        if !notes.isEmpty { out += "\n" }
        out += "### Old pages\n\n"
        out += Self.lines(pages, none: "The old site had no HTML pages.")
        out += "### Old feeds\n\n"
        out += Self.lines(feeds, none: "The old site had no feeds.")
        return out
    }

    private static func lines(_ lines: [Line], none: String) -> String {
        guard !lines.isEmpty else { return none + "\n\n" }
        var out = ""
        for line in lines.filter({ $0.outcome.isLost }) + lines.filter({ !$0.outcome.isLost }) {
            switch line.outcome {
            case .kept: out += "- `\(code(line.url))`: kept\n"
            case .redirect(let target): out += "- `\(code(line.url))`: redirect → `\(code(target))`\n"
            case .lost(let why): out += "- `\(code(line.url))`: LOST: \(why)\n"
            }
        }
        return out + "\n"
    }

    /// The section when verification could not run, saying why.
    public static func notVerifiedMarkdown(_ reason: String, notes: [String]) -> String {
        var out = "\(heading)\n\nNot verified: \(reason).\n\n"
        for note in notes { out += "- \(note)\n" }
        return notes.isEmpty ? out : out + "\n"
    }

    /// Appends `section` to `IMPORT.md` in `directory`, after a blank line.
    public static func append(_ section: String, toImportReportIn directory: URL) throws {
        let file = directory.appendingPathComponent("IMPORT.md")
        var text = FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !text.isEmpty && !text.hasSuffix("\n\n") { text += text.hasSuffix("\n") ? "\n" : "\n\n" }
        try Data((text + section).utf8).write(to: file, options: .atomic)
    }

    /// Inline code cannot hold a backtick.
    private static func code(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "'") }
}
