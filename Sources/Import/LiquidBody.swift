/// Translates the Liquid in a Jekyll post or page body into what blogbuild
/// reads: `{% highlight %}` blocks into fenced code, `{% raw %}` into its text,
/// `{{ site.baseurl }}` and the `relative_url`/`absolute_url` filters into site
/// paths, `{% post_url %}` and `{% link %}` into the target's new URL,
/// jekyll-assets' `{% asset %}` into the file's URL or an image, an include
/// that only shows an image into a Markdown image or a figure, an include of
/// plain HTML with parameters into its HTML, and `{{ site.NAME }}` into the value
/// written in `_config.yml` or `_data/`. Anything else (other includes, loops,
/// variables) is left in place and listed.
struct LiquidBody {
    /// The file, relative to the old site (for the report).
    var source: String
    /// 1-based line in `source` where the body starts.
    var bodyLine: Int
    /// The new URL of a `{% post_url NAME %}` or `{% link PATH %}` target.
    var link: (_ tag: String, _ target: String) -> String?
    /// The new URL of a jekyll-assets file (`name.png`, `articles/x.css`), nil when no such file is found.
    var asset: (_ name: String) -> String? = { _ in nil }
    /// What `{% include NAME args %}` shows, when it only shows an image (`![alt](src)` or a `<figure>`).
    var include: (_ name: String, _ arguments: LiquidArguments) -> String? = { _, _ in nil }
    /// The HTML `{% include NAME args %}` pastes in, when the include is plain HTML with parameters.
    var htmlInclude: (_ name: String, _ arguments: LiquidArguments) -> String? = { _, _ in nil }
    /// `site.NAME` or `site.data.FILE.KEY` as written in `_config.yml` or `_data/`, when it is a plain value.
    var siteValue: (_ expression: String) -> String? = { _ in nil }

    func translate(_ body: String, report: inout ImportReport) -> String {
        var out = ""
        out.reserveCapacity(body.utf8.count)
        var rest = Substring(body)
        var line = bodyLine
        func advance(_ text: Substring) { line += text.utf8.count { $0 == 10 } }

        while let open = Self.nextOpening(in: rest) {
            let before = rest[..<open]
            out += before
            advance(before)
            rest = rest[open...]
            let isTag = rest.hasPrefix("{%")
            guard let close = rest.range(of: isTag ? "%}" : "}}") else { break }
            let whole = rest[..<close.upperBound]
            let inner = Self.trimmed(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
            rest = rest[close.upperBound...]
            let startLine = line
            advance(whole)

            if !isTag {
                if let value = output(inner) {
                    out += value.text
                    report.count(value.kind)
                } else {
                    out += whole
                    report.leave(source, line: startLine, String(whole), "Liquid output left as written; blogbuild has no Liquid")
                }
                continue
            }
            let words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            let name = words.first ?? ""
            let arguments = LiquidArguments(String(inner.dropFirst(name.count)))
            switch name {
            case "asset":
                guard let file = arguments.words.first, let url = asset(file) else {
                    out += whole
                    report.leave(source, line: startLine, String(whole), "jekyll-assets file not found under _assets/ or assets/; left as written")
                    continue
                }
                // In a link's parentheses (`![x]({% asset x.png %})`) only the URL makes sense.
                if arguments.words.contains("@path") || out.hasSuffix("](") {
                    out += url
                    report.count("{% asset X @path %} → the file's URL")
                } else if let element = Self.assetElement(url, arguments, alone: Self.isAlone(out, rest)) {
                    out += element
                    report.count("{% asset X %} → an image or element")
                    if element.hasPrefix("![]") || element.contains(" alt=\"\"") {
                        report.leave(source, line: startLine, String(whole), "an image without alt text (jekyll-assets wrote none either); describe it")
                    }
                } else {
                    out += url
                    report.count("{% asset X @path %} → the file's URL")
                }
            case "include" where include(arguments.words.first ?? "", arguments) != nil:
                var shown = include(arguments.words.first ?? "", arguments) ?? ""
                if !Self.isAlone(out, rest), shown.hasPrefix("<figure") == false { shown = Self.imgTag(shown) ?? shown }
                out += shown
                report.count("{% include %} of an image → a Markdown image or figure")
            case "include" where htmlInclude(arguments.words.first ?? "", arguments) != nil:
                let html = htmlInclude(arguments.words.first ?? "", arguments) ?? ""
                out += Self.pasted(html, before: out, after: rest)
                report.count("{% include %} of plain HTML → its HTML")
            case "raw":
                guard let end = Self.closing("endraw", in: rest) else { out += whole; continue }
                let text = rest[..<end.lowerBound]
                out += text
                advance(rest[..<end.upperBound])
                rest = rest[end.upperBound...]
                report.count("{% raw %} → its text")
            case "comment":
                // Jekyll writes nothing of a comment.
                guard let end = Self.closing("endcomment", in: rest) else { out += whole; continue }
                advance(rest[..<end.upperBound])
                rest = rest[end.upperBound...]
                report.count("{% comment %} → removed (Jekyll writes nothing of it)")
            case "highlight":
                guard let end = Self.closing("endhighlight", in: rest) else {
                    out += whole
                    report.leave(source, line: startLine, String(whole), "no {% endhighlight %}; left as written")
                    continue
                }
                var code = rest[..<end.lowerBound]
                advance(rest[..<end.upperBound])
                rest = rest[end.upperBound...]
                while code.first == "\n" { code = code.dropFirst() }
                while code.last == "\n" || code.last == " " { code = code.dropLast() }
                let language = words.count > 1 ? words[1] : ""
                // blogbuild's fences take options in braces: `swift {linenos}`.
                let numbered = words.dropFirst(2).contains { $0.hasPrefix("linenos") }
                if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
                let fence = code.contains("```") ? "~~~~" : "```"
                out += fence + language + (numbered ? " {linenos}" : "") + "\n" + code + "\n" + fence
                if !rest.isEmpty && !rest.hasPrefix("\n") { out += "\n" }
                report.count(numbered ? "{% highlight linenos %} → fenced code {linenos}" : "{% highlight %} → fenced code")
            case "post_url", "link":
                let target = words.dropFirst().joined(separator: " ")
                if let url = link(name, target) {
                    out += url
                    report.count("{% \(name) %} → the new URL")
                } else {
                    out += whole
                    report.leave(source, line: startLine, String(whole), "no imported file matches '\(target)'; left as written")
                }
            default:
                out += whole
                let note = name == "include"
                    ? "includes are theme code; write what it shows into the post, or a template partial"
                    : "Liquid tag left as written; blogbuild has no Liquid"
                report.leave(source, line: startLine, String(whole), note)
            }
        }
        out += rest
        return out
    }

    /// `{{ site.baseurl }}` → "", `{{ "/x/" | relative_url }}` → `/x/`.
    private func output(_ expression: String) -> (text: String, kind: String)? {
        let parts = expression.split(separator: "|").map { Self.trimmed($0) }
        guard let head = parts.first else { return nil }
        let filters = parts.dropFirst().map { $0.split(separator: ":").first.map { Self.trimmed($0) } ?? "" }
        if ["site.url", "site.baseurl", "site.github.url"].contains(head), filters.allSatisfy({ $0 == "relative_url" || $0 == "absolute_url" }) {
            return ("", "{{ site.url }}/{{ site.baseurl }} → nothing (links are site paths)")
        }
        if head.hasPrefix("site."), filters.isEmpty, let value = siteValue(head) {
            return (value, "{{ site.NAME }}, {{ site.data.FILE.KEY }} → its value in _config.yml or _data/")
        }
        guard head.count >= 2, let quote = head.first, quote == "\"" || quote == "'", head.last == quote,
              filters.count == 1, filters[0] == "relative_url" || filters[0] == "absolute_url" else { return nil }
        var path = String(head.dropFirst().dropLast())
        if !path.hasPrefix("/") && !path.contains("://") { path = "/" + path }
        return (path, "| \(filters[0]) → a site path")
    }

    /// Whether a tag stands alone on a line of Markdown (not inside an HTML block),
    /// where a Markdown image is read as one.
    static func isAlone(_ before: String, _ after: Substring) -> Bool {
        guard before.isEmpty || before.hasSuffix("\n"), after.isEmpty || after.hasPrefix("\n") || after.hasPrefix("\r") else { return false }
        let previous = before.dropLast().split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        return !previous.trimmingCharacters(in: .whitespaces).hasPrefix("<")
    }

    /// An include's HTML where the tag was: alone on its line, an HTML block with a
    /// blank line on each side (CommonMark starts and ends one there); within a line, on one line.
    /// An include of Markdown is pasted as it is, as Jekyll does.
    static func pasted(_ html: String, before: String, after: Substring) -> String {
        guard html.hasPrefix("<") else { return html }
        guard isAlone(before, after) else {
            return html.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        let lead = before.isEmpty || before.hasSuffix("\n\n") ? "" : "\n"
        let trail = after.isEmpty || after.hasPrefix("\n\n") || after.hasPrefix("\r\n\r\n") ? "" : "\n"
        return lead + html + trail
    }

    /// What jekyll-assets writes for a file: an image (Markdown when it stands
    /// alone with at most an alt), a stylesheet link, a script, a video.
    static func assetElement(_ url: String, _ arguments: LiquidArguments, alone: Bool) -> String? {
        let ext = (url.split(separator: "/").last.flatMap { $0.split(separator: ".").count > 1 ? $0.split(separator: ".").last : nil } ?? "").lowercased()
        var attributes = arguments.pairs.filter { $0.key != "src" && $0.key != "href" }
        let flags = arguments.words.dropFirst().filter { !$0.hasPrefix("@") }
        switch ext {
        case "png", "jpg", "jpeg", "gif", "svg", "webp", "tif", "tiff", "bmp", "ico", "avif", "heic":
            let alt = arguments["alt"] ?? ""
            attributes.removeAll { $0.key == "alt" }
            if alone && attributes.isEmpty && flags.isEmpty {
                return "![\(alt.replacingOccurrences(of: "]", with: "\\]"))](\(url))"
            }
            return "<img src=\"\(escape(url))\" alt=\"\(escape(alt))\"" + html(attributes, flags) + ">"
        case "css": return "<link rel=\"stylesheet\" href=\"\(escape(url))\"" + html(attributes, flags) + ">"
        case "js": return "<script src=\"\(escape(url))\"" + html(attributes, flags) + "></script>"
        case "mp4", "m4v", "mov", "webm": return "<video src=\"\(escape(url))\"" + html(attributes, flags) + " controls></video>"
        default: return nil
        }
    }

    /// `![alt](src)` as an `<img>`, for a place where Markdown is not read.
    static func imgTag(_ markdown: String) -> String? {
        guard markdown.hasPrefix("!["), let middle = markdown.range(of: "]("), markdown.hasSuffix(")") else { return nil }
        let alt = markdown[markdown.index(markdown.startIndex, offsetBy: 2)..<middle.lowerBound].replacingOccurrences(of: "\\]", with: "]")
        let src = markdown[middle.upperBound..<markdown.index(before: markdown.endIndex)]
        return "<img src=\"\(escape(String(src)))\" alt=\"\(escape(alt))\">"
    }

    private static func html(_ attributes: [(key: String, value: String)], _ flags: [String]) -> String {
        attributes.map { " \($0.key)=\"\(escape($0.value))\"" }.joined() + flags.map { " " + $0 }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// Where the next `{%` or `{{` starts.
    private static func nextOpening(in text: Substring) -> Substring.Index? {
        var i = text.startIndex
        while let brace = text[i...].firstIndex(of: "{") {
            let next = text.index(after: brace)
            if next < text.endIndex, text[next] == "%" || text[next] == "{" { return brace }
            i = next
        }
        return nil
    }

    /// The range of `{% NAME %}` (with any blanks and `-` inside) in `text`.
    private static func closing(_ name: String, in text: Substring) -> Range<Substring.Index>? {
        var from = text.startIndex
        while let open = text[from...].range(of: "{%") {
            guard let close = text[open.upperBound...].range(of: "%}") else { return nil }
            if trimmed(text[open.upperBound..<close.lowerBound]) == name { return open.lowerBound..<close.upperBound }
            from = close.upperBound
        }
        return nil
    }

    /// Blanks and Liquid's whitespace-control `-` off both ends.
    static func trimmed<S: StringProtocol>(_ s: S) -> String {
        var t = Substring(s)
        while let c = t.first, c == " " || c == "\t" || c == "\n" || c == "-" { t = t.dropFirst() }
        while let c = t.last, c == " " || c == "\t" || c == "\n" || c == "-" { t = t.dropLast() }
        return String(t)
    }
}
