/// `images:` in site.yml: how images a page shows are made smaller.
public struct ImageSettings: Sendable, Hashable {
    /// Widths of the variants, in pixels (never wider than the image itself).
    public var widths: [Int] = [480, 960, 1440]
    /// Modern formats offered beside the image's own (which every browser shows).
    public var formats: [String] = ["webp"]
    /// Encoder quality, 1–100.
    public var quality: Int = 80
    /// Whether images are processed at all. Off unless `resize: true` for now:
    /// the test fixtures and the example site need real images first (many
    /// fixtures hold placeholder bytes libvips rightly refuses).
    public var resize: Bool = false

    /// The formats `formats` may name.
    static let knownFormats = ["avif", "webp"]

    public init() {}
}
