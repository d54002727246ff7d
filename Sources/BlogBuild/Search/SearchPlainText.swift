/// The text of a rendered body for the search index (`HTMLShownText`: prose,
/// headings, code; not comments or `<script>`/`<style>`). Every tag but the inline ones that may sit inside a word
/// (`Caf<em>é</em>`) separates words, so table cells, list items and a footnote
/// mark after a word (`word<sup>1</sup>`) do not run together.
enum SearchPlainText {
    /// Whether a tag with this name parts the words beside it.
    static func separates(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool { !isInline(p, name) }

    /// The inline tags' names, each as one number: its bytes, the first in the low bits.
    private static let inlineNames: [UInt64] = ["a", "b", "i", "s", "u", "em", "del", "ins", "span", "code", "mark", "abbr", "strong"]
        .map { name in name.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) } }

    /// The name read as one number, lower-cased (`| 0x20` makes only `A`–`Z` into
    /// letters), against the inline names: a comparison per name, not per byte.
    private static func isInline(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        guard name.count <= 6 else { return false }
        var v: UInt64 = 0
        for k in 0..<name.count { v |= UInt64(p[name.lowerBound + k] | 0x20) << UInt64(8 * k) }
        return inlineNames.contains(v)
    }
}
