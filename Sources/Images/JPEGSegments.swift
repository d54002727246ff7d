/// Removes the metadata segments of a JPEG file, losslessly: every APPn but
/// APP0 JFIF, APP2 ICC_PROFILE and APP14 Adobe (which the decoder needs), every
/// comment, and whatever follows the end of the image (a second picture's EXIF
/// in a multi-picture file). An EXIF orientation other than 1 is kept, alone,
/// in a minimal EXIF segment of its own: the pixels are stored sideways.
enum JPEGSegments {
    static func strippingMetadata(_ bytes: [UInt8]) -> Result<[UInt8], ImageLibrary.Failure> {
        func failure(_ why: String) -> Result<[UInt8], ImageLibrary.Failure> { .failure(ImageLibrary.Failure(message: "a broken JPEG: \(why)")) }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return failure("no start of image") }
        var kept: [UInt8] = [0xFF, 0xD8]
        var orientation: Int?
        var exifAt: Int?  // where in `kept` the orientation's segment goes: after APP0, before the rest
        var at = 2
        while true {
            // Fill bytes (0xFF) may precede a marker.
            while at < bytes.count, bytes[at] == 0xFF, at + 1 < bytes.count, bytes[at + 1] == 0xFF { at += 1 }
            guard at + 1 < bytes.count, bytes[at] == 0xFF else { return failure("a segment is cut off or missing at byte \(at)") }
            let marker = bytes[at + 1]
            if marker == 0xD9 {  // end of image: what follows is not part of it
                kept += [0xFF, 0xD9]
                break
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {  // no length
                kept += bytes[at..<at + 2]
                at += 2
                continue
            }
            guard at + 4 <= bytes.count else { return failure("a segment is cut off at byte \(at)") }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let end = at + 2 + length
            guard length >= 2, end <= bytes.count else { return failure("a segment is longer than the file, at byte \(at)") }
            let payload = bytes[(at + 4)..<end]
            switch marker {
            case 0xE0:  // APP0: JFIF only
                if payload.starts(with: Array("JFIF\0".utf8)) { kept += bytes[at..<end] }
                if exifAt == nil { exifAt = kept.count }
            case 0xE1:  // APP1: EXIF (its orientation read first) or XMP
                if payload.starts(with: Array("Exif\0\0".utf8)) {
                    orientation = orientation ?? MetadataStripper.orientation(inEXIF: payload.dropFirst(6))
                }
            case 0xE2 where payload.starts(with: Array("ICC_PROFILE\0".utf8)):
                kept += bytes[at..<end]
            case 0xEE where payload.starts(with: Array("Adobe".utf8)):  // APP14: the colour transform of CMYK and YCCK
                kept += bytes[at..<end]
            case 0xE2...0xEF, 0xFE:  // other APPn (IPTC in APP13, MPF, FlashPix …) and comments
                break
            case 0xDA:  // start of scan: the segment, then entropy-coded data up to the next marker
                kept += bytes[at..<end]
                var scan = end
                while scan + 1 < bytes.count {
                    if bytes[scan] == 0xFF, bytes[scan + 1] != 0x00, !(0xD0...0xD7).contains(bytes[scan + 1]), bytes[scan + 1] != 0xFF { break }
                    scan += 1
                }
                guard scan + 1 < bytes.count else { return failure("the image data is cut off") }
                kept += bytes[end..<scan]
                at = scan
                continue
            default:
                kept += bytes[at..<end]
            }
            at = end
        }
        if let orientation, orientation != 1 {
            let tiff = MetadataStripper.orientationOnlyEXIF(orientation)
            let payload = Array("Exif\0\0".utf8) + tiff
            let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
            kept.insert(contentsOf: segment, at: exifAt ?? 2)
        }
        return .success(kept)
    }
}
