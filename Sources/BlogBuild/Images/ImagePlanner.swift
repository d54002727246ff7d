import Foundation

/// Which images are processed, and into what: every local raster image a
/// document's body shows (Markdown images, raw `<img>`), in the configured widths
/// (never wider than the image) and formats, plus its own format as the fallback.
/// Hero images, app icons and screenshots are not processed yet (templates show
/// them as they are), so an image one of them uses is left alone too.
enum ImagePlanner {
    /// Formats libvips reads that are processed; others (SVG, GIF) pass through.
    static let rasterExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// Where a document's body shows an image, for diagnostics.
    struct Use: Sendable {
        var document: String
        var location: SourceLocation?
    }

    /// The images to process, each with its first use; and the paths pages link
    /// to as files (`[the original](a.jpg)`), whose own bytes must stay.
    static func candidates(in site: Site) -> (images: [(path: String, file: String, use: Use)], linked: Set<String>) {
        let files = Dictionary(site.staticFiles.map { ($0.relativePath, $0.absolutePath) }, uniquingKeysWith: { a, _ in a })
        var templateShown = Set<String>()
        var linked = Set<String>()
        var seen = Set<String>()
        var images: [(path: String, file: String, use: Use)] = []
        for doc in SourceDocument.all(in: site) {
            for (i, src) in doc.rendered.images.enumerated() {
                guard let path = ImageReference.staticPath(src, from: doc.sourcePath), let file = files[path],
                      rasterExtensions.contains((path as NSString).pathExtension.lowercased()),
                      seen.insert(path).inserted else { continue }
                // cmark's position is within the body; the file's line is what the user sees.
                let at = i < doc.rendered.imagePositions.count ? doc.rendered.imagePositions[i] : nil
                let location = at.map { SourceLocation(line: doc.bodyLine + $0.line - 1, column: $0.column) }
                images.append((path, file, Use(document: doc.sourcePath, location: location)))
            }
            for link in doc.rendered.links {
                if let path = ImageReference.staticPath(link, from: doc.sourcePath) { linked.insert(path) }
            }
            for (_, image) in doc.frontMatterImages {
                if let path = ImageReference.staticPath(image.src, from: doc.sourcePath) { templateShown.insert(path) }
            }
        }
        return (images.filter { !templateShown.contains($0.path) }, linked)
    }

    /// The variant set of each image; a file libvips cannot read (corrupt, cut
    /// off, not an image, a decompression bomb) is an error where a body uses it.
    static func plan(site: Site, settings: ImageSettings, formats writable: Set<ImageFormat>,
                     header: (String) -> Result<ImageLibrary.Header, ImageLibrary.Failure>)
        -> (sets: [String: ImageVariantSet], uses: [String: Use], diagnostics: [Diagnostic]) {
        let (images, linked) = candidates(in: site)
        let modern = settings.formats.compactMap(ImageFormat.init(rawValue:)).filter(writable.contains)
        var sets: [String: ImageVariantSet] = [:]
        var diagnostics: [Diagnostic] = []
        let uses = Dictionary(images.map { ($0.path, $0.use) }, uniquingKeysWith: { a, _ in a })
        for image in images {
            let found: ImageLibrary.Header
            switch header(image.file) {
            case .failure(let failure):
                diagnostics.append(problem(image, "image 'content/\(image.path)' cannot be used: \(failure.message)"))
                continue
            case .success(let h): found = h
            }
            if found.width.multipliedReportingOverflow(by: found.height).partialValue > ImageLibrary.pixelLimit {
                diagnostics.append(problem(image, "image 'content/\(image.path)' is \(found.width) × \(found.height) px: more than blogbuild decodes "
                                           + "(\(ImageLibrary.pixelLimit / 1_000_000) megapixels); a decompression bomb, or an image to make smaller first"))
                continue
            }
            // An animation would lose its frames.
            if found.pages > 1 { continue }
            let fallback = ImageFormat.fallback(forLoader: found.loader)
            let widths = ImageVariants.widths(settings.widths, sourceWidth: found.uprightWidth)
            let stem = (image.path as NSString).deletingPathExtension
            let largest = widths.last ?? found.uprightWidth
            let fallbackPath = linked.contains(image.path) ? "\(stem).\(largest).\(fallback.fileExtension)" : image.path
            var variants: [ImageVariantSet.Variant] = []
            for format in modern + [fallback] {
                for width in widths {
                    let path = format == fallback && width == largest ? fallbackPath : "\(stem).\(width).\(format.fileExtension)"
                    variants.append(.init(width: width, format: format, path: path))
                }
            }
            sets[image.path] = ImageVariantSet(sourcePath: image.path, file: image.file, width: found.uprightWidth,
                                               height: found.uprightHeight, fallback: fallback, fallbackPath: fallbackPath,
                                               variants: variants)
        }
        return (sets, uses, diagnostics)
    }

    private static func problem(_ image: (path: String, file: String, use: Use), _ message: String) -> Diagnostic {
        Diagnostic(file: image.use.document, line: image.use.location?.line, column: image.use.location?.column, message: message)
    }
}
