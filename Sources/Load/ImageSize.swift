#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The pixel size of a PNG, GIF, JPEG or WebP image, read from its header, so
/// pages can give `<img>` a `width` and `height` and the browser keeps the room
/// for it while it loads (no layout shift). Anything else, or a damaged header:
/// nil, and the page simply goes without.
public struct ImageSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    /// Reads at most the first 64 KB of the file at `path`.
    public static func fromFile(_ path: String) -> ImageSize? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parse(Array(bytes[..<count]))
    }

    /// The size in an image file's first bytes.
    public static func parse(_ b: [UInt8]) -> ImageSize? {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { le16(i) | Int(b[i + 2]) << 16 }
        func starts(_ prefix: [UInt8], at i: Int = 0) -> Bool {
            b.count >= i + prefix.count && b[i..<(i + prefix.count)].elementsEqual(prefix)
        }
        var size: ImageSize?
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), b.count >= 24, starts(Array("IHDR".utf8), at: 12) {
            size = ImageSize(width: be32(16), height: be32(20))
        } else if starts(Array("GIF8".utf8)), b.count >= 10 {
            size = ImageSize(width: le16(6), height: le16(8))
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8), b.count >= 30 {
            if starts(Array("VP8 ".utf8), at: 12) {
                size = ImageSize(width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF)
            } else if starts(Array("VP8L".utf8), at: 12), b[20] == 0x2F {
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                size = ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            } else if starts(Array("VP8X".utf8), at: 12) {
                size = ImageSize(width: le24(24) + 1, height: le24(27) + 1)
            }
        } else if starts([0xFF, 0xD8]) {
            // Walk the segments to the first start-of-frame (SOF0–SOF15 but not DHT, JPG or DAC).
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    size = ImageSize(width: be16(i + 7), height: be16(i + 5))
                    break
                }
                i += 2 + be16(i + 2)
            }
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
