import Foundation
import Diagnostics
import Load
import Site

/// Which images are processed, and into what: every local raster image a
/// document's body shows (Markdown images, raw `<img>`), every hero image and
/// screenshot, in the configured widths (never wider than the image) and
/// formats, plus its own format as the fallback; every app icon in 1× and 2× of
/// the sizes the theme shows icons at; the site's `icon:`, its `image:` and the
/// author's `avatar:` at the size they are shown.
public enum ImagePlanner {
    /// Formats libvips reads that are processed; others (SVG, GIF) pass through.
    public static let rasterExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// Where a document's body shows an image, for diagnostics.
    public struct Use: Sendable, Equatable {
        var document: String
        var location: SourceLocation?
    }

    /// The images to process, each with its first use; the paths pages link to as
    /// files (`[the original](a.jpg)`), whose own bytes must stay; for the images
    /// shown as a plain `<img>` of one size (app icons, the site's `icon:`, the
    /// author's `avatar:`), the widths to make in their own format; and the images
    /// shown as a `<picture>` somewhere (a body, a hero, a screenshot).
    /// `uses`: each document's part (`DocumentImageUses`), which a rebuild keeps for
    /// the documents that did not change (`ImageUseMemo`).
    public static func candidates(in site: Site, configText: String? = nil, uses: DocumentImageUses.Source = DocumentImageUses.of)
        -> (images: [(path: String, file: String, use: Use)], linked: Set<String>, plainWidths: [String: Set<Int>], pictured: Set<String>) {
        let files = Dictionary(site.staticFiles.map { ($0.relativePath, $0.absolutePath) }, uniquingKeysWith: { a, _ in a })
        var plainWidths: [String: Set<Int>] = [:]
        var pictured = Set<String>()
        var linked = Set<String>()
        var seen = Set<String>()
        var images: [(path: String, file: String, use: Use)] = []
        func add(_ path: String, _ use: Use) {
            guard let file = files[path], rasterExtensions.contains((path as NSString).pathExtension.lowercased()),
                  seen.insert(path).inserted else { return }
            images.append((path, file, use))
        }
        for ref in SourceDocument.Ref.all(in: site) {
            let found = uses(ref, site)
            for shown in found.shown {
                if shown.isIcon { plainWidths[shown.path, default: []].formUnion(iconWidths) } else { pictured.insert(shown.path) }
                add(shown.path, shown.use)
            }
            linked.formUnion(found.linked)
        }
        // What site.yml shows on pages: the home-screen icon, the author's picture and the link preview's,
        // published only as processed files (a phone photo's GPS position must not be).
        // A problem with one is reported at the line of site.yml that names it.
        let config = configText.map(SourceDocument.config)
        for (written, widths) in [(site.config.icon, [SiteImageWidths.touchIcon]), (site.config.author?.avatar, [SiteImageWidths.avatar]),
                                  (site.config.image, [SiteImageWidths.shareImage])] {
            guard let written, let path = ImageReference.staticPath(written, from: ConfigLoader.path) else { continue }
            plainWidths[path, default: []].formUnion(widths)
            add(path, Use(document: ConfigLoader.path, location: config?.location(of: written)))
        }
        return (images, linked, plainWidths, pictured)
    }

    /// The sizes the theme shows app icons at: 64 px on a card, 72 px in the apps
    /// list, 112 px on the app's page (templates read `icon_64` …).
    public static let iconSizes = [64, 72, 112]

    /// An app icon's widths: 1× and 2× of each of `iconSizes`, so a 1× screen is not
    /// sent four times the pixels it shows (the `<img>` gets `srcset="… 1x, … 2x"`).
    public static let iconWidths = iconSizes + iconSizes.map { 2 * $0 }

    /// What `plan` decides: each image's variant set, its first use, the problems
    /// found, and the files reported as unusable.
    public typealias Plan = (sets: [String: ImageVariantSet], uses: [String: Use], diagnostics: [Diagnostic], notices: [Diagnostic],
                      failed: Set<String>)

    /// The variant set of each image; a file libvips cannot read (corrupt, cut
    /// off, not an image, a decompression bomb) is an error where a body uses it.
    /// `configText`: site.yml's text, for the line of a picture it names.
    /// `failed`: the files of the images reported as unusable.
    public static func plan(site: Site, settings: ImageSettings, formats writable: Set<ImageFormat>, configText: String? = nil,
                     uses: DocumentImageUses.Source = DocumentImageUses.of,
                     header: (String) -> Result<ImageLibrary.Header, ImageLibrary.Failure>) -> Plan {
        let (images, linked, plainWidths, pictured) = candidates(in: site, configText: configText, uses: uses)
        let modern = settings.formats.compactMap(ImageFormat.init(rawValue:)).filter(writable.contains)
        var sets: [String: ImageVariantSet] = [:]
        var diagnostics: [Diagnostic] = []
        var notices: [Diagnostic] = []
        var failed = Set<String>()
        let uses = Dictionary(images.map { ($0.path, $0.use) }, uniquingKeysWith: { a, _ in a })
        // Sources sharing a name but for the extension (shot.png and shot.jpg in one
        // folder) would make the same variants (shot.1440.webp): theirs keep the
        // extension (shot.png.1440.webp), whichever of them a build meets first.
        let sharedStems = Set(Dictionary(grouping: images.map(\.path), by: { ($0 as NSString).deletingPathExtension })
            .filter { $0.value.count > 1 }.keys)
        for image in images {
            switch decide(image, header: header(image.file), plainWidths: plainWidths[image.path] ?? [],
                          isPictured: pictured.contains(image.path), isLinked: linked.contains(image.path),
                          sharesStem: sharedStems.contains((image.path as NSString).deletingPathExtension),
                          settings: settings, modern: modern) {
            case .variants(let set): sets[image.path] = set
            case .unusable(let problem):
                diagnostics.append(problem)
                failed.insert(image.file)
            case .asItIs(let notice): notices.append(notice)
            }
        }
        return (sets, uses, diagnostics, notices, failed)
    }

    /// One document's change: its part of the plan before (nil: it is new) and after
    /// (nil: it is gone), and the images its Markdown renders (what the memo compares).
    public struct Change {
        public var sourcePath: String
        public var images: [String]
        public var before: DocumentImageUses?
        public var after: DocumentImageUses?

        public init(sourcePath: String, images: [String], before: DocumentImageUses?, after: DocumentImageUses?) {
            self.sourcePath = sourcePath
            self.images = images
            self.before = before
            self.after = after
        }
    }

    /// A rebuild's step (`PlanPatch`): the image plan changed only for the images the
    /// changed documents show or link, as the whole plan (`plan`) would decide them:
    /// each document's part of the plan is in `ImageUseMemo`, so the documents that
    /// use one of those images are found without reading the others.
    ///
    /// For each such image: the documents that use it now decide how it is shown (as a
    /// `<picture>`, as an icon, linked as a file), and its first use is the first of them
    /// in the documents' order (posts newest first, then pages, series and apps), which
    /// is what a problem found while processing it points at. An image no document shows
    /// any more leaves the plan; one shown for the first time gets its variant set.
    ///
    /// It gives up (the caller makes the whole plan) where other pages would change or a
    /// problem would move: an image whose variant set changes (shown now as an icon too,
    /// linked as a file), one with a problem (unusable, animated), one that shares its
    /// name with an image of another extension, one that site.yml shows, or a plan made
    /// without its parts (`ImageUseMemo` empty) or without libvips while `resize` is on.
    /// Applies `changes` to `site`'s image variants and sizes and to `uses` (each image's first
    /// use); false when the whole plan must be made. `library`, `sources`: the last plan's libvips
    /// and source index; `memo`: each document's part; `version`: a source path's load version;
    /// `size`: an image file's width and height; `hasProblem`: whether the last plan found a
    /// problem with the image at a path (in a file), which the edit may move.
    public static func update(_ changes: [Change], site: inout Site, uses: inout [String: Use], library: LibvipsFacts?,
                              sources: ImageSourceIndex?, memo: ImageUseMemo, version: (String) -> Int,
                              size: (String) -> ImageSize?, hasProblem: (String, String) -> Bool) -> Bool {
        var affected = Set<String>()
        for change in changes {
            for uses in [change.before, change.after].compactMap({ $0 }) {
                affected.formUnion(uses.shown.map(\.path))
                affected.formUnion(uses.linked)
            }
        }
        if affected.isEmpty { return true }
        let files = Dictionary(site.staticFiles.lazy.filter { affected.contains($0.relativePath) }.map { ($0.relativePath, $0.absolutePath) },
                               uniquingKeysWith: { a, _ in a })
        // What the changed documents show is sized from its file, as resolve sizes it.
        for change in changes {
            for shown in change.after?.shown ?? [] where site.imageSizes[shown.path] == nil {
                if let file = files[shown.path], let found = size(file) { site.imageSizes[shown.path] = found }
            }
        }
        let config = site.config
        guard config.images.resize else { return true }
        guard let library, let sources, !memo.isEmpty else { return false }
        let configImages = [config.icon, config.author?.avatar, config.image].compactMap { written in
            written.flatMap { ImageReference.staticPath($0, from: ConfigLoader.path) }
        }
        guard affected.isDisjoint(with: configImages) else { return false }
        for change in changes {
            memo.record(change.sourcePath, version: version(change.sourcePath), images: change.images, uses: change.after)
        }

        // The images the plan processes: raster files of the site.
        let processed = affected.filter { path in
            files[path] != nil && ImagePlanner.rasterExtensions.contains((path as NSString).pathExtension.lowercased())
        }
        if processed.isEmpty { return true }
        let users = memo.users(of: processed)
        var firstUse: [String: ImagePlanner.Use] = [:]
        for ref in SourceDocument.Ref.all(in: site) where firstUse.count < processed.count {
            guard let uses = users[ref.sourcePath(in: site)] else { continue }
            for shown in uses.shown where processed.contains(shown.path) && firstUse[shown.path] == nil {
                firstUse[shown.path] = shown.use
            }
        }
        let modern = config.images.formats.compactMap(ImageFormat.init(rawValue:)).filter(Set(library.writable).contains)
        for path in processed.sorted() {
            guard let file = files[path], !hasProblem(path, file) else { return false }
            let stem = (path as NSString).deletingPathExtension
            let sharesStem = site.staticFiles.contains { other in
                other.relativePath != path && (other.relativePath as NSString).deletingPathExtension == stem
                    && ImagePlanner.rasterExtensions.contains((other.relativePath as NSString).pathExtension.lowercased())
            }
            guard !sharesStem else { return false }
            guard let use = firstUse[path] else {
                // No document shows it now.
                site.imageVariants[path] = nil
                uses[path] = nil
                continue
            }
            var plain = Set<Int>(), pictured = false, linked = false
            for uses in users.values {
                for shown in uses.shown where shown.path == path {
                    if shown.isIcon { plain.formUnion(ImagePlanner.iconWidths) } else { pictured = true }
                }
                if uses.linked.contains(path) { linked = true }
            }
            let decision = ImagePlanner.decide((path, file, use), header: sources.header(of: file), plainWidths: plain,
                                               isPictured: pictured, isLinked: linked, sharesStem: false,
                                               settings: config.images, modern: modern)
            guard case .variants(let set) = decision else { return false }
            if let old = site.imageVariants[path], old != set { return false }
            site.imageVariants[path] = set
            site.imageSizes[path] = ImageSize(width: set.width, height: set.height)
            uses[path] = use
        }
        return true
    }

    /// What becomes of one image: its variant set, or why it has none.
    public enum Decision: Equatable {
        case variants(ImageVariantSet)
        /// libvips cannot use it (an error where it is first used).
        case unusable(Diagnostic)
        /// Published as it is (an animation), named by a notice.
        case asItIs(Diagnostic)
    }

    /// The decision for `image` (its first use in `use`), from its file's header and how the site
    /// shows it: in `plainWidths` as a plain `<img>`, as a `<picture>` (`isPictured`), linked as a file
    /// (`isLinked`: its own path keeps its bytes), sharing its stem with an image of another extension.
    /// `modern`: the formats offered beside the fallback. A rebuild (`update`) decides
    /// again only for the images an edit touched.
    public static func decide(_ image: (path: String, file: String, use: Use), header: Result<ImageLibrary.Header, ImageLibrary.Failure>,
                       plainWidths plain: Set<Int>, isPictured: Bool, isLinked: Bool, sharesStem: Bool,
                       settings: ImageSettings, modern: [ImageFormat]) -> Decision {
        let found: ImageLibrary.Header
        switch header {
        case .failure(let failure):
            return .unusable(problem(image, "image 'content/\(image.path)' cannot be used: \(failure.message)"))
        case .success(let h): found = h
        }
        if found.width.multipliedReportingOverflow(by: found.height).partialValue > ImageLibrary.pixelLimit {
            return .unusable(problem(image, "image 'content/\(image.path)' is \(found.width) × \(found.height) px: more than blogbuild decodes "
                                     + "(\(ImageLibrary.pixelLimit / 1_000_000) megapixels); a decompression bomb, or an image to make smaller first"))
        }
        // An animation would lose its frames: it is published as it is, and named.
        if found.pages > 1 {
            var notice = problem(image, "image 'content/\(image.path)' is animated (\(found.pages) frames): published as it is, not resized")
            notice.severity = .notice
            return .asItIs(notice)
        }
        let fallback = ImageFormat.fallback(forLoader: found.loader)
        let wanted = (isPictured ? settings.widths : []) + plain.sorted()
        let widths = ImageVariants.widths(wanted, sourceWidth: found.uprightWidth)
        let bare = (image.path as NSString).deletingPathExtension
        let stem = sharesStem ? image.path : bare
        let largest = widths.last ?? found.uprightWidth
        // Where each variant is written (`SiteURLs.imageVariant`), as a path relative to content/ like the image's.
        func variantPath(_ width: Int, _ format: ImageFormat) -> String {
            String(SiteURLs.imageVariant(stem: stem, width: width, fileExtension: format.fileExtension).dropFirst())
        }
        let fallbackPath = isLinked ? variantPath(largest, fallback) : image.path
        // Every width in each modern format (a <source>'s srcset); in the image's own
        // format only what is shown as a plain <img>: the largest (the fallback of a
        // <picture>, the feeds' image) and an icon's 2× sizes, unless no modern
        // format is offered, when the fallback carries the srcset itself. An image
        // used only as an icon is never a <picture>: its own format alone.
        let formats = isPictured ? modern : []
        let fallbackWidths = formats.isEmpty ? widths : widths.filter { $0 == largest || plain.contains($0) }
        var variants: [ImageVariantSet.Variant] = []
        for format in formats + [fallback] {
            for width in format == fallback ? fallbackWidths : widths {
                let path = format == fallback && width == largest ? fallbackPath : variantPath(width, format)
                variants.append(.init(width: width, format: format, path: path))
            }
        }
        return .variants(ImageVariantSet(sourcePath: image.path, file: image.file, width: found.uprightWidth,
                                         height: found.uprightHeight, fallback: fallback, fallbackPath: fallbackPath,
                                         variants: variants))
    }

    private static func problem(_ image: (path: String, file: String, use: Use), _ message: String) -> Diagnostic {
        Diagnostic(file: image.use.document, line: image.use.location?.line, column: image.use.location?.column, message: message)
    }
}
