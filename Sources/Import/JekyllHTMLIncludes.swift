import Foundation
import Markdown

/// Includes under `_includes/` that are plain HTML (or text), or HTML with
/// parameters: `{{ include.NAME }}` (with `escape`, `strip`, `markdownify`,
/// `default:`), `{{ site.baseurl }}`, a plain value of `_config.yml` or `_data/`,
/// and `{% if include.NAME %}`/`{% unless %}`/`{% else %}` around parts. Jekyll pastes the include's text into the post before Markdown is
/// read; so does the import, once every parameter is filled. Anything more
/// (another variable, `assign`, a loop, a nested include, an operator in a
/// condition) leaves the include as it is, to be listed: this never runs Liquid
/// beyond that small subset.
struct JekyllHTMLIncludes {
    var folder: URL
    private var files: [String: String?] = [:]

    init(root: URL) { folder = root.appendingPathComponent("_includes") }

    /// The HTML `{% include NAME arguments %}` shows, or nil when it is more than the subset.
    mutating func render(_ name: String, _ arguments: LiquidArguments, siteValue: (String) -> String? = { _ in nil }) -> String? {
        guard !name.isEmpty, !name.contains(".."), !name.contains("{") else { return nil }
        if files[name] == nil { files[name] = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        guard let text = files[name] ?? nil else { return nil }
        return Self.render(text, arguments, siteValue: siteValue)
    }

    /// A Liquid value of the subset: a parameter's text, or absent (nil, `false`).
    private enum Value { case text(String), absent }

    /// `text` with its parameters filled in, or nil when it holds Liquid outside the subset.
    static func render(_ text: String, _ arguments: LiquidArguments, siteValue: (String) -> String? = { _ in nil }) -> String? {
        let source = text.replacingOccurrences(of: "\\{%-?\\s*comment\\s*-?%\\}[\\s\\S]*?\\{%-?\\s*endcomment\\s*-?%\\}",
                                               with: "", options: .regularExpression)
        // Raw text that Markdown would read differently outside an HTML block, or that kramdown parses as Markdown.
        for unsafe in ["<pre", "<textarea", "<script", "<style", "markdown=", "{:"] where source.contains(unsafe) { return nil }
        var out = ""
        // One entry per open `if`/`unless`: whether its current branch is shown.
        var shown: [(parent: Bool, taken: Bool, now: Bool)] = []
        var visible: Bool { shown.last?.now ?? true }
        var rest = Substring(source)
        while let open = rest.firstRange(of: /\{[%{]/) {
            if visible { out += rest[..<open.lowerBound] }
            let isTag = rest[open].hasSuffix("%")
            guard let close = rest[open.upperBound...].range(of: isTag ? "%}" : "}}") else { return nil }
            let inner = LiquidBody.trimmed(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            if !isTag {
                guard let value = output(inner, arguments, siteValue: siteValue) else { return nil }
                if visible { out += value }
                continue
            }
            let words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            switch words.first ?? "" {
            case "if", "unless":
                guard words.count == 2, let value = variable(words[1], arguments) else { return nil }
                var truth = if case .text = value { true } else { false }
                if words[0] == "unless" { truth.toggle() }
                shown.append((parent: visible, taken: truth, now: visible && truth))
            case "else":
                guard words.count == 1, let top = shown.popLast() else { return nil }
                shown.append((parent: top.parent, taken: true, now: top.parent && !top.taken))
            case "endif", "endunless":
                guard words.count == 1, shown.popLast() != nil else { return nil }
            default:
                return nil
            }
        }
        guard shown.isEmpty else { return nil }
        out += rest
        out = out.trimmingCharacters(in: .whitespacesAndNewlines)
        // Jekyll's kramdown reads an HTML element to its end, across blank lines; CommonMark ends an
        // HTML block at the first blank line (a comment's at its `-->`), and reads a line indented by
        // four spaces after it as code. So in HTML the blank lines and the indentation go (HTML does
        // not show them; <pre> is never pasted); in Markdown they stay.
        guard out.hasPrefix("<") else { return out }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// `{{ include.x | escape }}`, `{{ site.baseurl }}`, `{{ "/a/" | relative_url }}`.
    private static func output(_ expression: String, _ arguments: LiquidArguments, siteValue: (String) -> String?) -> String? {
        let parts = expression.split(separator: "|").map { LiquidBody.trimmed($0) }
        guard let head = parts.first else { return nil }
        var value: String
        if ["site.baseurl", "site.url"].contains(head) {
            value = ""
        } else if head.hasPrefix("site."), let known = siteValue(head) {
            value = known
        } else if head.count >= 2, let quote = head.first, quote == "\"" || quote == "'", head.last == quote {
            value = String(head.dropFirst().dropLast())
        } else if let variable = variable(head, arguments) {
            value = if case .text(let text) = variable { text } else { "" }
        } else {
            return nil
        }
        var absent = value.isEmpty && !head.hasPrefix("\"") && !head.hasPrefix("'")
        for filter in parts.dropFirst() {
            let name = LiquidBody.trimmed(filter.prefix { $0 != ":" })
            let argument = filter.firstIndex(of: ":").map { LiquidBody.trimmed(filter[filter.index(after: $0)...]) }
            switch name {
            case "escape", "xml_escape":
                value = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                    .replacingOccurrences(of: "'", with: "&#39;")
            case "strip":
                value = value.trimmingCharacters(in: .whitespacesAndNewlines)
            case "markdownify":
                value = MarkdownRenderer.render(value).html.trimmingCharacters(in: .newlines)
            case "relative_url", "absolute_url":
                if !value.isEmpty, !value.hasPrefix("/"), !value.contains("://") { value = "/" + value }
            case "default":
                guard let argument, argument.count >= 2, let quote = argument.first, quote == "\"" || quote == "'",
                      argument.last == quote else { return nil }
                if absent || value.isEmpty { value = String(argument.dropFirst().dropLast()) }
                absent = false
            default:
                return nil
            }
        }
        return value
    }

    /// `include.NAME`: the argument's text, or absent when not given (or given as `false`/`nil`);
    /// nil when the name is any other variable, or the argument is one.
    private static func variable(_ name: String, _ arguments: LiquidArguments) -> Value? {
        guard name.hasPrefix("include."), !name.contains("[") else { return nil }
        let key = String(name.dropFirst("include.".count))
        guard !key.isEmpty, !key.contains("."), let value = arguments[key] else { return key.isEmpty ? nil : .absent }
        if arguments.variables.contains(key) {
            switch value {
            case "false", "nil", "null": return .absent
            case "true": return .text("true")
            default: return nil
            }
        }
        return .text(value)
    }
}
