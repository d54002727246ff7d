/// Drops the EXIF and XMP chunks from a WebP file. libvips 8.14's WebP saver
/// writes an EXIF block of its own even when told to strip metadata; what it
/// holds is harmless (resolution, orientation 1), but "no metadata" should
/// mean none, and the bytes are wasted.
enum WebPChunks {
    static func strippingMetadata(_ bytes: [UInt8]) -> [UInt8] {
        // RIFF, size, WEBP, then chunks: fourcc, little-endian size, data padded to even.
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] else {
            return bytes
        }
        var out: [UInt8] = Array(bytes[0..<12])
        var at = 12
        var dropped = false
        while at + 8 <= bytes.count {
            let fourcc = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let end = at + 8 + size + (size & 1)
            guard end <= bytes.count || (end - 1 == bytes.count && size & 1 == 1) else { return bytes }
            let chunk = bytes[at..<min(end, bytes.count)]
            if fourcc == "EXIF" || fourcc == "XMP " {
                dropped = true
            } else {
                out += chunk
            }
            at = end
        }
        guard dropped else { return bytes }
        // VP8X's flags say which metadata chunks follow: clear EXIF (0x08) and XMP (0x04).
        if out.count >= 21, String(decoding: out[12..<16], as: UTF8.self) == "VP8X" { out[20] &= ~UInt8(0x0C) }
        let riffSize = out.count - 8
        out[4] = UInt8(riffSize & 0xFF)
        out[5] = UInt8(riffSize >> 8 & 0xFF)
        out[6] = UInt8(riffSize >> 16 & 0xFF)
        out[7] = UInt8(riffSize >> 24 & 0xFF)
        return out
    }
}
