/// What an import did: each construct it translated (counted, by kind) and
/// each it could not, at the source file and line, so the user knows exactly
/// what to look at. Written out as `IMPORT.md`.
public struct ImportReport: Sendable, Equatable {
    /// Something left as it was (or dropped) that the user should look at.
    public struct Item: Sendable, Equatable, Comparable {
        /// The source file, relative to the imported site (`_posts/2019-03-04-x.md`).
        public var source: String
        /// 1-based line in `source`; nil for the file as a whole.
        public var line: Int?
        /// What it is: `{% include note.html %}`.
        public var construct: String
        /// What happened to it and what to do.
        public var note: String

        public static func < (a: Item, b: Item) -> Bool {
            (a.source, a.line ?? 0, a.construct, a.note) < (b.source, b.line ?? 0, b.construct, b.note)
        }
    }

    /// How many of each construct were translated: `{% highlight %} → fenced code`: 3.
    public var translated: [String: Int] = [:]
    /// Constructs left in place or dropped, to look at.
    public var untranslated: [Item] = []
    /// Files skipped on purpose (layouts, includes, generated output), by reason.
    public var skipped: [Item] = []
    /// How many posts, drafts, pages, series and static files were written.
    public var counts: [String: Int] = [:]

    public init() {}

    mutating func count(_ kind: String, _ n: Int = 1) { translated[kind, default: 0] += n }

    mutating func leave(_ source: String, line: Int?, _ construct: String, _ note: String) {
        untranslated.append(Item(source: source, line: line, construct: construct, note: note))
    }

    mutating func skip(_ source: String, _ note: String) {
        skipped.append(Item(source: source, line: nil, construct: "", note: note))
    }

    /// `IMPORT.md`: what was written, what was translated, what to look at.
    public func markdown(kind: ImportKind, source: String) -> String {
        var out = "# Imported from \(kind.displayName)\n\n"
        out += "Source: `\(source)`\n\n"
        let names = [("posts", "post"), ("drafts", "draft"), ("pages", "page"), ("series", "series"), ("static files", "static file")]
        let written = names.compactMap { plural, singular in
            counts[plural].flatMap { $0 > 0 ? "\($0) \($0 == 1 ? singular : plural)" : nil }
        }
        out += "Written: " + (written.isEmpty ? "nothing" : written.joined(separator: ", ")) + ".\n\n"
        out += "## Translated\n\n"
        if translated.isEmpty { out += "Nothing needed translating.\n\n" } else {
            out += "| construct | count |\n| --- | ---: |\n"
            for key in translated.keys.sorted() { out += "| \(Self.cell(key)) | \(translated[key]!) |\n" }
            out += "\n"
        }
        out += "## Not translated: look at these\n\n"
        if untranslated.isEmpty { out += "Nothing: every construct was translated.\n\n" } else {
            for item in untranslated.sorted() {
                let at = item.line.map { "\(item.source):\($0)" } ?? item.source
                out += "- `\(at)`: `\(Self.code(item.construct))`: \(item.note)\n"
            }
            out += "\n"
        }
        if !skipped.isEmpty {
            out += "## Skipped\n\n"
            for item in skipped.sorted() { out += "- `\(item.source)`: \(item.note)\n" }
            out += "\n"
        }
        out += "Build the site with `blogbuild check` to see what else needs a look (broken links, missing images).\n"
        return out
    }

    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// Inline code cannot hold a backtick; a construct spanning lines shows its first. A long
    /// line of words is clipped; a name (a URL, a file: no blank in it), or a list of URLs
    /// (`/presentation/ /presentation/page/2/ …`), is shown whole, or nobody could find what
    /// to fix (`…-220x…` of a WordPress attachment).
    private static func code(_ text: String) -> String {
        let first = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let words = first.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let isName = words.count <= 1 || words.allSatisfy { $0.hasPrefix("/") || $0.contains("://") }
        let clipped = first.count > 80 && !isName ? String(first.prefix(77)) + "..." : first
        return clipped.replacingOccurrences(of: "`", with: "'")
    }
}

extension ImportKind {
    var displayName: String {
        switch self {
        case .jekyll: return "Jekyll"
        case .hugo: return "Hugo"
        case .wordpress: return "WordPress"
        }
    }
}
