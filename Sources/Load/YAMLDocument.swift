import Yams
import Diagnostics

/// Parses YAML (a front-matter block or site.yml) with Yams and turns Yams'
/// errors into diagnostics that point into the file, not into the YAML text.
enum YAMLDocument {
    /// The top-level mapping of `yaml`, ready for typed reading. An empty
    /// document is an empty mapping. Fails with the first YAML error.
    ///
    /// - Parameters:
    ///   - file: site-relative path, for diagnostics.
    ///   - lineOffset: file lines before the YAML's first line.
    ///   - messagePrefix: `"front matter: "` for Markdown files, `""` for site.yml.
    static func parse(_ yaml: String, file: String, lineOffset: Int, messagePrefix: String) -> Result<YAMLFields, Diagnostic> {
        if let at = YAMLDepth.firstTooDeep(in: yaml) {
            return .failure(Diagnostic(file: file, line: at.line + lineOffset, column: at.column,
                                       message: "\(messagePrefix)nested more than \(YAMLDepth.limit) levels deep"))
        }
        let root: Node?
        do {
            // `.basic` resolves no tags: every plain scalar stays the text as
            // written (no YAML 1.1 dates or yes/no booleans, no regex per value).
            // YAMLScalar decides what a value means where it is used.
            // `.utf8` explicitly: `Encoding.default` reads the whole process
            // environment on every call (and may print).
            root = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, yaml: yaml, file: file, lineOffset: lineOffset, prefix: messagePrefix))
        } catch {
            return .failure(Diagnostic(file: file, line: lineOffset + 1, column: 1,
                                       message: "\(messagePrefix)invalid YAML: \(error)"))
        }
        let context = YAMLFields.Context(file: file, lineOffset: lineOffset, messagePrefix: messagePrefix)
        guard let root else {
            return .success(YAMLFields(context: context, pairs: [], path: "", anchor: nil))
        }
        guard case .mapping(let mapping) = root else {
            let at = context.location(of: root)
            return .failure(Diagnostic(file: file, line: at.line, column: at.column,
                                       message: "\(messagePrefix)not a mapping of keys to values"))
        }
        return .success(YAMLFields(context: context, pairs: Array(mapping), path: "", anchor: nil))
    }

    /// When line `line` (1-based) of `yaml` is `key: value` whose plain (unquoted)
    /// value holds `: ` itself: the key, the value's column, and the value quoted.
    static func colonInPlainValue(_ yaml: String, line: Int) -> (key: String, valueColumn: Int, quoted: String)? {
        guard line >= 1 else { return nil }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        let text = lines[line - 1]
        guard let separator = text.range(of: ": ") else { return nil }
        var key = text[..<separator.lowerBound]
        if key.hasPrefix("- ") { key = key.dropFirst(2) }
        key = key.drop { $0 == " " || $0 == "\t" }
        let afterKey = text[separator.upperBound...]
        let value = afterKey.drop { $0 == " " || $0 == "\t" }
        guard !key.isEmpty, !key.contains("#"), !key.contains("\""), !key.contains("'"),
              let first = value.first, !"\"'[{|>&*!#".contains(first), value.contains(": ") else { return nil }
        var plain = String(value)
        // A comment after the value stays a comment.
        if let comment = plain.range(of: " #") { plain = String(plain[..<comment.lowerBound]) }
        while plain.hasSuffix(" ") || plain.hasSuffix("\t") { plain.removeLast() }
        let escaped = plain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let column = text[..<value.startIndex].unicodeScalars.count + 1
        return (String(key), column, "\"" + escaped + "\"")
    }

    private static func diagnostic(for error: YamlError, yaml: String, file: String, lineOffset: Int, prefix: String) -> Diagnostic {
        func at(_ mark: Mark, _ message: String) -> Diagnostic {
            at(SourceLocation(line: mark.line, column: mark.column), message)
        }
        func at(_ location: SourceLocation, _ message: String) -> Diagnostic {
            Diagnostic(file: file, line: location.line + lineOffset, column: location.column, message: prefix + message)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _):
            // libyaml reports an unclosed quote where it gives up, lines later: point at the quote.
            if let quote = YAMLQuote.unclosed(in: yaml, before: SourceLocation(line: mark.line, column: mark.column)) {
                var message = "invalid YAML: the quote (\(quote.mark)) that opens here never closes"
                if let closing = quote.closesOnLine {
                    message = "invalid YAML: the quote (\(quote.mark)) that opens here does not close on its line; "
                        + "YAML takes the \(quote.mark) on line \(closing + lineOffset) as its end, then fails there (\(problem))"
                }
                return at(quote.opens, message)
            }
            // `base_url https://...`: libyaml looks for the ':' up to the next line, and fails there.
            if let context, context.text == "while scanning a simple key", context.mark.line < mark.line {
                return at(context.mark, "invalid YAML: no ':' after the key that starts here (write key: value)")
            }
            // An unclosed `[` or `{`: libyaml names where the collection opened.
            if let context, context.text.hasPrefix("while parsing a flow"), context.mark.line < mark.line {
                let bracket = context.text.contains("mapping") ? "{" : "["
                return at(context.mark, "invalid YAML: the \(bracket) that opens here never closes "
                          + "(YAML reads on to line \(mark.line + lineOffset): \(problem))")
            }
            // `title: Testing: the new views`: a second ': ' in a plain value.
            if problem == "mapping values are not allowed in this context",
               let colon = colonInPlainValue(yaml, line: mark.line) {
                return at(SourceLocation(line: mark.line, column: colon.valueColumn),
                          "the value of '\(colon.key)' holds ': ', which YAML reads as another key; "
                          + "put the value in quotes: \(colon.key): \(colon.quoted)")
            }
            return at(mark, "invalid YAML: \(problem)")
        case let .composer(_, problem, mark, _):
            return at(mark, "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return at(context.mark, "duplicate key \(keys)")
        case let .reader(problem, offset, _, _):
            var line = 1
            var column = 1
            if let offset {
                for character in yaml.prefix(offset) {
                    if character == "\n" { line += 1; column = 1 } else { column += character.unicodeScalars.count }
                }
            }
            return Diagnostic(file: file, line: line + lineOffset, column: column, message: prefix + "invalid YAML: \(problem)")
        default:
            return Diagnostic(file: file, line: lineOffset + 1, column: 1, message: prefix + "invalid YAML: \(error)")
        }
    }
}
