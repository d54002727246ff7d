import Foundation

/// Translates Hugo shortcodes in a body into HTML or Markdown that does the
/// same: `youtube` and `vimeo` as privacy-friendly iframes (no script, no
/// tracking cookies), `gist` as a link (a gist embed is a script), `figure` as
/// `<figure>`, `highlight` as fenced code, `ref`/`relref` as the target's new
/// URL. Anything else is left in place and listed.
struct HugoShortcodes {
    var source: String
    var bodyLine: Int
    /// The new URL of a `ref`/`relref` target, as written in the shortcode.
    var reference: (String) -> String?
    /// The site's own shortcodes, by name, as read from their templates.
    var templates: [String: HugoShortcodeTemplate] = [:]

    struct Call {
        var name: String
        var positional: [String] = []
        var named: [String: String] = [:]
        var closing = false
        /// `{{< name />}}`: no inner content and no closing tag.
        var selfClosing = false
    }

    func translate(_ body: String, report: inout ImportReport) -> String {
        var out = ""
        var rest = Substring(body)
        var line = bodyLine
        func advance(_ text: Substring) { line += text.utf8.count { $0 == 10 } }

        while let tag = Self.nextTag(in: rest) {
            let before = rest[..<tag.range.lowerBound]
            out += before
            advance(before)
            let whole = rest[tag.range]
            let startLine = line
            advance(whole)
            rest = rest[tag.range.upperBound...]
            // `{{</* x */>}}` is Hugo's way of writing a shortcode as text: it shows `{{< x >}}`.
            if tag.text.hasPrefix("/*"), tag.text.hasSuffix("*/") {
                var shown = String(whole)
                if let a = shown.range(of: "/*") { shown.removeSubrange(a) }
                if let b = shown.range(of: "*/", options: .backwards) { shown.removeSubrange(b) }
                // Outside code the text would read as a shortcode left over; as code it shows the same.
                out += Self.insideCode(out) ? shown : Self.codeSpan(shown)
                report.count("escaped shortcode → its text")
                continue
            }
            let call = Self.parse(tag.text)
            /// The inner content up to the matching closing tag, which is then consumed.
            func inner() -> (text: Substring, line: Int)? {
                guard !call.selfClosing, let end = Self.closing(call.name, in: rest) else { return nil }
                let text = rest[..<end.lowerBound], innerLine = line
                advance(rest[..<end.upperBound])
                rest = rest[end.upperBound...]
                return (text, innerLine)
            }
            func fenced(_ code: Substring, language: String, options: String) {
                var code = code
                while code.first == "\n" || code.first == "\r" { code = code.dropFirst() }
                while code.last == "\n" || code.last == "\r" || code.last == " " { code = code.dropLast() }
                if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
                out += "```" + language + Self.fenceOptions(options) + "\n" + code + "\n```"
                if !rest.isEmpty && !rest.hasPrefix("\n") { out += "\n" }
            }
            /// Inner content translated the same way, at its own lines.
            func translated(_ part: (text: Substring, line: Int)) -> String {
                HugoShortcodes(source: source, bodyLine: part.line, reference: reference, templates: templates)
                    .translate(String(part.text), report: &report)
            }
            var done = true
            // A site's own shortcode of a built-in's name replaces it, as in Hugo (older built-ins only).
            let ownTemplate = templates[call.name] != nil && ["tweet", "x", "twitter", "instagram"].contains(call.name)
            translate: switch ownTemplate ? "" : call.name {
            case "youtube":
                guard let id = call.named["id"] ?? call.positional.first else { done = false; break translate }
                out += "<iframe src=\"https://www.youtube-nocookie.com/embed/\(Self.attribute(id))\" title=\"\(Self.attribute(call.named["title"] ?? "YouTube video"))\" loading=\"lazy\" allowfullscreen style=\"border:0;width:100%;aspect-ratio:16/9\"></iframe>"
                report.count("{{< youtube >}} → iframe (youtube-nocookie, no script)")
            case "vimeo":
                guard let id = call.named["id"] ?? call.positional.first else { done = false; break translate }
                out += "<iframe src=\"https://player.vimeo.com/video/\(Self.attribute(id))?dnt=1\" title=\"\(Self.attribute(call.named["title"] ?? "Vimeo video"))\" loading=\"lazy\" allowfullscreen style=\"border:0;width:100%;aspect-ratio:16/9\"></iframe>"
                report.count("{{< vimeo >}} → iframe (do-not-track, no script)")
            case "gist":
                guard call.positional.count >= 2 else { done = false; break translate }
                let user = call.positional[0], id = call.positional[1]
                let file = call.positional.count > 2 ? call.positional[2] : nil
                let label = file.map { "\(user)/\(id): \($0)" } ?? "\(user)/\(id)"
                out += "[View the gist \(label) on GitHub](https://gist.github.com/\(user)/\(id))"
                report.count("{{< gist >}} → a link (a gist embed is a script)")
            case "figure":
                guard let src = call.named["src"] else { done = false; break translate }
                let caption = [call.named["title"], call.named["caption"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
                out += Self.figure(src: src, alt: call.named["alt"], link: call.named["link"], caption: caption)
                if call.named["alt"] == nil { report.leave(source, line: startLine, String(whole), "figure has no alt text; add one") }
                report.count("{{< figure >}} → <figure>")
            case "highlight":
                guard !call.closing, let code = inner() else { done = false; break translate }
                // `"linenos=table"` in quotes reads as a named argument; both spellings mean the same.
                fenced(code.text, language: call.positional.first ?? "", options: Self.options(of: call))
                report.count("{{< highlight >}} → fenced code")
            case "tweet", "x", "twitter":
                // Hugo's embed is X's script; a link to the post shows the same without it.
                guard let id = call.named["id"] ?? call.positional.last, id.allSatisfy(\.isNumber) else { done = false; break translate }
                let user = call.named["user"] ?? (call.positional.count > 1 ? call.positional[0] : nil)
                let url = "https://twitter.com/\(user ?? "i")/status/\(id)"
                out += "<blockquote class=\"tweet\"><p><a href=\"\(url)\">" + (user.map { "A post by @\(Self.attribute($0))" } ?? "A post on X") + "</a></p></blockquote>"
                report.count("{{< tweet >}} → a link to the post (an embed is a script)")
            case "instagram":
                guard let id = call.named["id"] ?? call.positional.first else { done = false; break translate }
                out += "<blockquote class=\"instagram\"><p><a href=\"https://www.instagram.com/p/\(Self.attribute(id))/\">A post on Instagram</a></p></blockquote>"
                report.count("{{< instagram >}} → a link to the post (an embed is a script)")
            case "ref", "relref":
                guard let target = call.positional.first ?? call.named["path"], let url = reference(target) else { done = false; break translate }
                out += url
                report.count("{{< \(call.name) >}} → the new URL")
            default:
                guard !call.closing, let template = templates[call.name] else { done = false; break translate }
                switch template {
                case .code:
                    guard let code = inner() else { done = false; break translate }
                    let language = call.named["lang"] ?? call.named["language"] ?? call.positional.first ?? ""
                    fenced(code.text, language: language, options: Self.options(of: call))
                    report.count("the site's own code shortcodes → fenced code")
                case .image(let key, let fromAssets):
                    guard var src = call.named[key] ?? call.positional.first else { done = false; break translate }
                    if fromAssets, RelativeURLs.isRelative(src) { src = "/" + src }
                    let content = call.selfClosing ? nil : inner()
                    let caption = call.named["caption"] ?? call.named["title"]
                        ?? content.map(translated)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    out += Self.figure(src: src, alt: call.named["alt"], link: nil, caption: caption)
                    if call.named["alt"] == nil { report.leave(source, line: startLine, String(whole), "the image has no alt text; add one") }
                    report.count("the site's own image shortcodes → <figure>")
                case .html, .parameterised:
                    var (before, after) = ("", "")
                    if case .html(let b, let a) = template { (before, after) = (b, a) }
                    if case .parameterised(let html) = template {
                        (before, after) = html.render(named: call.named, positional: call.positional)
                    }
                    let content = call.selfClosing ? nil : inner()
                    // `{{% x %}}` content is Markdown: blank lines around it keep Markdown from reading it as HTML.
                    let gap = tag.delimiter == "%" && content != nil ? "\n\n" : ""
                    out += before + gap + (content.map(translated)?.trimmingCharacters(in: gap.isEmpty ? [] : .newlines) ?? "") + gap + after
                    report.count("the site's own HTML shortcodes → their HTML")
                case .other:
                    done = false
                }
            }
            if !done {
                out += whole
                report.leave(source, line: startLine, String(whole), call.name == "ref" || call.name == "relref"
                             ? "no imported page matches its target; left as written"
                             : "shortcode left as written; blogbuild has no shortcodes (write the HTML it makes)")
            }
        }
        out += rest
        return out
    }

    /// One shortcode tag: `{{< name args >}}`, `{{% name %}}`, `{{</highlight>}}`,
    /// with any white space (newlines too) inside the delimiters.
    struct Tag {
        var range: Range<Substring.Index>
        /// What is between the delimiters, trimmed: `/ highlight`, `/* x */`.
        var text: String
        /// `%` for `{{% x %}}`, whose inner content Hugo renders as Markdown; `<` for `{{< x >}}`.
        var delimiter: Character = "<"
    }

    /// The next shortcode tag in `text`, or nil when there is none (or it never closes).
    static func nextTag(in text: Substring) -> Tag? {
        var from = text.startIndex
        while let open = text[from...].range(of: "{{") {
            let after = text[open.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard let delimiter = after.first, delimiter == "<" || delimiter == "%" else {
                from = open.upperBound
                continue
            }
            let body = after.dropFirst()
            // A commented-out tag closes after its `*/`, which may hold the other delimiter.
            let search = body.drop { $0.isWhitespace }.hasPrefix("/*") ? body.range(of: "*/").map { body[$0.upperBound...] } ?? body : body
            guard let close = search.range(of: delimiter == "<" ? ">}}" : "%}}") else { return nil }
            let text = body[..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            return Tag(range: open.lowerBound..<close.upperBound, text: text, delimiter: delimiter)
        }
        return nil
    }

    /// Where the closing tag of `name` that matches an opening one just read is, in `text`
    /// (same-named shortcodes nested inside are skipped).
    static func closing(_ name: String, in text: Substring) -> Range<Substring.Index>? {
        var depth = 1
        var rest = text
        while let tag = nextTag(in: rest) {
            rest = text[tag.range.upperBound...]
            guard !tag.text.hasPrefix("/*") else { continue }
            let call = parse(tag.text)
            guard call.name == name else { continue }
            if call.closing { depth -= 1 } else if !call.selfClosing { depth += 1 }
            if depth == 0 { return tag.range }
        }
        return nil
    }

    /// Whether the end of `text` is inside a fenced code block or a code span.
    static func insideCode(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var fence: Substring?
        for line in lines.dropLast() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
            }
        }
        return fence != nil || (lines.last ?? "").count { $0 == "`" } % 2 == 1
    }

    /// `text` as inline code, with enough backticks around it.
    static func codeSpan(_ text: String) -> String {
        let ticks = text.contains("`") ? "``" : "`"
        return ticks + (ticks.count > 1 ? " " + text + " " : text) + ticks
    }

    /// `<figure><img …><figcaption>…</figcaption></figure>`; no `alt` when none was written,
    /// so `check` asks for one.
    static func figure(src: String, alt: String?, link: String?, caption: String) -> String {
        var img = "<img src=\"\(attribute(src))\"" + (alt.map { " alt=\"\(attribute($0))\"" } ?? "") + ">"
        if let link { img = "<a href=\"\(attribute(link))\">\(img)</a>" }
        return "<figure>" + img + (caption.isEmpty ? "" : "<figcaption>" + caption + "</figcaption>") + "</figure>"
    }

    /// `youtube w7Ft2ymGmfc` or `figure src="a.png" alt="x"` or `/highlight`.
    static func parse(_ text: String) -> Call {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var call = Call(name: "")
        if text.hasPrefix("/") { call.closing = true; text = text.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines) }
        if text.hasSuffix("/") { call.selfClosing = true; text = text.dropLast().trimmingCharacters(in: .whitespacesAndNewlines) }
        var words: [String] = []
        var current = ""
        var quote: Character?
        var quoted = false
        for ch in text {
            if let q = quote {
                if ch == q { quote = nil } else { current.append(ch) }
            } else if ch == "\"" || ch == "`" {
                quote = ch
                quoted = true
            } else if ch == " " || ch == "\n" || ch == "\t" {
                if !current.isEmpty || quoted { words.append(current) }
                current = ""
                quoted = false
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty || quoted { words.append(current) }
        guard let name = words.first else { return call }
        call.name = name
        for word in words.dropFirst() {
            if let eq = word.firstIndex(of: "="), !word[..<eq].isEmpty, word[..<eq].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                call.named[String(word[..<eq])] = String(word[word.index(after: eq)...])
            } else {
                call.positional.append(word)
            }
        }
        return call
    }

    /// A highlighting call's options: its second argument, or its named ones (`"linenos=table"`
    /// in quotes reads as a named argument; both spellings mean the same).
    static func options(of call: Call) -> String {
        call.positional.count > 1 ? call.positional[1]
            : call.named.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// Hugo's `"linenos=table,hl_lines=3-5 8"` as blogbuild's fence options: ` {linenos, hl=3-5,8}`.
    static func fenceOptions(_ text: String) -> String {
        var options: [String] = []
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let key = pair.first else { continue }
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) : ""
            if key == "linenos", !["false", "none"].contains(value) { options.append("linenos") }
            if key == "hl_lines", !value.isEmpty {
                options.append("hl=" + value.split(separator: " ").joined(separator: ","))
            }
        }
        return options.isEmpty ? "" : " {" + options.joined(separator: ", ") + "}"
    }

    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
