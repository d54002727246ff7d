import Foundation

/// What a site's own shortcode makes, read from its template
/// (`layouts/shortcodes/NAME.html`, or a theme's): code in a code block, an
/// image from its parameters, plain HTML around its inner content, or
/// something an importer cannot redo (resources, loops, file reads), which is
/// left as written and listed.
enum HugoShortcodeTemplate: Equatable {
    /// Wraps `.Inner` in a highlighted block: fenced code, the language from the
    /// call's first argument (or `lang`).
    case code
    /// Shows the image named by the parameter `source` (`image`, `src` …), with
    /// `alt` and a caption from `caption`/`title` or the inner content. `fromAssets`: the
    /// template takes the file from Hugo's `assets/` (`resources.Get`), which Hugo publishes
    /// at the file's path there (`images/a.png` → `/images/a.png`).
    case image(source: String, fromAssets: Bool = false)
    /// Nothing but HTML around `{{ .Inner }}` (or no `.Inner` at all): the HTML itself.
    case html(before: String, after: String)
    /// HTML with the call's parameters in it, and parts shown only when one is given.
    case parameterised(HugoShortcodeHTML)
    case other

    /// Every shortcode template of the site: its own `layouts/shortcodes/`
    /// (and Hugo 0.146's `layouts/_shortcodes/`) first, then each theme's, by name.
    static func read(_ root: URL) -> [String: HugoShortcodeTemplate] {
        let fm = FileManager.default
        var folders = ["layouts/shortcodes", "layouts/_shortcodes"]
        let themes = ((try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("themes").path)) ?? []).sorted()
        for theme in themes where !theme.hasPrefix(".") {
            folders += ["themes/\(theme)/layouts/shortcodes", "themes/\(theme)/layouts/_shortcodes"]
        }
        var out: [String: HugoShortcodeTemplate] = [:]
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            for file in ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() where file.hasSuffix(".html") {
                // `name.html`, or `name.en.html` for one language: the name is the part before the first dot.
                let name = String(file.split(separator: ".").first ?? "")
                guard !name.isEmpty, out[name] == nil,
                      let text = try? String(contentsOf: url.appendingPathComponent(file), encoding: .utf8) else { continue }
                out[name] = classify(text)
            }
        }
        return out
    }

    static func classify(_ template: String) -> HugoShortcodeTemplate {
        let text = withoutComments(template)
        let actions = Self.actions(in: text)
        let usesInner = actions.contains { $0.contains(".Inner") }
        if usesInner, text.contains("<pre") || text.contains("transform.Highlight")
            || actions.contains(where: { $0.range(of: #"(^|[\s(|])highlight\s"#, options: .regularExpression) != nil }) {
            return .code
        }
        if text.contains("<img") {
            for key in ["src", "image", "img", "file", "path", "url"] {
                let patterns = ["\\.Get\\s+\"\(key)\"", "\\.Params\\.\(key)\\b", "index\\s+\\.Params\\s+\"\(key)\""]
                if patterns.contains(where: { text.range(of: $0, options: .regularExpression) != nil }) { return .image(source: key, fromAssets: text.contains("resources.Get")) }
            }
        }
        // Plain HTML: every action is `.Inner` (at most once) or a no-op such as `{{- "" -}}`.
        let inner = actions.filter { $0.replacingOccurrences(of: " ", with: "") == ".Inner" }
        let noOps = actions.filter { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")).isEmpty }
        // HTML that points at an element of the old theme's page (an icon sprite's `#icon-x`) needs that page.
        let defined = Set(Self.matches(#"\bid\s*=\s*["']([^"']+)["']"#, in: text))
        if Self.matches(#"href\s*=\s*["']#([^"']+)["']"#, in: text).contains(where: { !defined.contains($0) }) { return .other }
        guard inner.count + noOps.count == actions.count, inner.count <= 1 else {
            return HugoShortcodeHTML.read(text).map(HugoShortcodeTemplate.parameterised) ?? .other
        }
        var html = ""
        var parts: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            html += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let action = rest[open.upperBound..<close.lowerBound]
            // A `-` at either end trims the white space on that side, as Go templates do.
            if action.hasPrefix("-") { while html.last?.isWhitespace == true { html.removeLast() } }
            rest = rest[close.upperBound...]
            if action.hasSuffix("-") { rest = rest.drop { $0.isWhitespace } }
            if action.contains(".Inner") { parts.append(html); html = "" }
        }
        html += rest
        parts.append(html)
        // Blank lines would end an HTML block in Markdown, and the rest would read as Markdown.
        let cleaned = parts.map { part in
            part.split(separator: "\n", omittingEmptySubsequences: true)
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: "\n")
        }
        return .html(before: cleaned[0], after: cleaned.count > 1 ? cleaned[1] : "")
    }

    /// The first capture group of each match of `pattern` in `text`.
    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }

    /// The template's actions (`{{ … }}`), without their delimiters and trim marks.
    static func actions(in text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            out.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: "- \n\t")))
            rest = rest[close.upperBound...]
        }
        return out
    }

    /// The template without `{{/* … */}}` and `<!-- … -->` comments.
    static func withoutComments(_ text: String) -> String {
        var out = text
        for pattern in [#"\{\{-?\s*/\*[\s\S]*?\*/\s*-?\}\}"#, #"<!--[\s\S]*?-->"#] {
            out = out.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return out
    }
}
