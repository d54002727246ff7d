import HTML

/// What one output HTML page links to and what it can be linked to by, read with
/// `HTMLScanner` (so comments and the content of `<script>`, `<style>`,
/// `<textarea>` and the other raw-text elements are not markup, names match in
/// any case, and of two attributes with the same name the first counts):
///
/// - every URL a browser would follow or load (`HTMLURLAttribute`): `href` (`a`,
///   `area`, `link`), `src` (`img`, `script`, `iframe`, `source`, `video`,
///   `audio`, `embed`, `track`, `input`), each candidate of `srcset` (`img`,
///   `source`), `poster` (`video`), `data` (`object`); loaded ones count as
///   images except on `a`, `link` and `area`;
/// - every fragment target: any element's `id`, and `name` on `<a>`, which
///   browsers scroll to as well.
///
/// Values are read with their character references decoded.
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
            var scanner = HTMLScanner(p)
            while let token = scanner.next() {
                if case .startTag(let tag) = token { found.read(tag: tag.name, scanner.attributes, in: p) }
            }
        }
        return found
    }

    private mutating func read(tag: Range<Int>, _ attributes: [HTMLAttribute], in p: UnsafeBufferPointer<UInt8>) {
        let isAnchor = HTMLScanner.equals(p, tag, "a")
        for attribute in attributes where !attribute.isDuplicate {
            let name = attribute.name
            if HTMLScanner.equals(p, name, "id") || (isAnchor && HTMLScanner.equals(p, name, "name")) {
                ids.insert(HTMLEntities.decode(p, attribute.value, inAttribute: true))
                continue
            }
            guard let kind = HTMLURLAttribute.kind(tag: tag, attribute: name, in: p) else { continue }
            let value = HTMLEntities.decode(p, attribute.value, inAttribute: true)
            switch kind {
            case .href:
                references.append(Reference(url: value, isImage: false))
            case .source:
                let isImage = !isAnchor && !HTMLScanner.equals(p, tag, "link") && !HTMLScanner.equals(p, tag, "area")
                references.append(Reference(url: value, isImage: isImage))
            case .srcset:
                let utf8 = value.utf8
                HTMLSrcset.forEachURL(in: utf8) { references.append(Reference(url: String(value[$0]), isImage: true)) }
            }
        }
    }
}
