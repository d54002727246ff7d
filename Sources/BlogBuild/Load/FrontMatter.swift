/// A Markdown file cut into its front matter (the YAML between the opening
/// `---` line and the next `---` line) and its body.
struct FrontMatterBlock: Sendable, Equatable {
    /// The YAML text, or nil when the file does not start with a `---` line.
    var yaml: String?
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
            guard let yamlStart = delimiterLine(b, from: 0) else {
                return .success(FrontMatterBlock(yaml: nil, yamlLineOffset: 0,
                                                 body: String(decoding: b, as: UTF8.self), bodyLine: 1))
            }
            var lineStart = yamlStart
            var line = 2
            while lineStart < b.count {
                if let bodyStart = delimiterLine(b, from: lineStart) {
                    return .success(FrontMatterBlock(
                        yaml: String(decoding: UnsafeBufferPointer(rebasing: b[yamlStart..<lineStart]), as: UTF8.self),
                        yamlLineOffset: 1,
                        body: String(decoding: UnsafeBufferPointer(rebasing: b[bodyStart...]), as: UTF8.self),
                        bodyLine: line + 1))
                }
                guard let newline = b[lineStart...].firstIndex(of: 10) else { break }
                lineStart = newline + 1
                line += 1
            }
            return .failure(Diagnostic(file: file, line: 1, column: 1, message: "front matter: no closing '---'"))
        }
    }

    /// If the line starting at `start` is `---` (trailing blanks allowed), the
    /// offset where the following line starts.
    private static func delimiterLine(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start + 3 <= b.count, b[start] == 45, b[start + 1] == 45, b[start + 2] == 45 else { return nil }
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
