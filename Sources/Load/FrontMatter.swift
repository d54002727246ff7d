import Diagnostics

/// A Markdown file cut into its front matter (the YAML between the opening
/// `---` line and the next `---` line, or Hugo's TOML between `+++` lines) and its body.
struct FrontMatterBlock: Sendable, Equatable {
    /// What the front matter is written in: its delimiter lines say.
    enum Format: Sendable, Equatable {
        case yaml
        case toml
    }

    /// The front matter's text (YAML, or TOML when `format` says so), or nil when
    /// the file does not start with a `---` (or `+++`) line.
    var yaml: String?
    var format: Format = .yaml
    /// How many file lines come before the YAML's first line: YAML line `L` is
    /// file line `L + yamlLineOffset` (1 when there is front matter: the `---`).
    var yamlLineOffset: Int
    /// Everything after the closing `---` line (or the whole file).
    var body: String
    /// 1-based file line where `body` starts.
    var bodyLine: Int

    /// Splits the checked bytes (valid UTF-8, `\n` line endings; see
    /// `SourceText.check`) of the site file `file`. Fails only when the
    /// opening `---` has no closing partner.
    static func split(_ bytes: [UInt8], file: String) -> Result<FrontMatterBlock, Diagnostic> {
        bytes.withUnsafeBufferPointer { b in
            let format: Format = b.count >= 3 && b[0] == 43 ? .toml : .yaml
            let mark: UInt8 = format == .toml ? 43 : 45  // `+` or `-`
            guard let yamlStart = delimiterLine(b, from: 0, mark: mark) else {
                return .success(FrontMatterBlock(yaml: nil, yamlLineOffset: 0,
                                                 body: String(decoding: b, as: UTF8.self), bodyLine: 1))
            }
            var lineStart = yamlStart
            var line = 2
            while lineStart < b.count {
                if let bodyStart = delimiterLine(b, from: lineStart, mark: mark) {
                    return .success(FrontMatterBlock(
                        yaml: String(decoding: UnsafeBufferPointer(rebasing: b[yamlStart..<lineStart]), as: UTF8.self),
                        format: format,
                        yamlLineOffset: 1,
                        body: String(decoding: UnsafeBufferPointer(rebasing: b[bodyStart...]), as: UTF8.self),
                        bodyLine: line + 1))
                }
                guard let newline = b[lineStart...].firstIndex(of: 10) else { break }
                lineStart = newline + 1
                line += 1
            }
            let delimiter = format == .toml ? "+++" : "---"
            return .failure(Diagnostic(file: file, line: 1, column: 1, message: "front matter: no closing '\(delimiter)'"))
        }
    }

    /// If the line starting at `start` is three `mark`s (`---`, `+++`; trailing blanks
    /// allowed), the offset where the following line starts.
    private static func delimiterLine(_ b: UnsafeBufferPointer<UInt8>, from start: Int, mark: UInt8) -> Int? {
        guard start + 3 <= b.count, b[start] == mark, b[start + 1] == mark, b[start + 2] == mark else { return nil }
        var i = start + 3
        while i < b.count {
            switch b[i] {
            case 32, 9: i += 1
            case 10: return i + 1
            default: return nil
            }
        }
        return i
    }
}
