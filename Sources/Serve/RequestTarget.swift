import Foundation

/// A request target (`/posts/a%20b/?x=1`) decoded once into path segments that are
/// safe to join onto the output folder: no `.` or `..` segment, no NUL or other
/// control byte, no backslash, valid UTF-8. Empty segments (`//`) are dropped.
struct RequestTarget: Equatable, Sendable {
    /// Decoded path segments, none empty, `.` or `..`.
    var segments: [String]
    /// Whether the decoded path ends in `/` (always true for `/`).
    var hasTrailingSlash: Bool
    /// The raw query after `?`, if any.
    var query: String?

    enum Rejection: Error, Equatable {
        /// Malformed: bad percent-encoding, control bytes, backslashes, invalid UTF-8, not origin-form.
        case badRequest
        /// A `.` or `..` segment: never served.
        case notFound
    }

    /// The path to redirect to for a folder requested without its trailing slash.
    var slashRedirectLocation: String {
        let path = "/" + segments.map(Self.encodeSegment).joined(separator: "/") + "/"
        if let query { return path + "?" + query }
        return path
    }

    static func parse(_ raw: String) -> Result<RequestTarget, Rejection> {
        var target = Substring(raw)
        // absolute-form (`http://host/path`): keep only the path and query.
        let lower = target.prefix(8).lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                target = rest[slash...]
                if target.first == "?" { return .failure(.badRequest) }
            } else {
                target = "/"
            }
        }
        guard target.first == "/" else { return .failure(.badRequest) }
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        var query: String?
        if let mark = target.firstIndex(of: "?") {
            query = String(target[target.index(after: mark)...])
            target = target[..<mark]
        }
        guard let bytes = percentDecode(Array(target.utf8)) else { return .failure(.badRequest) }
        for byte in bytes where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
            return .failure(.badRequest)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { return .failure(.badRequest) }
        var segments: [String] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." || part == ".." { return .failure(.notFound) }
            segments.append(String(part))
        }
        return .success(RequestTarget(segments: segments, hasTrailingSlash: decoded.hasSuffix("/"), query: query))
    }

    /// `%XX` → byte, exactly once; nil for a `%` not followed by two hex digits.
    static func percentDecode(_ input: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let byte = input[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < input.count, let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) else {
                    return nil
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Percent-encodes everything but unreserved characters and a few safe sub-delims.
    static func encodeSegment(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
