import Foundation

/// The files of a site being imported, relative to its folder, sorted, so an
/// import is the same every run. Symbolic links are not followed: a link could
/// publish whatever it points to, so each is listed instead.
struct SourceTree {
    var root: URL
    /// `_posts/2019-03-04-x.md`, …
    var files: [String] = []
    var symlinks: [String] = []

    init(_ root: URL, skipFolder: (String) -> Bool) {
        self.root = root
        walk("", skipFolder: skipFolder)
        files.sort()
        symlinks.sort()
    }

    private mutating func walk(_ relative: String, skipFolder: (String) -> Bool) {
        let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() {
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: symlinks.append(path)
            case S_IFDIR: if !skipFolder(path) { walk(path, skipFolder: skipFolder) }
            case S_IFREG: files.append(path)
            default: break
            }
        }
    }

    func text(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { return nil }
        var text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        // A byte-order mark would hide the opening `---` of the front matter.
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    func absolute(_ path: String) -> String { root.appendingPathComponent(path).path }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: absolute(path)) }
}

/// A file cut into its front matter and body, as Jekyll and Hugo do.
struct SourceDocumentText {
    enum Format { case yaml, toml, json }
    var format: Format?
    var frontMatter: String
    /// 1-based line of the front matter's first line.
    var frontMatterLine: Int
    var body: String
    var bodyLine: Int

    /// `---` YAML `---`, `+++` TOML `+++`, or a JSON object starting the file; nil when there is none.
    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func fenced(_ mark: String, _ format: Format) -> Bool {
            guard lines.first.map({ $0.trimmingCharacters(in: .whitespaces) }) == mark else { return false }
            for i in lines.indices.dropFirst() where lines[i].trimmingCharacters(in: .whitespaces) == mark
                || (mark == "---" && lines[i].trimmingCharacters(in: .whitespaces) == "...") {
                self.format = format
                frontMatter = lines[1..<i].joined(separator: "\n")
                frontMatterLine = 2
                body = lines[(i + 1)...].joined(separator: "\n")
                bodyLine = i + 2
                return true
            }
            return false
        }
        format = nil
        frontMatter = ""
        frontMatterLine = 1
        body = text
        bodyLine = 1
        if fenced("---", .yaml) || fenced("+++", .toml) { return }
        if text.hasPrefix("{"), let end = Self.jsonObjectEnd(text) {
            format = .json
            frontMatter = String(text[..<end])
            let rest = text[end...]
            body = String(rest.drop { $0 == "\n" })
            bodyLine = 1 + text[..<end].count { $0 == "\n" } + (rest.count - body.count)
        }
    }

    /// Where the JSON object that opens `text` ends (just after its `}`).
    private static func jsonObjectEnd(_ text: String) -> String.Index? {
        var depth = 0
        var inString = false
        var escaped = false
        for i in text.indices {
            let c = text[i]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return text.index(after: i) }
            default: break
            }
        }
        return nil
    }

    /// The front matter read as values.
    func fields() -> Result<ImportValue, ImportParseError> {
        switch format {
        case .yaml: return ImportValue.yaml(frontMatter)
        case .toml: return ImportValue.toml(frontMatter)
        case .json: return ImportValue.json(frontMatter)
        case nil: return .success(.map([]))
        }
    }
}
