/// The URLs of a `srcset` (`a.png 1x, b.png 2x`), as the HTML standard's "parse a
/// srcset attribute" splits it: candidates are separated by commas, a URL runs to
/// white space (so it may hold commas itself, as `data:` URLs do) unless it ends
/// in commas, which end the candidate, and a descriptor runs to the next comma
/// outside parentheses.
public enum HTMLSrcset {
    /// Calls `body` with the range of each candidate's URL in `value`, in order.
    public static func forEachURL<C: Collection<UInt8>>(in value: C, _ body: (Range<C.Index>) -> Void) {
        var i = value.startIndex
        let end = value.endIndex
        while true {
            while i < end, value[i] == UInt8(ascii: ",") || HTMLScanner.isWhitespace(value[i]) { value.formIndex(after: &i) }
            guard i < end else { return }
            let urlStart = i
            // Just after the URL's last byte that is not a comma.
            var urlEnd = i
            while i < end, !HTMLScanner.isWhitespace(value[i]) {
                let isComma = value[i] == UInt8(ascii: ",")
                value.formIndex(after: &i)
                if !isComma { urlEnd = i }
            }
            body(urlStart..<urlEnd)
            // Trailing commas end the candidate: no descriptors.
            if urlEnd != i { continue }
            var inParentheses = false
            while i < end {
                let b = value[i]
                value.formIndex(after: &i)
                if inParentheses {
                    if b == UInt8(ascii: ")") { inParentheses = false }
                } else if b == UInt8(ascii: "(") {
                    inParentheses = true
                } else if b == UInt8(ascii: ",") {
                    break
                }
            }
        }
    }
}
