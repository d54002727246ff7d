/// Writes interpolated values as UTF-8: strings (HTML-escaped for `{{x}}`), integers in
/// decimal, doubles as Swift prints them, bools as `true`/`false`; nothing for missing,
/// null, lists and objects.
enum TemplateBytes {
    static func write(_ value: TemplateValue, escaped: Bool, to out: inout [UInt8]) {
        switch value {
        case .string(let string):
            if escaped {
                appendEscaped(string, to: &out)
            } else {
                out.append(contentsOf: string.utf8)
            }
        case .int(let int):
            appendDecimal(int, to: &out)
        case .double(let double):
            // Digits, sign, `.`, `e`, `inf`, `nan`: nothing to escape.
            out.append(contentsOf: "\(double)".utf8)
        case .bool(let bool):
            out.append(contentsOf: (bool ? "true" : "false").utf8)
        case .missing, .null, .list, .object:
            break
        }
    }

    /// Escapes exactly `&`, `<`, `>`, `"` and `'`; the runs between them (all of the
    /// string, usually) are copied whole.
    static func appendEscaped(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[i] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// Decimal digits without going through `String`.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { out.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }
}
