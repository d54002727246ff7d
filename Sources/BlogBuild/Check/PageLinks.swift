/// What one output HTML page links to and what it can be linked to by, read with
/// `HTMLBytes`' tag scanner (so comments, `<script>` and `<style>` are skipped and
/// attribute names match in any case):
///
/// - every URL a browser would follow or load: `href` (`a`, `area`, `link`), `src`
///   (`img`, `script`, `iframe`, `source`, `video`, `audio`, `embed`, `track`,
///   `input`), each candidate of `srcset` (`img`, `source`), `poster` (`video`),
///   `data` (`object`);
/// - every fragment target: any element's `id`, and `name` on `<a>`, which
///   browsers scroll to as well.
struct PageLinks: Sendable {
    struct Reference: Sendable, Hashable {
        var url: String
        /// Loaded as an image (or other embedded resource) rather than followed.
        var isImage: Bool
    }

    var references: [Reference] = []
    var ids: Set<String> = []

    static func scan(_ bytes: [UInt8]) -> PageLinks {
        var found = PageLinks()
        bytes.withUnsafeBufferPointer { p in
            HTMLBytes.forEachStartTag(p) { name, attributes in found.read(tag: name, attributes, in: p) }
        }
        return found
    }

    private mutating func read(tag: Range<Int>, _ attributes: [HTMLBytes.Attribute], in p: UnsafeBufferPointer<UInt8>) {
        let isAnchor = HTMLBytes.equalsLower(p, tag, "a")
        let isImageTag = !isAnchor && !HTMLBytes.equalsLower(p, tag, "link") && !HTMLBytes.equalsLower(p, tag, "area")
        for attribute in attributes {
            let name = attribute.name
            if HTMLBytes.equalsLower(p, name, "id") || (isAnchor && HTMLBytes.equalsLower(p, name, "name")) {
                ids.insert(HTMLBytes.decodeAttribute(p, attribute.value))
            } else if HTMLBytes.equalsLower(p, name, "href") {
                references.append(Reference(url: HTMLBytes.decodeAttribute(p, attribute.value), isImage: false))
            } else if HTMLBytes.equalsLower(p, name, "src") || HTMLBytes.equalsLower(p, name, "poster")
                        || (HTMLBytes.equalsLower(p, name, "data") && HTMLBytes.equalsLower(p, tag, "object")) {
                references.append(Reference(url: HTMLBytes.decodeAttribute(p, attribute.value), isImage: isImageTag))
            } else if HTMLBytes.equalsLower(p, name, "srcset") {
                for url in Self.srcsetURLs(HTMLBytes.decodeAttribute(p, attribute.value)) {
                    references.append(Reference(url: url, isImage: true))
                }
            }
        }
    }

    /// The URLs of a `srcset`: `a.png 1x, b.png 2x` → `a.png`, `b.png`. A URL may
    /// itself hold commas (`data:`), so a candidate ends at whitespace, or at a
    /// comma only when one ends the URL (as the HTML standard parses it).
    static func srcsetURLs(_ srcset: String) -> [String] {
        var urls: [String] = []
        var rest = Substring(srcset)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" || $0 == "," }
            guard !rest.isEmpty else { break }
            var url = rest.prefix { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}") }
            rest = rest.dropFirst(url.count)
            if url.hasSuffix(",") {
                url = url.dropLast(url.reversed().prefix { $0 == "," }.count)
            } else {
                // Skip the descriptor up to the next comma.
                rest = rest.drop { $0 != "," }
            }
            if !url.isEmpty { urls.append(String(url)) }
        }
        return urls
    }
}
