import Foundation

/// The entry ids of a feed, newest first: what a feed reader keys an entry on.
/// RSS's `<guid>` (else its `<link>`), RDF's item `rdf:about` (else `<link>`),
/// Atom's `<id>`, JSON Feed's `id`. XML is read with libxml2 (`XMLTree`).
public enum FeedEntryIDs {
    /// One entry: its id and when it was published (nil when it says no date or one not read).
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var date: Date?
    }

    /// The entries of the feed in `bytes`, newest first: by date when every entry
    /// has one (ties in the feed's order), else in the feed's order. Nil when the
    /// bytes are not a feed.
    public static func read(_ bytes: [UInt8]) -> [Entry]? {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let entries: [Entry]?
        if first == UInt8(ascii: "{") { entries = json(Data(bytes)) } else { entries = xml(bytes) }
        guard let entries else { return nil }
        guard entries.allSatisfy({ $0.date != nil }) else { return entries }
        return entries.enumerated().sorted { a, b in
            a.element.date! != b.element.date! ? a.element.date! > b.element.date! : a.offset < b.offset
        }.map(\.element)
    }

    /// The ids alone, newest first.
    public static func ids(_ bytes: [UInt8]) -> [String]? { read(bytes)?.map(\.id) }

    /// Is `data` a JSON Feed (an object whose `version` names jsonfeed.org)?
    public static func isJSONFeed(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return (object["version"] as? String)?.contains("jsonfeed.org") == true
    }

    private static func json(_ data: Data) -> [Entry]? {
        guard isJSONFeed(data), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        let items = object["items"] as? [[String: Any]] ?? []
        return items.compactMap { item in
            let id = (item["id"] as? String) ?? (item["id"] as? NSNumber)?.stringValue ?? (item["url"] as? String)
            guard let id else { return nil }
            return Entry(id: id, date: ((item["date_published"] ?? item["date_modified"]) as? String).flatMap(isoDate))
        }
    }

    private static func xml(_ bytes: [UInt8]) -> [Entry]? {
        guard case .success(let root) = XMLTree.parse(bytes) else { return nil }
        switch root.name {
        case "rss":
            guard let channel = root.first("channel") else { return [] }
            return channel.all("item").compactMap { item in
                guard let id = item.value("guid") ?? item.value("link") else { return nil }
                return Entry(id: id, date: (item.value("pubDate") ?? item.value("date")).flatMap(anyDate))
            }
        case "RDF":
            return root.all("item").compactMap { item in
                guard let id = item.attributes["about"] ?? item.value("link") else { return nil }
                return Entry(id: id, date: item.value("date").flatMap(anyDate))
            }
        case "feed":
            return root.all("entry").compactMap { entry in
                guard let id = entry.value("id") ?? entry.first("link")?.attributes["href"] else { return nil }
                return Entry(id: id, date: (entry.value("published") ?? entry.value("updated")).flatMap(isoDate))
            }
        default:
            return nil
        }
    }

    /// An RFC 822 date (RSS), else ISO 8601.
    static func anyDate(_ text: String) -> Date? { rfc822Date(text) ?? isoDate(text) }

    static func isoDate(_ text: String) -> Date? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return plain.date(from: t) ?? withFraction.date(from: t) ?? day.date(from: t)
    }

    static func rfc822Date(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in ["EEE, dd MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss Z",
                       "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm Z"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        }
        return nil
    }
}
