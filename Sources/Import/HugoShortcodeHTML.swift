import Foundation
import Support

/// A site's own shortcode template that is HTML with the call's parameters in
/// it (`<a href="https://twitter.com/{{ .Get "twitter" }}">`), optional parts
/// (`{{ with .Get "tips" }}<br>{{ . }}{{ end }}`, `{{ if .Get 0 }}…{{ else }}…{{ end }}`)
/// and at most one `{{ .Inner }}`: the importer writes the HTML it makes for each
/// call. Only this small part of Go's template language is read; a template that
/// uses more (variables, ranges, partials, resources, file reads) is not one of these.
struct HugoShortcodeHTML: Equatable {
    /// Where a value comes from: a named parameter, or a positional one.
    enum Key: Equatable {
        case named(String)
        case position(Int)
    }

    indirect enum Piece: Equatable {
        case text(String)
        case inner
        /// A parameter's value; `raw`: written as it is (`safeHTML`), else escaped as Go's templates do.
        case value(Key, raw: Bool)
        /// `.` inside `with`: the value `with` tested.
        case dot(raw: Bool)
        /// `with KEY` (`dot` set to its value) or `if KEY`: `then` when the value is not empty, else `otherwise`.
        case when(Key, bindsDot: Bool, then: [Piece], otherwise: [Piece])
    }

    var pieces: [Piece]

    /// The template read as pieces, or nil when it uses anything else.
    static func read(_ template: String) -> HugoShortcodeHTML? {
        var stack: [(key: Key?, bindsDot: Bool, then: [Piece], otherwise: [Piece]?)] = [(nil, false, [], nil)]
        func append(_ piece: Piece) {
            if stack[stack.count - 1].otherwise != nil { stack[stack.count - 1].otherwise!.append(piece) }
            else { stack[stack.count - 1].then.append(piece) }
        }
        var inners = 0
        var text = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            text += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { return nil }
            var action = rest[open.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            // A `-` at either end trims the white space on that side, as Go templates do.
            if action.hasPrefix("-") { action = action.dropFirst(); while text.last?.isWhitespace == true { text.removeLast() } }
            if action.hasSuffix("-") { action = action.dropLast(); rest = rest.drop { $0.isWhitespace } }
            if !text.isEmpty { append(.text(text)); text = "" }
            let words = action.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            guard let first = words.first else { return nil }
            if first == "\"\"" && words.count == 1 { continue }
            if first == "end" && words.count == 1 {
                guard stack.count > 1, let top = stack.popLast(), let key = top.key else { return nil }
                append(.when(key, bindsDot: top.bindsDot, then: top.then, otherwise: top.otherwise ?? []))
                continue
            }
            if first == "else" && words.count == 1 {
                guard stack.count > 1, stack[stack.count - 1].otherwise == nil else { return nil }
                stack[stack.count - 1].otherwise = []
                continue
            }
            if first == "with" || first == "if" {
                guard let (key, filters) = value(Array(words.dropFirst())), filters.isEmpty else { return nil }
                stack.append((key, first == "with", [], nil))
                continue
            }
            // `.Inner`, `.Get "x"`, `.` with filters after `|`.
            let (expression, filters) = split(words)
            guard filters.allSatisfy({ ["safeHTML", "safeURL", "safeHTMLAttr", "markdownify", "htmlEscape"].contains($0) }) else { return nil }
            let raw = filters.contains { $0.hasPrefix("safe") || $0 == "markdownify" }
            if expression == [".Inner"] || expression == ["$.Inner"] {
                inners += 1
                append(.inner)
            } else if expression == ["."] {
                guard stack.contains(where: \.bindsDot) else { return nil }
                append(.dot(raw: raw))
            } else if let (key, more) = value(expression), more.isEmpty {
                append(.value(key, raw: raw))
            } else {
                return nil
            }
        }
        text += rest
        if !text.isEmpty { append(.text(text)) }
        guard stack.count == 1, inners <= 1 else { return nil }
        return HugoShortcodeHTML(pieces: stack[0].then)
    }

    /// `.Get "x"`, `.Get 0`, `.Params.x`, `index .Params "x"` (and `$.` forms): the key.
    private static func value(_ words: [String]) -> (Key, [String])? {
        let (expression, filters) = split(words)
        let w = expression.map { $0.hasPrefix("$.") ? String($0.dropFirst()) : $0 }
        func unquoted(_ s: String) -> String? {
            guard s.count >= 2, let q = s.first, q == "\"" || q == "`", s.last == q else { return nil }
            return String(s.dropFirst().dropLast())
        }
        if w.count == 2, w[0] == ".Get" {
            if let name = unquoted(w[1]) { return (.named(name), filters) }
            if let n = Int(w[1]) { return (.position(n), filters) }
        }
        if w.count == 1, w[0].hasPrefix(".Params."), w[0].dropFirst(8).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            return (.named(String(w[0].dropFirst(8))), filters)
        }
        if w.count == 3, w[0] == "index", w[1] == ".Params" {
            if let name = unquoted(w[2]) { return (.named(name), filters) }
            if let n = Int(w[2]) { return (.position(n), filters) }
        }
        return nil
    }

    /// `a b | f | g` → (`[a, b]`, `[f, g]`).
    private static func split(_ words: [String]) -> ([String], [String]) {
        guard let bar = words.firstIndex(of: "|") else { return (words, []) }
        let filters = words[(bar + 1)...].filter { $0 != "|" }
        return (Array(words[..<bar]), filters)
    }

    /// The HTML for one call: before and after its inner content, or nil when
    /// the template's `.Inner` is not used (then `after` is empty).
    func render(named: [String: String], positional: [String]) -> (before: String, after: String) {
        var parts = [""]
        func value(_ key: Key) -> String {
            switch key {
            case .named(let name): return named[name] ?? ""
            case .position(let n): return n < positional.count ? positional[n] : ""
            }
        }
        func write(_ pieces: [Piece], dot: String) {
            for piece in pieces {
                switch piece {
                case .text(let text): parts[parts.count - 1] += text
                case .inner: parts.append("")
                case .value(let key, let raw): parts[parts.count - 1] += raw ? value(key) : HTMLEscape.text(value(key))
                case .dot(let raw): parts[parts.count - 1] += raw ? dot : HTMLEscape.text(dot)
                case .when(let key, let bindsDot, let then, let otherwise):
                    let v = value(key)
                    write(v.isEmpty ? otherwise : then, dot: bindsDot && !v.isEmpty ? v : dot)
                }
            }
        }
        write(pieces, dot: "")
        // Blank lines would end an HTML block in Markdown, and the rest would read as Markdown.
        let cleaned = parts.map { part in
            part.split(separator: "\n", omittingEmptySubsequences: true)
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: "\n")
        }
        return (cleaned[0], cleaned.count > 1 ? cleaned[1] : "")
    }
}
