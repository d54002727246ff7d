import Diagnostics

/// Turns a file's bytes into text: skips a UTF-8 byte-order mark, insists on
/// valid UTF-8 and normalises line endings (CRLF and lone CR) to `\n`, so line
/// numbers everywhere else count `\n` only.
enum SourceText {
    /// Why bytes are not usable text.
    enum Problem: Error, Equatable, Sendable {
        /// Nothing (or only a byte-order mark) in the file.
        case empty
        /// The first byte that does not belong to valid UTF-8, with its 1-based
        /// line and column (columns count Unicode scalars, as Yams does).
        case notUTF8(line: Int, column: Int, byte: UInt8)

        /// The diagnostic for this problem in `file`.
        func diagnostic(file: String) -> Diagnostic {
            switch self {
            case .empty:
                return Diagnostic(file: file, message: "file is empty")
            case let .notUTF8(line, column, byte):
                return Diagnostic(file: file, line: line, column: column,
                                  message: "not valid UTF-8 (byte 0x\(hex(byte)))")
            }
        }
    }

    /// `check`, then the bytes as a `String`.
    static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        check(bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes without a byte-order mark and with `\n` line endings, once
    /// they are known to be valid UTF-8 and not empty.
    static func check(_ bytes: [UInt8]) -> Result<[UInt8], Problem> {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        if start == bytes.count { return .failure(.empty) }
        return bytes.withUnsafeBufferPointer { all in
            let body = UnsafeBufferPointer(rebasing: all[start...])
            if let bad = firstInvalidByte(body) { return .failure(position(of: bad, in: body)) }
            guard body.contains(13) else { return .success(start == 0 ? bytes : Array(body)) }
            var normalised = [UInt8]()
            normalised.reserveCapacity(body.count)
            var i = 0
            while i < body.count {
                let b = body[i]
                if b == 13 {
                    normalised.append(10)
                    if i + 1 < body.count && body[i + 1] == 10 { i += 1 }
                } else {
                    normalised.append(b)
                }
                i += 1
            }
            return .success(normalised)
        }
    }

    /// The offset of the first byte that is not part of well-formed UTF-8 (no
    /// overlong forms, no surrogates, nothing past U+10FFFF). Runs of ASCII are
    /// skipped eight bytes at a time.
    static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        while i < n {
            if i + 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return i }
            var k = 2
            while k < length {
                guard bytes[i + k] & 0xC0 == 0x80 else { return i }
                k += 1
            }
            i += length
        }
        return nil
    }

    /// Line and column (in scalars) of the byte at `offset`, counting CRLF,
    /// LF and lone CR as line ends. Everything before `offset` is valid UTF-8.
    private static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Problem {
        var line = 1
        var column = 1
        for i in 0..<offset {
            let b = bytes[i]
            if b == 10 || (b == 13 && bytes[i + 1] != 10) {
                line += 1
                column = 1
            } else if b != 13 && b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .notUTF8(line: line, column: column, byte: bytes[offset])
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
