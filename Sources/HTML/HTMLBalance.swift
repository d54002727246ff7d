/// Whether a piece of HTML closes every element it opens, in order: what a
/// fragment must do before a page embeds it, since an element left open (the
/// author's `<angle brackets>` in a one-line summary, which CommonMark reads as
/// a tag) swallows the rest of the page. Uses the one HTML scanner.
public enum HTMLBalance {
    /// Elements without an end tag.
    public static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                                            "meta", "param", "source", "track", "wbr"]

    /// True when each start tag (not void, not `<x/>`) has its end tag, nested
    /// properly, and no end tag closes an element that is not open.
    public static func isBalanced(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { p in
            var scanner = HTMLScanner(p)
            var open: [String] = []
            while let token = scanner.next() {
                switch token {
                case .startTag(let tag):
                    let name = lowered(p, tag.name)
                    if !tag.isSelfClosing && !voidElements.contains(name) { open.append(name) }
                case .endTag(let tag):
                    guard open.popLast() == lowered(p, tag.name) else { return false }
                case .text, .rawText, .comment, .doctype:
                    break
                }
            }
            return open.isEmpty
        }
    }

    private static func lowered(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: p[range].map(HTMLScanner.lower), as: UTF8.self)
    }
}
