/// A feed's own address inside it: RSS's `<atom:link rel="self" href>`, Atom's
/// `<link rel="self" href>`, JSON Feed's `feed_url`. A copy of a feed served at
/// another address (an imported site's `/index.xml`) names that address, as RSS
/// Best Practices and RFC 4287 ask: a reader that follows `self` stays on it.
///
/// Found on the feed's UTF-8 bytes: every delimiter looked for is ASCII, which
/// is never part of a longer character. (As a String, the search went through
/// Foundation and UTF-16: an imported site's copy of every tag feed was a fifth
/// of its build.)
enum FeedSelfLink {
    /// `bytes` (a feed of `kind`) with its self link set to `url` (absolute); the
    /// bytes as they are when the feed has none.
    static func pointing(_ bytes: [UInt8], kind: FeedFile.Kind, at url: String) -> [UInt8] {
        switch kind {
        case .rss, .atom:
            // The first element with rel="self": its href, whichever order the attributes are in.
            guard let rel = find(Array(" rel=\"self\"".utf8), in: bytes, from: 0, to: bytes.count),
                  let open = bytes[..<rel].lastIndex(of: UInt8(ascii: "<")),
                  let close = find(Array("/>".utf8), in: bytes, from: rel, to: bytes.count),
                  let href = find(Array(" href=\"".utf8), in: bytes, from: open, to: close),
                  let end = bytes[(href + 7)..<close].firstIndex(of: UInt8(ascii: "\"")) else { return bytes }
            return Array(bytes[..<(href + 7)]) + Array(XMLText.escape(url).utf8) + Array(bytes[end...])
        case .jsonFeed:
            let key = Array("\"feed_url\": \"".utf8)
            guard let at = find(key, in: bytes, from: 0, to: bytes.count),
                  let end = endOfJSONString(bytes, from: at + key.count) else { return bytes }
            var quoted: [UInt8] = []
            JSONText.append(url, to: &quoted)
            return Array(bytes[..<at]) + Array("\"feed_url\": ".utf8) + quoted + Array(bytes[(end + 1)...])
        case .sitemap, .sitemapIndex, .robots:
            return bytes
        }
    }

    /// Where `needle` first starts in `bytes[from..<to]` (wholly inside it).
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard let first = needle.first, to - from >= needle.count else { return nil }
        var i = from
        while i <= to - needle.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The closing quote of the JSON string whose text starts at `start`.
    private static func endOfJSONString(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == UInt8(ascii: "\"") { return i }
            i += 1
        }
        return nil
    }
}
