/// Another generator's template syntax left in prose: a Liquid tag (`{% include
/// x.html %}`), a Liquid or Go-template value (`{{ site.url }}`, `{{ .Title }}`)
/// or a Hugo shortcode (`{{< youtube id >}}`, `{{% note %}}`). A reader would see
/// it as literal text, so an import that missed one must not be published
/// unnoticed. Code spans and blocks that show such syntax are not prose and are
/// never searched (the renderer hands over text without them).
public enum TemplateSyntax {
    /// One find: the line within the searched text (0-based) and what was found,
    /// shortened for a message.
    public struct Found: Sendable, Hashable {
        public var line: Int
        public var snippet: String
    }

    /// Variables a Liquid or Go template reads that prose never starts with.
    private static let valueStarts = ["site.", "page.", "post.", "include.", "paginator.", "layout.", "jekyll.", "content }}", "."]

    /// Every place in `text` where template syntax starts.
    static func find(in text: String) -> [Found] {
        let bytes = Array(text.utf8)
        var out: [Found] = []
        var line = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") { line += 1 }
            guard b == UInt8(ascii: "{"), i + 1 < bytes.count else { i += 1; continue }
            let next = bytes[i + 1]
            var matched = false
            if next == UInt8(ascii: "%") {
                // `{% tag` or `{%- tag`: a letter after optional `-` and spaces.
                var j = i + 2
                if j < bytes.count, bytes[j] == UInt8(ascii: "-") { j += 1 }
                while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
                matched = j < bytes.count && isLetter(bytes[j])
            } else if next == UInt8(ascii: "{"), i + 2 < bytes.count {
                let third = bytes[i + 2]
                if third == UInt8(ascii: "<") || third == UInt8(ascii: "%") {
                    matched = true
                } else {
                    var j = i + 2
                    if j < bytes.count, bytes[j] == UInt8(ascii: "-") { j += 1 }
                    while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
                    let rest = bytes[j..<min(bytes.count, j + 12)]
                    matched = valueStarts.contains { start in
                        rest.starts(with: start.utf8) && (start != "." || (j + 1 < bytes.count && isLetter(bytes[j + 1])))
                    }
                }
            }
            if matched {
                // The construct runs to its closing `}}` or `%}` on the line (shown whole up
                // to 60 bytes); the search goes on after it.
                var end = i + 2
                let closer = next == UInt8(ascii: "%") ? UInt8(ascii: "%") : UInt8(ascii: "}")
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                    if bytes[end] == UInt8(ascii: "}"), bytes[end - 1] == closer, end - 1 > i + 2 {
                        end += 1
                        break
                    }
                    end += 1
                }
                let shown = bytes[i..<min(end, i + 60)]
                out.append(Found(line: line, snippet: String(decoding: shown, as: UTF8.self) + (end - i > 60 ? "…" : "")))
                i = end
                continue
            }
            i += 1
        }
        return out
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }
}
