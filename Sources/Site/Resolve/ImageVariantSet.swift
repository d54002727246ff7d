import Support

/// One image a page shows, processed: its variants and where the `<img>` points.
public struct ImageVariantSet: Sendable, Hashable {
    /// One derived file.
    public struct Variant: Sendable, Hashable {
        public var width: Int
        public var format: ImageFormat
        /// Output path, relative to the site's root: `images/a.480.webp`.
        public var path: String

        /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
        public init(width: Int, format: ImageFormat, path: String) {
            self.width = width
            self.format = format
            self.path = path
        }
    }

    /// The source, relative to content/: `images/a.jpg`.
    public var sourcePath: String
    /// The source file on disk.
    public var file: String
    /// The size as shown (EXIF orientation applied), of the source.
    public var width: Int
    public var height: Int
    /// The format of the fallback `<img>`: the source's own (JPEG, else PNG).
    public var fallback: ImageFormat
    /// Where the `<img>`'s `src` points: the source's own path (processed bytes),
    /// or, when a page links to the file itself, the largest fallback variant.
    public var fallbackPath: String
    /// Every variant, by format then width; the largest fallback is `fallbackPath`.
    public var variants: [Variant]

    /// The `srcset` of one format: `/images/a.480.webp 480w, /images/a.960.webp 960w`
    /// (each site path through `url`, for a base path or absolute URLs; a blank in a
    /// file's name is `%20`, since a blank separates a srcset's URL from its width).
    public func srcset(_ format: ImageFormat, url: (String) -> String = { $0 }) -> String {
        variants.filter { $0.format == format }.sorted { $0.width < $1.width }
            .map { "\(url("/" + SitePaths.percentEncoded($0.path))) \($0.width)w" }.joined(separator: ", ")
    }

    /// The `srcset` of one format for an image never shown wider than `needed`
    /// pixels: the variants up to the first one at least that wide.
    public func srcset(_ format: ImageFormat, upTo needed: Int, url: (String) -> String = { $0 }) -> String {
        var shown: [Variant] = []
        for v in variants.filter({ $0.format == format }).sorted(by: { $0.width < $1.width }) {
            shown.append(v)
            if v.width >= needed { break }
        }
        return shown.map { "\(url("/" + SitePaths.percentEncoded($0.path))) \($0.width)w" }.joined(separator: ", ")
    }

    /// The variant of `format` to show at `width` pixels: that width, else the
    /// narrowest wider one, else the widest there is.
    public func variant(_ format: ImageFormat, atLeast width: Int) -> Variant? {
        let mine = variants.filter { $0.format == format }.sorted { $0.width < $1.width }
        return mine.first { $0.width >= width } ?? mine.last
    }

    /// A `srcset` with density descriptors for an image shown at a fixed `size`
    /// (an app icon): `icon.64.webp 1x, icon.128.webp 2x`.
    public func densitySrcset(_ format: ImageFormat, size: Int, url: (String) -> String = { $0 }) -> String {
        guard let one = variant(format, atLeast: size) else { return "" }
        var out = "\(url("/" + SitePaths.percentEncoded(one.path))) 1x"
        if let two = variant(format, atLeast: 2 * size), two.width > one.width { out += ", \(url("/" + SitePaths.percentEncoded(two.path))) 2x" }
        return out
    }

    /// How the theme shows an image, which decides the `sizes` a browser picks a variant by.
    public enum Display: Sendable {
        /// In the text column (body images, hero images).
        case column
        /// An app screenshot: at most 38rem wide and 26rem tall (the theme's `.screenshots img`).
        case screenshot
    }

    /// `sizes` for `display`: the column's width, or a screenshot's width at the
    /// height the theme caps it to.
    public func sizes(_ display: Display) -> String {
        switch display {
        case .column: return Self.sizes
        case .screenshot:
            // 26rem tall at most (416 px at 16 px a rem), and at most 38rem wide.
            let shown = min(Double(width), 608, 416 * Double(width) / Double(max(height, 1)))
            return "\(Int(shown.rounded(.up)))px"
        }
    }

    /// The modern formats offered beside the fallback, best first.
    public var modernFormats: [ImageFormat] {
        Array(Set(variants.map(\.format)).subtracting([fallback])).sorted()
    }

    /// Widths made (the same for every format).
    public var widths: [Int] { Array(Set(variants.map(\.width))).sorted() }

    /// What the theme's column is wide: the content measure (70ch) at most, the
    /// whole viewport on a phone. Browsers pick the variant from this.
    public static let sizes = "(max-width: 44rem) 100vw, 44rem"

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(
        sourcePath: String,
        file: String,
        width: Int,
        height: Int,
        fallback: ImageFormat,
        fallbackPath: String,
        variants: [Variant]
    ) {
        self.sourcePath = sourcePath
        self.file = file
        self.width = width
        self.height = height
        self.fallback = fallback
        self.fallbackPath = fallbackPath
        self.variants = variants
    }
}
