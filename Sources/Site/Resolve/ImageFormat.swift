/// A format blogbuild writes derived images in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case avif, webp, jpeg, png

    /// The file extension of a derived image: `.webp`.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The media type for `<source type="…">`.
    public var mediaType: String { "image/" + rawValue }

    /// The format to fall back to for a source read by libvips's `loader`
    /// (`jpegload` → JPEG): what every browser shows.
    public static func fallback(forLoader loader: String) -> ImageFormat {
        loader.hasPrefix("jpeg") ? .jpeg : .png
    }

    /// Best compression first, as `<picture>` lists its sources.
    public static func < (a: ImageFormat, b: ImageFormat) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
