/// How deep a Mustache template nests its sections, checked before the template
/// engine sees it: the engine recurses once per level, and 10,000 nested
/// `{{#a}}` would overflow the stack and kill blogbuild. Honours set-delimiter
/// tags (`{{=<% %>=}}`), so changed delimiters cannot hide nesting.
enum TemplateDepth {
    /// Deeper than this is an error: real themes nest a handful of levels.
    static let limit = 100

    /// Where the first section opened past `limit` levels starts (1-based line and
    /// column), or nil when the template stays within it.
    static func firstTooDeep(in text: String) -> SourceLocation? {
        let bytes = Array(text.utf8)
        var open: [UInt8] = Array("{{".utf8), close: [UInt8] = Array("}}".utf8)
        var depth = 0
        var line = 1, lineStart = 0
        var i = 0
        func matches(_ needle: [UInt8], at k: Int) -> Bool {
            k + needle.count <= bytes.count && bytes[k..<(k + needle.count)].elementsEqual(needle)
        }
        while i < bytes.count {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            guard matches(open, at: i) else {
                i += 1
                continue
            }
            let tagStart = i
            var j = i + open.count
            // The tag's content runs to the closing delimiter (`}}}` for a triple mustache is fine: `}}` first).
            var end = j
            while end < bytes.count, !matches(close, at: end) { end += 1 }
            guard end < bytes.count else { break }
            let after = end + close.count
            while j < end, bytes[j] == 0x20 { j += 1 }
            let sigil = j < end ? bytes[j] : 0
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                depth += 1
                if depth > limit { return SourceLocation(line: line, column: tagStart - lineStart + 1) }
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "="):
                // `{{=<% %>=}}`: the new delimiters, separated by white space.
                var content = bytes[(j + 1)..<end]
                if content.last == UInt8(ascii: "=") { content = content.dropLast() }
                let parts = content.split(separator: 0x20, omittingEmptySubsequences: true)
                if parts.count == 2 {
                    open = Array(parts[0])
                    close = Array(parts[1])
                    i = after
                    continue
                }
            default:
                break
            }
            // Count the newlines inside the tag (a multi-line comment).
            for k in (tagStart + 1)..<end where bytes[k] == 0x0A {
                line += 1
                lineStart = k + 1
            }
            i = after
        }
        return nil
    }
}
