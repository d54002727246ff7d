/// The text of an HTML fragment as a reader sees it, as UTF-8 bytes: what
/// `HTMLScanner` reads as text (not tags, comments, or the content of `<script>`,
/// `<style>` and the other raw-text elements a page does not show; see
/// `HTMLRawTextElement.isShownAsText`), character references decoded. White
/// space is left as written.
enum HTMLShownText {
    /// `separates(bytes, tagName)` says whether a start or end tag with that
    /// name parts the words on either side; when it does, a space stands for the tag.
    /// `imageText`: an image's `alt` text counts as text (between spaces), as a
    /// screen reader reads it.
    static func bytes(of html: String, imageText: Bool = false,
                      separates: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool = { _, _ in false }) -> [UInt8] {
        var copy = html
        return copy.withUTF8 { p -> [UInt8] in
            var text: [UInt8] = []
            text.reserveCapacity(p.count)
            var scanner = HTMLScanner(p)
            while let token = scanner.next() {
                switch token {
                case .text(let range):
                    HTMLEntities.append(p, range, inAttribute: false, to: &text)
                case .rawText(let range, let element) where element.isShownAsText:
                    if element.decodesCharacterReferences {
                        HTMLEntities.append(p, range, inAttribute: false, to: &text)
                    } else {
                        text.append(contentsOf: UnsafeBufferPointer(rebasing: p[range]))
                    }
                case .startTag(let tag) where imageText && HTMLScanner.equals(p, tag.name, "img"):
                    text.append(0x20)
                    if let alt = scanner.attributes.first(where: { !$0.isDuplicate && HTMLScanner.equals(p, $0.name, "alt") }) {
                        HTMLEntities.append(p, alt.value, inAttribute: true, to: &text)
                        text.append(0x20)
                    }
                case .startTag(let tag), .endTag(let tag):
                    if separates(p, tag.name) { text.append(0x20) }
                default:
                    break
                }
            }
            return text
        }
    }
}
