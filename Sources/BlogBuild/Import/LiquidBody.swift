/// Translates the Liquid in a Jekyll post or page body into what blogbuild
/// reads: `{% highlight %}` blocks into fenced code, `{% raw %}` into its text,
/// `{{ site.baseurl }}` and the `relative_url`/`absolute_url` filters into site
/// paths, `{% post_url %}` and `{% link %}` into the target's new URL. Anything
/// else (`{% include %}`, loops, variables) is left in place and listed.
struct LiquidBody {
    /// The file, relative to the old site (for the report).
    var source: String
    /// 1-based line in `source` where the body starts.
    var bodyLine: Int
    /// The new URL of a `{% post_url NAME %}` or `{% link PATH %}` target.
    var link: (_ tag: String, _ target: String) -> String?

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
            switch name {
            case "raw":
                guard let end = Self.closing("endraw", in: rest) else { out += whole; continue }
                let text = rest[..<end.lowerBound]
                out += text
                advance(rest[..<end.upperBound])
                rest = rest[end.upperBound...]
                report.count("{% raw %} → its text")
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
        guard head.count >= 2, let quote = head.first, quote == "\"" || quote == "'", head.last == quote,
              filters.count == 1, filters[0] == "relative_url" || filters[0] == "absolute_url" else { return nil }
        var path = String(head.dropFirst().dropLast())
        if !path.hasPrefix("/") && !path.contains("://") { path = "/" + path }
        return (path, "| \(filters[0]) → a site path")
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
