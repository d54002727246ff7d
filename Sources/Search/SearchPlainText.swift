/// The text of a rendered body for the search index (`HTMLShownText`: prose,
/// headings, code; not comments or `<script>`/`<style>`). Every tag but the inline ones that may sit inside a word
/// (`Caf<em>é</em>`) separates words, so table cells, list items and a footnote
/// mark after a word (`word<sup>1</sup>`) do not run together.
enum SearchPlainText {
    /// Whether a tag with this name parts the words beside it.
    static func separates(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool { !isInline(p, name) }

    /// The name read as one number (its bytes, the first in the low bits),
    /// lower-cased (`| 0x20` makes only `A`–`Z` into letters), against the inline
    /// names written the same way: a comparison per name, not per byte.
    private static func isInline(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        guard name.count <= 6 else { return false }
        var v: UInt64 = 0
        for k in 0..<name.count { v |= UInt64(p[name.lowerBound + k] | 0x20) << UInt64(8 * k) }
        switch v {
        case 0x61, 0x62, 0x69, 0x73, 0x75,  // a b i s u
             0x6D65,  // em
             0x6C_6564, 0x73_6E69,  // del ins
             0x6E61_7073, 0x6564_6F63, 0x6B72_616D, 0x7262_6261,  // span code mark abbr
             0x676E_6F72_7473:  // strong
            return true
        default:
            return false
        }
    }
}
