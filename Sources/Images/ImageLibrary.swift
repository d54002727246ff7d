import CVips
import Foundation
import Site

/// libvips, loaded at run time: headers, derived images, and what this
/// installation can write. Everything here is safe to call from many threads.
public enum ImageLibrary {
    /// Why an image could not be read or made.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// What a file's header says, before any pixel is decoded.
    public struct Header: Sendable, Hashable, Codable {
        /// As stored (before EXIF orientation).
        var width: Int
        var height: Int
        /// Frames: more than 1 for an animated GIF or WebP.
        var pages: Int
        /// EXIF orientation, 1–8.
        var orientation: Int
        /// libvips's loader: `jpegload`, `pngload`, `gifload`, `svgload`, …
        var loader: String

        /// The size as shown: orientations 5–8 turn the image a quarter.
        var uprightWidth: Int { orientation >= 5 ? height : width }
        var uprightHeight: Int { orientation >= 5 ? width : height }
    }

    /// The most pixels blogbuild decodes from one image (sharp's default,
    /// 16,383²): a tiny file that claims more is a decompression bomb.
    static let pixelLimit = 268_402_689

    /// libvips's version when it loaded; else why it did not.
    static let loaded: Result<String, Failure> = {
        var error = [CChar](repeating: 0, count: 512)
        guard bb_vips_load(&error, error.count) == 1 else { return .failure(Failure(message: text(error))) }
        return .success(String(cString: bb_vips_version()))
    }()

    /// Whether this process has loaded libvips yet (asking does not load it).
    public static var wasLoaded: Bool { bb_vips_was_loaded() == 1 }

    /// The file libvips was loaded from ("" when it is not loaded).
    static var libraryPath: String {
        guard case .success = loaded else { return "" }
        return String(cString: bb_vips_library_path())
    }

    /// The formats this libvips writes, found by writing a tiny image in each
    /// (AVIF needs libheif with an AV1 encoder, which not every build has).
    static let writableFormats: Set<ImageFormat> = {
        guard case .success = loaded else { return [] }
        return Set(ImageFormat.allCases.filter { bb_vips_can_write($0.rawValue) == 1 })
    }()

    static func header(_ path: String) -> Result<Header, Failure> {
        var header = bb_image_header()
        var error = [CChar](repeating: 0, count: 512)
        guard bb_vips_header(path, &header, &error, error.count) == 0 else {
            return .failure(Failure(message: text(error)))
        }
        let loader = withUnsafeBytes(of: header.loader) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .success(Header(width: Int(header.width), height: Int(header.height), pages: Int(max(header.pages, 1)),
                               orientation: Int(header.orientation < 1 ? 1 : header.orientation),
                               loader: loader.replacingOccurrences(of: "VipsForeignLoad", with: "").lowercased()))
    }

    /// `path` at most `width` wide (never enlarged), upright, in sRGB, without
    /// metadata, encoded as `format`. Checks the header first, so a bomb is
    /// refused before a pixel is decoded.
    static func derive(_ path: String, width: Int, format: ImageFormat, quality: Int) -> Result<[UInt8], Failure> {
        switch header(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let header):
            if header.width.multipliedReportingOverflow(by: header.height).partialValue > pixelLimit || header.width > 100_000 || header.height > 100_000 {
                return .failure(Failure(message: "\(header.width) × \(header.height) px is more than blogbuild decodes (\(pixelLimit / 1_000_000) megapixels): a decompression bomb, or an image to make smaller first"))
            }
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        var error = [CChar](repeating: 0, count: 512)
        guard bb_vips_derive(path, Int32(width), format.rawValue, Int32(quality), &buffer, &length, &error, error.count) == 0,
              let buffer else {
            return .failure(Failure(message: text(error)))
        }
        defer { bb_vips_free(buffer) }
        let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        return .success(format == .webp ? WebPChunks.strippingMetadata(bytes) : bytes)
    }

    /// A C string from a buffer C filled in, up to its first NUL.
    private static func text(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// SHA-256 of `bytes` as hex (glib's, loaded with libvips); nil without libvips.
    static func sha256(_ bytes: [UInt8]) -> String? {
        // Loads libvips on first use: a warm build may not have needed it until now.
        guard case .success = loaded else { return nil }
        var out = [CChar](repeating: 0, count: 65)
        let status = bytes.withUnsafeBytes { bb_sha256_hex($0.baseAddress, $0.count, &out) }
        return status == 0 ? text(out) : nil
    }
}
