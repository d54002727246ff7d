/// Escaping for text and attribute values in HTML and XML.
public enum HTMLEscape {
    /// Escapes `&`, `<`, `>`, `"` and `'` (as `&#39;`, like Mustache's own escaping).
    public static func text(_ s: String) -> String {
        var s = s
        return s.withUTF8 { bytes -> String in
            var first = -1
            for i in 0..<bytes.count where needsEscape(bytes[i]) {
                first = i
                break
            }
            if first < 0 { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            out.append(contentsOf: bytes[0..<first])
            for i in first..<bytes.count {
                let b = bytes[i]
                switch b {
                case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])              // &amp;
                case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])                    // &lt;
                case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])                    // &gt;
                case 0x22: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])        // &quot;
                case 0x27: out.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])              // &#39;
                default: out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    @inline(__always)
    private static func needsEscape(_ b: UInt8) -> Bool {
        b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27
    }
}
