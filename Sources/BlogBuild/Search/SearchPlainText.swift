/// The text of a rendered body for the search index (`HTMLShownText`: prose,
/// headings, code; not comments or `<script>`/`<style>`). Every tag but the inline ones that may sit inside a word
/// (`Caf<em>é</em>`) separates words, so table cells, list items and a footnote
/// mark after a word (`word<sup>1</sup>`) do not run together.
enum SearchPlainText {
    /// Whether a tag with this name parts the words beside it.
    static func separates(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool { !isInline(p, name) }

    private static func isInline(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        switch name.count {
        case 1: return HTMLScanner.equals(p, name, "a") || HTMLScanner.equals(p, name, "b")
            || HTMLScanner.equals(p, name, "i") || HTMLScanner.equals(p, name, "s") || HTMLScanner.equals(p, name, "u")
        case 2: return HTMLScanner.equals(p, name, "em")
        case 3: return HTMLScanner.equals(p, name, "del") || HTMLScanner.equals(p, name, "ins")
        case 4: return HTMLScanner.equals(p, name, "span") || HTMLScanner.equals(p, name, "code")
            || HTMLScanner.equals(p, name, "mark") || HTMLScanner.equals(p, name, "abbr")
        case 6: return HTMLScanner.equals(p, name, "strong")
        default: return false
        }
    }
}
