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

    struct Call {
        var name: String
        var positional: [String] = []
        var named: [String: String] = [:]
        var closing = false
    }

    func translate(_ body: String, report: inout ImportReport) -> String {
        var out = ""
        var rest = Substring(body)
        var line = bodyLine
        func advance(_ text: Substring) { line += text.utf8.count { $0 == 10 } }

        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            out += before
            advance(before)
            rest = rest[open.lowerBound...]
            let after = rest.dropFirst(2).drop { $0 == " " }
            guard let delimiter = after.first, delimiter == "<" || delimiter == "%" else {
                out += "{{"
                rest = rest.dropFirst(2)
                continue
            }
            let closeMark = delimiter == "<" ? ">}}" : "%}}"
            guard let close = rest.range(of: closeMark) else { break }
            let whole = rest[..<close.upperBound]
            let startLine = line
            advance(whole)
            rest = rest[close.upperBound...]
            var inner = Substring(whole.dropFirst(2)).drop { $0 == " " }.dropFirst()
            inner = inner.dropLast(3)
            let text = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            // `{{</* x */>}}` is Hugo's way of writing a shortcode as text.
            if text.hasPrefix("/*"), text.hasSuffix("*/") {
                let shown = String(text.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces)
                out += "{{" + String(delimiter) + " " + shown + " " + String(delimiter) + "}}"
                report.count("escaped shortcode → its text")
                continue
            }
            let call = Self.parse(text)
            var done = true
            translate: switch call.name {
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
                var img = "<img src=\"\(Self.attribute(src))\" alt=\"\(Self.attribute(call.named["alt"] ?? ""))\">"
                if let link = call.named["link"] { img = "<a href=\"\(Self.attribute(link))\">\(img)</a>" }
                var figure = "<figure>" + img
                let caption = [call.named["title"], call.named["caption"]].compactMap { $0 }.filter { !$0.isEmpty }
                if !caption.isEmpty { figure += "<figcaption>" + caption.joined(separator: " ") + "</figcaption>" }
                out += figure + "</figure>"
                if call.named["alt"] == nil { report.leave(source, line: startLine, String(whole), "figure has no alt text; add one") }
                report.count("{{< figure >}} → <figure>")
            case "highlight":
                guard !call.closing, let end = rest.range(of: "/highlight") ,
                      let endOpen = rest[..<end.lowerBound].range(of: "{{", options: .backwards),
                      let endClose = rest[end.upperBound...].range(of: "}}") else { done = false; break translate }
                var code = rest[..<endOpen.lowerBound]
                advance(rest[..<endClose.upperBound])
                rest = rest[endClose.upperBound...]
                while code.first == "\n" { code = code.dropFirst() }
                while code.last == "\n" || code.last == " " { code = code.dropLast() }
                if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
                // `"linenos=table"` in quotes reads as a named argument; both spellings mean the same.
                let written = call.positional.count > 1 ? call.positional[1]
                    : call.named.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                let options = Self.fenceOptions(written)
                out += "```" + (call.positional.first ?? "") + options + "\n" + code + "\n```"
                if !rest.isEmpty && !rest.hasPrefix("\n") { out += "\n" }
                report.count("{{< highlight >}} → fenced code")
            case "ref", "relref":
                guard let target = call.positional.first ?? call.named["path"], let url = reference(target) else { done = false; break translate }
                out += url
                report.count("{{< \(call.name) >}} → the new URL")
            default:
                done = false
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

    /// `youtube w7Ft2ymGmfc` or `figure src="a.png" alt="x"` or `/highlight`.
    static func parse(_ text: String) -> Call {
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
        var call = Call(name: "")
        guard var name = words.first else { return call }
        if name.hasPrefix("/") { call.closing = true; name.removeFirst() }
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
