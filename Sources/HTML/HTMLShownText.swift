import Support

/// The text of an HTML fragment as a reader sees it, as UTF-8 bytes: what
/// `HTMLScanner` reads as text (not tags, comments, or the content of `<script>`,
/// `<style>` and the other raw-text elements a page does not show; see
/// `HTMLRawTextElement.isShownAsText`), character references decoded. White
/// space is left as written.

public enum HTMLShownText {
    /// `separates(bytes, tagName)` says whether a start or end tag with that
    /// name parts the words on either side; when it does, a space stands for the tag.
    /// `imageText`: an image's `alt` text counts as text (between spaces), as a
    /// screen reader reads it.
    static func bytes(of html: String, imageText: Bool = false,
                      separates: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool = { _, _ in false }) -> [UInt8] {
        var text = PointerBuffer<UInt8>(capacity: html.utf8.count + 16)
        defer { text.free() }
        write(html, imageText: imageText, separates: separates, into: &text)
        return text.array
    }

    /// `bytes(of:imageText:separates:)` into `text`, replacing what it held: the
    /// search index reads every page, and keeps one buffer for all of them.
    public static func write(_ html: String, imageText: Bool, separates: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool,
                      into text: inout PointerBuffer<UInt8>) {
        text.removeAll()
        var copy = html
        copy.withUTF8 { p in
            var scanner = HTMLScanner(p)
            // Text is copied as the scanner looks for its end, in one pass. The
            // scanner calls the reader again just after a `<` that is text (and
            // only then right after the last stop): the reader writes that `<`.
            var stop = -2
            while let token = scanner.next(readingText: { i in
                if i == stop + 1 { text.append(UInt8(ascii: "<")) }
                stop = copyText(p, from: i, to: &text)
                return stop
            }) {
                switch token {
                case .rawText(let range, let element) where element.isShownAsText:
                    if element.decodesCharacterReferences {
                        appendDecoded(p, range, inAttribute: false, to: &text)
                    } else {
                        append(UnsafeBufferPointer(rebasing: p[range]), to: &text)
                    }
                case .startTag(let tag) where imageText && HTMLScanner.equals(p, tag.name, "img"):
                    text.append(0x20)
                    if let alt = scanner.attributes.first(where: { !$0.isDuplicate && HTMLScanner.equals(p, $0.name, "alt") }) {
                        appendDecoded(p, alt.value, inAttribute: true, to: &text)
                        text.append(0x20)
                    }
                case .startTag(let tag), .endTag(let tag):
                    if separates(p, tag.name) { text.append(0x20) }
                default:
                    break
                }
            }
        }
    }

    /// Copies the text from `start` up to the first `<` (the end of `p` if none)
    /// to `text`, character references decoded, and returns the index of that `<`:
    /// `HTMLScanner.next(readingText:)`'s reader. A reference never holds a `<`,
    /// so decoding it up to the end of `p` reads it as up to the end of the text.
    @inline(__always)
    private static func copyText(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to text: inout PointerBuffer<UInt8>) -> Int {
        let n = p.count
        guard p.baseAddress != nil else { return n }
        var i = start
        while i < n {
            // Room for the rest of the input and one eight-byte store past it.
            text.reserve(n - i + 8)
            var out = text.end
            // Eight bytes at a time while none is `<` or `&` (most of a text),
            // each eight stored whole (the bytes past a stop are overwritten later).
            while i + 8 <= n {
                let chunk = p.loadEight(at: i)
                out.storeEight(chunk)
                let found = zeroBytes(chunk ^ 0x3C3C_3C3C_3C3C_3C3C) | zeroBytes(chunk ^ 0x2626_2626_2626_2626)
                if found != 0 {
                    let k = found.trailingZeroBitCount >> 3
                    i += k
                    out += k
                    break
                }
                i += 8
                out += 8
            }
            while i < n, p[i] != UInt8(ascii: "<"), p[i] != UInt8(ascii: "&") {
                out[0] = p[i]
                out += 1
                i += 1
            }
            text.added(text.end.distance(to: out))
            guard i < n, p[i] == UInt8(ascii: "&") else { break }
            if let (scalars, end) = HTMLEntities.reference(p, at: i, end: n, inAttribute: false) {
                append(scalars.0, to: &text)
                if let second = scalars.1 { append(second, to: &text) }
                i = end
            } else {
                text.append(UInt8(ascii: "&"))
                i += 1
            }
        }
        return i
    }

    /// For each byte of `v` that is zero, its high bit set; exact up to the first
    /// (a borrow can mark a byte after it, never one before).
    @inline(__always)
    private static func zeroBytes(_ v: UInt64) -> UInt64 {
        (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
    }

    /// `p[range]` with its character references decoded.
    private static func appendDecoded(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool,
                                      to text: inout PointerBuffer<UInt8>) {
        var copied = range.lowerBound
        var i = range.lowerBound
        while let amp = HTMLEntities.firstAmpersand(p, i..<range.upperBound) {
            guard let (scalars, end) = HTMLEntities.reference(p, at: amp, end: range.upperBound, inAttribute: inAttribute) else {
                i = amp + 1
                continue
            }
            append(UnsafeBufferPointer(rebasing: p[copied..<amp]), to: &text)
            append(scalars.0, to: &text)
            if let second = scalars.1 { append(second, to: &text) }
            i = end
            copied = end
        }
        append(UnsafeBufferPointer(rebasing: p[copied..<range.upperBound]), to: &text)
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout PointerBuffer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        text.reserve(bytes.count)
        text.end.initialize(from: from, count: bytes.count)
        text.added(bytes.count)
    }

    private static func append(_ scalar: Unicode.Scalar, to text: inout PointerBuffer<UInt8>) {
        for b in scalar.utf8 { text.append(b) }
    }
}
