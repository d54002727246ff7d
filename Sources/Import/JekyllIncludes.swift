import Foundation

/// Includes under `_includes/` that only show an image (`image.html`,
/// `figure.html` with `src`, `alt` and `caption` parameters), rendered into a
/// Markdown image or a `<figure>`; any other include is theme code the import leaves.
struct JekyllIncludes {
    var folder: URL
    private var templates: [String: Template?] = [:]

    /// What an image include is made of: its `<img>`'s `src` and `alt` and whether it has a caption.
    struct Template {
        var src: String
        var alt: String
        var caption: String?
    }

    init(root: URL) { folder = root.appendingPathComponent("_includes") }

    /// `{% include NAME arguments %}` as Markdown, when NAME only shows an image and every value it needs is known.
    mutating func render(_ name: String, _ arguments: LiquidArguments) -> String? {
        guard !name.isEmpty, !name.contains(".."), !name.contains("{") else { return nil }
        if templates[name] == nil { templates[name] = Self.template(folder.appendingPathComponent(name)) }
        guard let template = templates[name] ?? nil, arguments.variables.isEmpty else { return nil }
        guard let src = Self.fill(template.src, arguments), !src.isEmpty, let alt = Self.fill(template.alt, arguments) else { return nil }
        if let captionTemplate = template.caption, let caption = Self.fill(captionTemplate, arguments), !caption.isEmpty {
            return "<figure><img src=\"\(LiquidBody.escape(src))\" alt=\"\(LiquidBody.escape(alt))\"><figcaption>\(caption)</figcaption></figure>"
        }
        return "![\(alt.replacingOccurrences(of: "]", with: "\\]"))](\(src.replacingOccurrences(of: " ", with: "%20")))"
    }

    /// The include's image, when the file holds nothing but an image (in a
    /// figure, link, div or paragraph), its caption, and `{% if %}`s around them.
    static func template(_ file: URL) -> Template? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        var rest = text.replacingOccurrences(of: "\\{%-?\\s*comment\\s*-?%\\}[\\s\\S]*?\\{%-?\\s*endcomment\\s*-?%\\}", with: "", options: .regularExpression)
        let tags = matches("\\{%-?\\s*(\\w+)", in: rest)
        guard tags.allSatisfy({ ["if", "endif", "unless", "endunless", "else", "elsif"].contains($0) }) else { return nil }
        rest = rest.replacingOccurrences(of: "\\{%[\\s\\S]*?%\\}", with: "", options: .regularExpression)
        guard let img = rest.range(of: "<img\\b[^>]*>", options: .regularExpression) else { return nil }
        let imgTag = String(rest[img])
        guard let src = attribute("src", in: imgTag) else { return nil }
        let alt = attribute("alt", in: imgTag) ?? ""
        var caption: String?
        if let figcaption = rest.range(of: "<figcaption[^>]*>[\\s\\S]*?</figcaption>", options: .regularExpression) {
            caption = String(rest[figcaption]).replacingOccurrences(of: "</?figcaption[^>]*>", with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Nothing but the allowed wrappers and outputs may be left.
        let left = rest.replacingOccurrences(of: "<figcaption[^>]*>[\\s\\S]*?</figcaption>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "</?(figure|img|a|div|p|span|br|picture|center)\\b[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\{\\{[\\s\\S]*?\\}\\}", with: "", options: .regularExpression)
        guard left.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return Template(src: src, alt: alt, caption: caption)
    }

    /// A template's `{{ include.x }}`, `{{ site.baseurl }}` filled; nil when it names anything else.
    static func fill(_ template: String, _ arguments: LiquidArguments) -> String? {
        var out = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { return nil }
            let expression = rest[open.upperBound..<close.lowerBound].split(separator: "|").map { LiquidBody.trimmed($0) }
            rest = rest[close.upperBound...]
            let filters = expression.dropFirst().map { $0.split(separator: ":").first.map { LiquidBody.trimmed($0) } ?? "" }
            guard filters.allSatisfy({ ["relative_url", "absolute_url", "escape", "markdownify", "strip", "default"].contains($0) }) else { return nil }
            let head = expression.first ?? ""
            if ["site.baseurl", "site.url"].contains(head) { continue }
            guard head.hasPrefix("include.") else { return nil }
            var value = arguments[String(head.dropFirst("include.".count))] ?? ""
            if filters.contains("relative_url") || filters.contains("absolute_url"), !value.isEmpty, !value.hasPrefix("/"), !value.contains("://") {
                value = "/" + value
            }
            out += value
        }
        out += rest
        while out.contains("//") && !out.contains("://") { out = out.replacingOccurrences(of: "//", with: "/") }
        return out
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let match = tag.range(of: "\\b\(name)\\s*=\\s*(\"[^\"]*\"|'[^']*')", options: .regularExpression) else { return nil }
        let value = tag[match].drop { $0 != "\"" && $0 != "'" }
        return String(value.dropFirst().dropLast())
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }
}
