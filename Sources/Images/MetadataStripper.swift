/// Removes metadata from an image file published as it is (not made by libvips):
/// losslessly, without decoding a pixel, so it needs no libvips. What goes is what
/// tells about the camera, the place and the person: EXIF (GPS position, camera
/// serial, dates), XMP, IPTC and comments. What stays is what the pixels need:
/// the colour profile, and the orientation (kept as a minimal EXIF of its own;
/// a HEIF image's is not in its EXIF).
///
/// The format is told by the file's first bytes, not its name.
enum MetadataStripper {
    enum Outcome: Equatable, Sendable {
        /// The file carries no metadata to remove: publish it as it is.
        case unchanged
        /// The file without its metadata.
        case stripped([UInt8])
        /// Not a JPEG, PNG, WebP, HEIC or AVIF (a GIF, an SVG, a text file): nothing here to remove.
        case notAnImage
        /// The file claims a format but is broken; why.
        case malformed(String)
    }

    static func strip(_ bytes: [UInt8]) -> Outcome {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return outcome(JPEGSegments.strippingMetadata(bytes), bytes) }
        if bytes.starts(with: PNGChunks.signature) { return outcome(PNGChunks.strippingMetadata(bytes), bytes) }
        if bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] {
            return outcome(WebPChunks.strippingOriginal(bytes), bytes)
        }
        if isHEIF(bytes) { return outcome(HEIFItems.strippingMetadata(bytes), bytes) }
        return .notAnImage
    }

    private static func outcome(_ result: Result<[UInt8], ImageLibrary.Failure>, _ original: [UInt8]) -> Outcome {
        switch result {
        case .failure(let failure): return .malformed(failure.message)
        case .success(let out): return out == original ? .unchanged : .stripped(out)
        }
    }

    /// Whether `bytes` is an ISO base media file (`ftyp` box) of a HEIF brand: HEIC, AVIF.
    static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[4..<8] == [0x66, 0x74, 0x79, 0x70] else { return false }  // "ftyp"
        let size = min(bytes.count, Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]))
        let heif: Set<String> = ["avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        var at = 8
        while at + 4 <= size {
            if at != 12, heif.contains(String(decoding: bytes[at..<at + 4], as: UTF8.self)) { return true }  // 12: the minor version
            at += 4
        }
        return false
    }

    /// A minimal EXIF block (a TIFF header and one IFD) holding only `orientation`:
    /// what a viewer needs to show the pixels upright. Big-endian.
    static func orientationOnlyEXIF(_ orientation: Int) -> [UInt8] {
        [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at 8
         0x00, 0x01,  // one entry
         0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(orientation), 0x00, 0x00,  // Orientation, SHORT, 1
         0x00, 0x00, 0x00, 0x00]  // no next IFD
    }

    /// The orientation (1–8) an EXIF block (starting at its TIFF header) says; nil when it says none.
    static func orientation(inEXIF tiff: ArraySlice<UInt8>) -> Int? {
        let t = Array(tiff)
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= t.count else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let type = u16(at + 2), type == 3, let value = u16(at + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
