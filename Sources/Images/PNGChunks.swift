/// Removes the metadata chunks of a PNG file, losslessly: text (`tEXt`, `zTXt`,
/// `iTXt`, where XMP lives too), EXIF (`eXIf`) and the modification time
/// (`tIME`). The colour profile (`iCCP`) and everything the pixels need stay. An
/// EXIF orientation other than 1 is kept, alone, in a minimal `eXIf` of its own.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks that go.
    static let metadata: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]

    static func strippingMetadata(_ bytes: [UInt8]) -> Result<[UInt8], ImageLibrary.Failure> {
        func failure(_ why: String) -> Result<[UInt8], ImageLibrary.Failure> { .failure(ImageLibrary.Failure(message: "a broken PNG: \(why)")) }
        guard bytes.starts(with: signature) else { return failure("no PNG signature") }
        var kept = signature
        var orientation: Int?
        var at = signature.count
        var ended = false
        while !ended {
            guard at + 12 <= bytes.count else { return failure("a chunk is cut off at byte \(at)") }
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let end = at + 12 + length
            guard length < 0x8000_0000, end <= bytes.count, bytes[(at + 4)..<(at + 8)].allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return failure("a chunk at byte \(at) is cut off or not a chunk")
            }
            if type == "eXIf" { orientation = orientation ?? MetadataStripper.orientation(inEXIF: bytes[(at + 8)..<(at + 8 + length)]) }
            if !metadata.contains(type) { kept += bytes[at..<end] }
            if type == "IEND" { ended = true }
            at = end
        }
        // The orientation goes right after the header, before the image data, as the PNG spec asks of eXIf.
        if let orientation, orientation != 1 {
            let ihdrEnd = signature.count + 12 + 13
            guard kept.count >= ihdrEnd, kept[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return failure("no header chunk first") }
            kept.insert(contentsOf: chunk("eXIf", MetadataStripper.orientationOnlyEXIF(orientation)), at: ihdrEnd)
        }
        return .success(kept)
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = crc32(typed)
        return [UInt8(data.count >> 24 & 0xFF), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)]
            + typed + [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// CRC-32 (ISO 3309, as PNG and zlib use it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
