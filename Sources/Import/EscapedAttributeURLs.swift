import Foundation

/// A blank in an HTML `src` or `href` (`src="/img/two words.png"`) is escaped
/// (`%20`): a browser does the same, and blogbuild writes no URL with a blank in it.
enum EscapedAttributeURLs {
    static func escape(_ body: String, report: inout ImportReport) -> String {
        guard body.contains(" "), let regex = try? NSRegularExpression(pattern: "\\b(src|href)=(\"[^\"<>]* [^\"<>]*\"|'[^'<>]* [^'<>]*')") else { return body }
        let ns = body as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: body, range: NSRange(location: 0, length: ns.length)) {
            let value = match.range(at: 2)
            out += ns.substring(with: NSRange(location: last, length: value.location + 1 - last))
            let inner = ns.substring(with: NSRange(location: value.location + 1, length: value.length - 2))
            out += inner.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "%20")
            last = value.location + value.length - 1
            report.count("a blank in a src or href → %20")
        }
        out += ns.substring(from: last)
        return out
    }
}
