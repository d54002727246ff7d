/// `images:` in site.yml: how images a page shows are made smaller.
public struct ImageSettings: Sendable, Hashable {
    /// Widths of the variants, in pixels (never wider than the image itself).
    public var widths: [Int] = [480, 960, 1440]
    /// Modern formats offered beside the image's own (which every browser shows).
    public var formats: [String] = ["webp"]
    /// Encoder quality, 1–100.
    public var quality: Int = 80
    /// Whether images are processed at all (`resize: false` turns it off).
    public var resize: Bool = true
    /// Whether site.yml says `resize:` itself. Asked for and impossible (no
    /// libvips) is a warning; left to the default, a notice: a site that never
    /// mentioned images must not fail `publish` on a machine without libvips.
    public var resizeWritten = false

    /// The formats `formats` may name.
    static let knownFormats = ["avif", "webp"]

    public init() {}
}
