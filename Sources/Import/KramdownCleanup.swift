import Foundation

/// Removes kramdown-only syntax that cmark-gfm would print as text: attribute
/// lists (`{: .lead}`, `{:toc}`, a trailing `{: #id}`), extensions
/// (`{::options … /}`), and the `* TOC` list a `{:toc}` turns into a table of
/// contents. A removed line becomes a blank line, so every later line keeps its
/// number. Code (fences, `{% highlight %}`, `{% raw %}`) is left alone.
enum KramdownCleanup {
    static func clean(_ body: String, source: String, bodyLine: Int, report: inout ImportReport) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fence: String?
        var inLiquidBlock: String?
        for i in lines.indices {
            let line = lines[i]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if let end = inLiquidBlock {
                if trimmed.contains(end) { inLiquidBlock = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == "`" || $0 == "~" })
                continue
            }
            if let block = liquidBlock(trimmed) {
                if !trimmed.contains(block) { inLiquidBlock = block }
                continue
            }
            let at = bodyLine + i
            if trimmed.hasPrefix("{::") {
                lines[i] = ""
                report.leave(source, line: at, trimmed, "kramdown extension removed (cmark-gfm does not read it)")
            } else if trimmed.hasPrefix("{:"), trimmed.hasSuffix("}") {
                lines[i] = ""
                if trimmed.replacingOccurrences(of: " ", with: "") == "{:toc}" {
                    if i > 0, isTOCItem(lines[i - 1]) { lines[i - 1] = "" }
                    report.leave(source, line: at, trimmed, "kramdown table of contents removed; blogbuild's post template can show one (page.toc)")
                } else {
                    report.leave(source, line: at, trimmed, "kramdown attribute list removed (cmark-gfm does not read it)")
                }
            } else if let brace = trailingAttributeList(line) {
                let list = String(line[brace...])
                lines[i] = String(line[..<brace]).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                report.leave(source, line: at, list, "kramdown attribute list removed (cmark-gfm does not read it)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The end tag a line opening a Liquid code block waits for.
    private static func liquidBlock(_ line: String) -> String? {
        guard line.hasPrefix("{%") else { return nil }
        let inner = LiquidBody.trimmed(line.dropFirst(2).prefix { $0 != "%" })
        if inner.hasPrefix("highlight") { return "endhighlight" }
        if inner == "raw" { return "endraw" }
        return nil
    }

    private static func isTOCItem(_ line: String) -> Bool {
        let t = line.trimmingCharacters(in: .whitespaces)
        return ["* TOC", "- TOC", "+ TOC", "1. TOC", "* Table of Contents", "1. Table of Contents"].contains(t)
    }

    /// Where a kramdown attribute list at the end of a line of text begins:
    /// `Some text{: .note}`.
    private static func trailingAttributeList(_ line: String) -> String.Index? {
        guard line.hasSuffix("}"), let open = line.range(of: "{:", options: .backwards)?.lowerBound,
              open > line.startIndex, !line[open...].dropFirst(2).contains("{") else { return nil }
        let inside = line[open...].dropFirst(2).dropLast()
        // An attribute list holds `.class`, `#id` or `key="value"`, nothing else.
        let ok = inside.split(separator: " ").allSatisfy { $0.hasPrefix(".") || $0.hasPrefix("#") || $0.contains("=") }
        return ok && !inside.trimmingCharacters(in: .whitespaces).isEmpty ? open : nil
    }
}
