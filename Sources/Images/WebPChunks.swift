/// Drops the EXIF and XMP chunks from a WebP file (clearing their flags in the
/// `VP8X` chunk and fixing the RIFF size), losslessly. libvips 8.14's WebP
/// saver writes an EXIF block of its own even when told to strip metadata; what
/// it holds is harmless (resolution, orientation 1), but "no metadata" should
/// mean none, and the bytes are wasted. An original published as it is loses
/// its camera's EXIF (GPS position included) and XMP the same way; an
/// orientation other than 1 is kept, alone, in a minimal EXIF chunk.
enum WebPChunks {
    /// A WebP libvips wrote, without its metadata chunks; as it is if it cannot be read.
    static func strippingMetadata(_ bytes: [UInt8]) -> [UInt8] {
        (try? strippingOriginal(bytes).get()) ?? bytes
    }

    /// A WebP file without its metadata chunks; a failure when its chunks are broken.
    static func strippingOriginal(_ bytes: [UInt8]) -> Result<[UInt8], ImageLibrary.Failure> {
        // RIFF, size, WEBP, then chunks: fourcc, little-endian size, data padded to even.
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] else {
            return .failure(ImageLibrary.Failure(message: "a broken WebP: no RIFF header"))
        }
        var out: [UInt8] = Array(bytes[0..<12])
        var at = 12
        var dropped = false
        var orientation: Int?
        while at + 8 <= bytes.count {
            let fourcc = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let end = at + 8 + size + (size & 1)
            guard end <= bytes.count || (end - 1 == bytes.count && size & 1 == 1) else {
                return .failure(ImageLibrary.Failure(message: "a broken WebP: the '\(fourcc)' chunk is longer than the file"))
            }
            let chunk = bytes[at..<min(end, bytes.count)]
            if fourcc == "EXIF" || fourcc == "XMP " {
                dropped = true
                if fourcc == "EXIF", orientation == nil, end <= bytes.count {
                    // Some writers put JPEG's "Exif\0\0" before the TIFF header.
                    let exif = bytes[(at + 8)..<(at + 8 + size)]
                    orientation = MetadataStripper.orientation(inEXIF: exif.starts(with: Array("Exif\0\0".utf8)) ? exif.dropFirst(6) : exif)
                }
            } else {
                out += chunk
                if end > bytes.count { out.append(0) }  // the last chunk's padding byte, missing
            }
            at = end
        }
        guard dropped else { return .success(bytes) }
        // VP8X's flags say which metadata chunks follow: clear EXIF (0x08) and XMP (0x04).
        let extended = out.count >= 21 && String(decoding: out[12..<16], as: UTF8.self) == "VP8X"
        if extended { out[20] &= ~UInt8(0x0C) }
        if extended, let orientation, orientation != 1 {
            let exif = MetadataStripper.orientationOnlyEXIF(orientation)
            out += Array("EXIF".utf8) + [UInt8(exif.count), 0, 0, 0] + exif
            out[20] |= 0x08
        }
        let riffSize = out.count - 8
        out[4] = UInt8(riffSize & 0xFF)
        out[5] = UInt8(riffSize >> 8 & 0xFF)
        out[6] = UInt8(riffSize >> 16 & 0xFF)
        out[7] = UInt8(riffSize >> 24 & 0xFF)
        return .success(out)
    }
}
