import Load
import Markdown
import Site

/// What one document shows and links of the site's images, as the image plan
/// reads it (`ImagePlanner.candidates`): its own part of the plan, so a rebuild
/// works it out again only for a document that changed (`ImageUseMemo`).
public struct DocumentImageUses: Sendable, Equatable {
    /// An image the document shows, relative to content/.
    public struct Shown: Sendable, Equatable {
        public var path: String
        public var use: ImagePlanner.Use
        /// An app icon (`icon:`): a plain `<img>` in the icon widths, not a `<picture>`.
        public var isIcon: Bool
    }

    /// Body images in the order they appear, then front-matter images (hero,
    /// icon, screenshots, a page's social image).
    public var shown: [Shown] = []
    /// Images the document links to as files (`[the original](a.jpg)`).
    public var linked: [String] = []

    /// Gives a document's part of the plan: made (`of`), or kept from the last build (`ImageUseMemo`).
    public typealias Source = (SourceDocument.Ref, Site) -> DocumentImageUses

    /// The part of the document `ref` of `site`, made now.
    public static func of(_ ref: SourceDocument.Ref, in site: Site) -> DocumentImageUses {
        DocumentImageUses(SourceDocument(ref, in: site))
    }

    public init(_ doc: SourceDocument) {
        for (i, src) in doc.rendered.images.enumerated() {
            guard let path = ImageReference.staticPath(src, from: doc.sourcePath) else { continue }
            // cmark's position is within the body; the file's line is what the user sees.
            let at = i < doc.rendered.imagePositions.count ? doc.rendered.imagePositions[i] : nil
            let location = at.map { SourceLocation(line: doc.bodyLine + $0.line - 1, column: $0.column) }
            shown.append(Shown(path: path, use: ImagePlanner.Use(document: doc.sourcePath, location: location), isIcon: false))
        }
        for link in doc.rendered.links {
            if let path = ImageReference.staticPath(link, from: doc.sourcePath) { linked.append(path) }
        }
        // Hero images and screenshots are processed like body images; app icons
        // in 1× and 2× of each size the theme shows them at.
        for (key, image) in doc.frontMatterImages {
            guard let path = ImageReference.staticPath(image.src, from: doc.sourcePath) else { continue }
            shown.append(Shown(path: path, use: ImagePlanner.Use(document: doc.sourcePath, location: doc.keyLocations[key]),
                               isIcon: key == "icon"))
        }
    }
}
