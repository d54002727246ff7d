/// Removes the metadata of a HEIF file (HEIC, AVIF), losslessly and in place: the
/// EXIF item's bytes become an empty EXIF block and the XMP item's an empty XMP
/// packet, padded to their old length, so no offset in the file moves and the
/// coded image is untouched. The orientation of a HEIF image is not in its EXIF
/// (the `irot` and `imir` properties hold it), so nothing a viewer needs goes.
///
/// The boxes read: `meta` at the top level, and in it `iinf` (each item's type),
/// `iloc` (where each item's bytes are) and `idat` (bytes stored in `meta`).
enum HEIFItems {
    private struct Broken: Error { var why: String }

    /// A big-endian reader over `bytes` that throws instead of reading past the end.
    private struct Reader {
        let bytes: [UInt8]
        func uint(_ at: Int, _ size: Int) throws -> Int {
            guard size == 0 || [1, 2, 4, 8].contains(size), at >= 0, at + size <= bytes.count else { throw Broken(why: "a box is cut off") }
            var value = 0
            for i in 0..<size {
                guard value >> 55 == 0 else { throw Broken(why: "a number too large") }
                value = value << 8 | Int(bytes[at + i])
            }
            return value
        }
        func type(_ at: Int) throws -> String {
            guard at >= 0, at + 4 <= bytes.count else { throw Broken(why: "a box is cut off") }
            return String(decoding: bytes[at..<at + 4], as: UTF8.self)
        }
        /// A NUL-terminated string at `at`, and where the next field starts.
        func cString(_ at: Int, end: Int) throws -> (String, Int) {
            guard at >= 0, at <= end, end <= bytes.count else { throw Broken(why: "a box is cut off") }
            guard let nul = bytes[at..<end].firstIndex(of: 0) else { throw Broken(why: "a name without its end") }
            return (String(decoding: bytes[at..<nul], as: UTF8.self), nul + 1)
        }
        /// The boxes from `start` to `end`: type, where its content starts, where it ends.
        func boxes(_ start: Int, _ end: Int) throws -> [(type: String, content: Int, end: Int)] {
            var out: [(type: String, content: Int, end: Int)] = []
            var at = start
            while at + 8 <= end {
                var size = try uint(at, 4)
                var header = 8
                if size == 1 { size = try uint(at + 8, 8); header = 16 }
                if size == 0 { size = end - at }
                guard size >= header, at + size <= end else { throw Broken(why: "the '\(try type(at + 4))' box is longer than its room") }
                out.append((try type(at + 4), at + header, at + size))
                at += size
            }
            return out
        }
    }

    static func strippingMetadata(_ bytes: [UInt8]) -> Result<[UInt8], ImageLibrary.Failure> {
        do {
            return .success(try blanking(bytes))
        } catch let broken as Broken {
            return .failure(ImageLibrary.Failure(message: "a broken HEIF file: \(broken.why)"))
        } catch {
            return .failure(ImageLibrary.Failure(message: "a broken HEIF file"))
        }
    }

    /// An EXIF item with no tags: the offset of its TIFF header (0), and a TIFF header with an empty IFD.
    static let emptyEXIF: [UInt8] = [0, 0, 0, 0, 0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
    /// An XMP packet with nothing in it (XMP allows whitespace after it).
    static let emptyXMP = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)

    private static func blanking(_ bytes: [UInt8]) throws -> [UInt8] {
        let r = Reader(bytes: bytes)
        guard let meta = try r.boxes(0, bytes.count).first(where: { $0.type == "meta" }) else { return bytes }
        let children = try r.boxes(meta.content + 4, meta.end)  // meta is a full box: version and flags first
        // Which items are metadata.
        var exif = Set<Int>(), xmp = Set<Int>()
        if let iinf = children.first(where: { $0.type == "iinf" }) {
            let version = try r.uint(iinf.content, 1)
            let first = iinf.content + 4 + (version == 0 ? 2 : 4)
            for infe in try r.boxes(first, iinf.end) where infe.type == "infe" {
                let version = try r.uint(infe.content, 1)
                var at = infe.content + 4
                let id: Int
                var type = "mime"
                if version >= 2 {
                    id = try r.uint(at, version == 2 ? 2 : 4)
                    at += (version == 2 ? 2 : 4) + 2
                    type = try r.type(at)
                    at += 4
                } else {
                    id = try r.uint(at, 2)
                    at += 4
                }
                let (_, afterName) = try r.cString(at, end: infe.end)  // item_name
                if type == "Exif" { exif.insert(id) }
                if type == "mime", afterName < infe.end, try r.cString(afterName, end: infe.end).0 == "application/rdf+xml" { xmp.insert(id) }
            }
        }
        guard !exif.isEmpty || !xmp.isEmpty else { return bytes }
        guard let iloc = children.first(where: { $0.type == "iloc" }) else { throw Broken(why: "no item locations") }
        let idat = children.first(where: { $0.type == "idat" })
        // Where each metadata item's bytes are, in the file.
        var ranges: [Int: [Range<Int>]] = [:]
        let version = try r.uint(iloc.content, 1)
        var at = iloc.content + 4
        let sizes = try r.uint(at, 1), more = try r.uint(at + 1, 1)
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4, indexSize = version >= 1 ? more & 15 : 0
        at += 2
        let idSize = version < 2 ? 2 : 4
        let count = try r.uint(at, idSize)
        at += idSize
        for _ in 0..<count {
            let id = try r.uint(at, idSize)
            at += idSize
            var method = 0
            if version >= 1 { method = try r.uint(at, 2) & 0xF; at += 2 }
            let reference = try r.uint(at, 2)
            let base = try r.uint(at + 2, baseSize)
            let extents = try r.uint(at + 2 + baseSize, 2)
            at += 4 + baseSize
            var found: [Range<Int>] = []
            for _ in 0..<extents {
                at += indexSize
                let offset = try r.uint(at, offsetSize), length = try r.uint(at + offsetSize, lengthSize)
                at += offsetSize + lengthSize
                guard base <= bytes.count, offset <= bytes.count, length <= bytes.count else { throw Broken(why: "an item outside the file") }
                let start: Int
                switch method {
                case 0: start = base + offset
                case 1:
                    guard let idat else { throw Broken(why: "an item in 'idat', which is missing") }
                    start = idat.content + base + offset
                default: throw Broken(why: "an item made of other items")
                }
                guard reference == 0, length > 0, start >= 0, start + length <= bytes.count else { throw Broken(why: "an item outside the file") }
                found.append(start..<start + length)
            }
            if exif.contains(id) || xmp.contains(id) { ranges[id] = found }
        }
        var out = bytes
        for (id, parts) in ranges {
            let total = parts.reduce(0) { $0 + $1.count }
            let content = exif.contains(id) ? emptyEXIF : emptyXMP
            var blank = content.count <= total ? content : []
            blank += [UInt8](repeating: exif.contains(id) ? 0 : 0x20, count: total - blank.count)
            var next = 0
            for part in parts {
                out.replaceSubrange(part, with: blank[next..<next + part.count])
                next += part.count
            }
        }
        return out
    }
}
