/// JSON string literals for the JSON Feed, written by hand so the key order and
/// bytes never depend on a serializer's version.
///
/// The text is the same text the XML feeds carry: characters XML 1.0 forbids are
/// removed (see `XMLText`), `"` and `\` are escaped, the remaining control
/// characters (tab, line feed, carriage return) get their short escapes, and
/// U+2028/U+2029 are escaped so the file is also valid JavaScript. HTML is not
/// escaped: a JSON string holds it as it is, so nothing is ever escaped twice.
public enum JSONText {
    /// `"…"`: `s` as a JSON string literal.
    static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal, quotes included.
    public static func append(_ s: String, to out: inout [UInt8]) {
        var copy = s
        copy.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var i = 0
            let n = bytes.count
            // Runs of bytes that stand for themselves are appended whole (the search
            // index writes every record and term through here).
            var run = 0
            while i < n {
                let b = bytes[i]
                if b >= 0x20, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\"), b != 0xE2, b != 0xEF {
                    i += 1
                    continue
                }
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                switch b {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(b)
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
                case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                case 0xE2 where i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 2
                default:
                    let skip = XMLText.forbiddenLength(bytes, at: i)
                    if skip > 0 {
                        i += skip - 1
                    } else {
                        out.append(b)
                    }
                }
                i += 1
                run = i
            }
            if run < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<n])) }
            out.append(UInt8(ascii: "\""))
        }
    }
}
