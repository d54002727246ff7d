import Load

/// A post's hero image (`image:` front matter) as lists show it: a small
/// thumbnail beside the summary (`TemplateValues.thumbnail`). Everything the
/// thumbnail's markup is made from, so a list entry's hash covers it.
public struct EntryImage: Hashable, Sendable {
    /// Site path of the image as written (`/images/hero.jpg`), or an external URL.
    public var src: String
    public var alt: String?
    /// The file's size, when it is a static image of the site.
    public var size: ImageSize?
    /// Its variants, when it is processed.
    public var variants: ImageVariantSet?

    /// The thumbnail of `sp`'s hero image, when it has one.
    init?(_ sp: SitePost, in site: Site) {
        guard let image = sp.post.image else { return nil }
        src = ImageReference.sitePath(image.src, from: sp.post.sourcePath)
        alt = image.alt
        size = site.imageSize(image.src, in: sp.post.sourcePath)
        variants = site.imageVariants(image.src, in: sp.post.sourcePath)
    }
}
