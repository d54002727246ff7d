/// A JSON value as written, for tests: numbers keep their text (so `1` and `1.0` can be
/// told apart) and objects keep their key order (so shapes' slot order is stable).
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value of `key` in an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Parses a whole JSON text; nil when it is not JSON.
    static func parse(_ text: String) -> JSONValue? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value() else { return nil }
        reader.skipBlanks()
        return reader.at == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func skipBlanks() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        mutating func value() -> JSONValue? {
            skipBlanks()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return word("true", .bool(true))
            case UInt8(ascii: "f"): return word("false", .bool(false))
            case UInt8(ascii: "n"): return word("null", .null)
            default: return number()
            }
        }

        mutating func word(_ w: String, _ v: JSONValue) -> JSONValue? {
            let u = Array(w.utf8)
            guard at + u.count <= bytes.count, Array(bytes[at..<at + u.count]) == u else { return nil }
            at += u.count
            return v
        }

        mutating func number() -> JSONValue? {
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            return at > start ? .number(String(decoding: bytes[start..<at], as: UTF8.self)) : nil
        }

        mutating func string() -> String? {
            at += 1
            var out: [UInt8] = []
            while at < bytes.count {
                let b = bytes[at]
                at += 1
                switch b {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard at < bytes.count else { return nil }
                    let e = bytes[at]
                    at += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"),
                           bytes[at + 1] == UInt8(ascii: "u") {
                            at += 2
                            guard let low = hex4() else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: out.append(e)
                    }
                default:
                    out.append(b)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else {
                return nil
            }
            at += 4
            return v
        }

        mutating func array() -> JSONValue? {
            at += 1
            var items: [JSONValue] = []
            skipBlanks()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                guard let v = value() else { return nil }
                items.append(v)
                skipBlanks()
                guard at < bytes.count else { return nil }
                at += 1
                if bytes[at - 1] == UInt8(ascii: "]") { return .array(items) }
                guard bytes[at - 1] == UInt8(ascii: ",") else { return nil }
            }
        }

        mutating func object() -> JSONValue? {
            at += 1
            var pairs: [(String, JSONValue)] = []
            skipBlanks()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
            while true {
                skipBlanks()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipBlanks()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                guard let v = value() else { return nil }
                pairs.append((key, v))
                skipBlanks()
                guard at < bytes.count else { return nil }
                at += 1
                if bytes[at - 1] == UInt8(ascii: "}") { return .object(pairs) }
                guard bytes[at - 1] == UInt8(ascii: ",") else { return nil }
            }
        }
    }
}
