/// A feed's own address inside it: RSS's `<atom:link rel="self" href>`, Atom's
/// `<link rel="self" href>`, JSON Feed's `feed_url`. A copy of a feed served at
/// another address (an imported site's `/index.xml`) names that address, as RSS
/// Best Practices and RFC 4287 ask: a reader that follows `self` stays on it.
enum FeedSelfLink {
    /// `bytes` (a feed of `kind`) with its self link set to `url` (absolute); the
    /// bytes as they are when the feed has none.
    static func pointing(_ bytes: [UInt8], kind: FeedFile.Kind, at url: String) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        switch kind {
        case .rss, .atom:
            // The first element with rel="self": its href, whichever order the attributes are in.
            guard let rel = text.range(of: " rel=\"self\""),
                  let open = text[..<rel.lowerBound].lastIndex(of: "<"),
                  let close = text[rel.upperBound...].range(of: "/>")?.lowerBound,
                  let href = text[open..<close].range(of: " href=\""),
                  let end = text[href.upperBound..<close].firstIndex(of: "\"") else { return bytes }
            return Array((text[..<href.upperBound] + XMLText.escape(url) + text[end...]).utf8)
        case .jsonFeed:
            guard let key = text.range(of: "\"feed_url\": \""),
                  let end = Self.endOfJSONString(text, from: key.upperBound) else { return bytes }
            var quoted: [UInt8] = []
            JSONText.append(url, to: &quoted)
            return Array(text[..<key.lowerBound].utf8) + Array("\"feed_url\": ".utf8) + quoted + Array(text[text.index(after: end)...].utf8)
        case .sitemap, .sitemapIndex, .robots:
            return bytes
        }
    }

    /// The closing quote of the JSON string whose text starts at `start`.
    private static func endOfJSONString(_ text: String, from start: String.Index) -> String.Index? {
        var i = start
        while i < text.endIndex {
            if text[i] == "\\" { i = text.index(after: i) } else if text[i] == "\"" { return i }
            if i < text.endIndex { i = text.index(after: i) }
        }
        return nil
    }
}
