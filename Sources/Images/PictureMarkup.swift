import Load
import Markdown
import Support
import HTML
import Site

/// Writes processed images into a document's HTML, and takes them out again
/// for feeds.
///
/// An `<img>` whose file was processed becomes
///
///     <picture><source type="image/webp" srcset="/a.480.webp 480w, …" sizes="…"><img src="/a.jpg" srcset="/a.480.jpg 480w, …" sizes="…" …></picture>
///
/// with every other attribute as the author wrote it (alt, title, loading, and
/// the width and height the image has upright). An `<img>` that already has a
/// `srcset`, or sits in a `<picture>` of the author's, is left as it is.
public enum PictureMarkup {
    /// Every document of `site` whose body shows a processed image (`site.imageVariants`).
    public static func apply(to site: inout Site) {
        let sets = site.imageVariants
        guard !sets.isEmpty else { return }
        BodyImageSizes.forEachDocument(in: &site) { rendered, sourcePath in apply(&rendered, sourcePath, sets) }
    }

    /// One document's HTML and summary.
    public static func apply(_ rendered: inout RenderedMarkdown, _ sourcePath: String, _ sets: [String: ImageVariantSet]) {
        guard !sets.isEmpty, !rendered.images.isEmpty else { return }
        let lookup: (String) -> ImageVariantSet? = { src in ImageReference.staticPath(src, from: sourcePath).flatMap { sets[$0] } }
        if let html = pictures(rendered.html, lookup) { rendered.html = html }
        if let summary = pictures(rendered.summaryHTML, lookup) { rendered.summaryHTML = summary }
    }

    /// `html` with each processed `<img>` in a `<picture>`; nil when nothing changed.
    static func pictures(_ html: String, _ set: (String) -> ImageVariantSet?) -> String? {
        var copy = html
        return copy.withUTF8 { p -> String? in
            var out: [UInt8] = []
            var copied = 0
            var scanner = HTMLScanner(p)
            var inPicture = 0
            while let token = scanner.next() {
                if case .endTag(let tag) = token, HTMLScanner.equals(p, tag.name, "picture") { inPicture = max(0, inPicture - 1) }
                guard case .startTag(let tag) = token else { continue }
                if HTMLScanner.equals(p, tag.name, "picture") { inPicture += 1; continue }
                guard inPicture == 0, HTMLScanner.equals(p, tag.name, "img") else { continue }
                var src: HTMLAttribute?
                var hasSrcset = false
                for attribute in scanner.attributes where !attribute.isDuplicate {
                    if HTMLScanner.equals(p, attribute.name, "srcset") { hasSrcset = true }
                    if HTMLScanner.equals(p, attribute.name, "src") { src = attribute }
                }
                guard !hasSrcset, let src, let found = set(HTMLEntities.decode(p, src.value, inAttribute: true)) else { continue }
                let sizes = HTMLEscape.text(ImageVariantSet.sizes)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<tag.range.lowerBound]))
                var picture = "<picture>"
                for format in found.modernFormats {
                    picture += "<source type=\"\(format.mediaType)\" srcset=\"\(HTMLEscape.text(found.srcset(format)))\" sizes=\"\(sizes)\">"
                }
                out.append(contentsOf: picture.utf8)
                // The tag as written, its src pointing at the processed fallback.
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[tag.range.lowerBound..<tag.name.upperBound]))
                // The fallback's own srcset only matters to a browser that takes none of the
                // sources (no modern format offered); else `src` alone keeps the page lighter.
                if found.widths.count > 1 && found.modernFormats.isEmpty {
                    out.append(contentsOf: " srcset=\"\(HTMLEscape.text(found.srcset(found.fallback)))\" sizes=\"\(sizes)\"".utf8)
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[tag.name.upperBound..<src.value.lowerBound]))
                let value = "/" + AbsoluteURLs.percentEncoded(found.fallbackPath)
                out.append(contentsOf: (src.quote == 0 ? "\"\(HTMLEscape.text(value))\"" : HTMLEscape.text(value)).utf8)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[src.value.upperBound..<tag.range.upperBound]))
                out.append(contentsOf: "</picture>".utf8)
                copied = tag.range.upperBound
            }
            guard copied > 0 else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<p.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `html` as feeds want it: readers ignore `srcset` and many drop
    /// `<picture>`, so each picture this build made becomes its plain `<img>`
    /// (whose `src` is the largest fallback variant), without `srcset` and
    /// `sizes`. A `<picture>` the author wrote is left as written: it is told
    /// apart by its sources' `sizes`, which is `ImageVariantSet.sizes` only in ours.
    public static func plain(_ html: String) -> String {
        guard html.contains("<picture") else { return html }
        var copy = html
        return copy.withUTF8 { p -> String in
            var cuts: [Range<Int>] = []
            var pending: [Range<Int>] = []  // the current picture's cuts, kept if it is ours
            var inPicture = 0
            var ours = false
            var scanner = HTMLScanner(p)
            let marker = Array(ImageVariantSet.sizes.utf8)
            while let token = scanner.next() {
                switch token {
                case .startTag(let tag) where HTMLScanner.equals(p, tag.name, "picture"):
                    inPicture += 1
                    if inPicture == 1 { pending = [tag.range]; ours = false }
                case .endTag(let tag) where inPicture > 0 && HTMLScanner.equals(p, tag.name, "picture"):
                    inPicture -= 1
                    if inPicture == 0 {
                        if ours { cuts += pending + [tag.range] }
                        pending = []
                    }
                case .startTag(let tag) where inPicture > 0 && HTMLScanner.equals(p, tag.name, "source"):
                    pending.append(tag.range)
                    for attribute in scanner.attributes where HTMLScanner.equals(p, attribute.name, "sizes")
                        && Array(UnsafeBufferPointer(rebasing: p[attribute.value])) == marker {
                        ours = true
                    }
                case .startTag(let tag) where inPicture > 0 && HTMLScanner.equals(p, tag.name, "img"):
                    _ = tag
                    for attribute in scanner.attributes
                    where HTMLScanner.equals(p, attribute.name, "srcset") || HTMLScanner.equals(p, attribute.name, "sizes") {
                        pending.append(attribute.range)
                    }
                default:
                    continue
                }
            }
            guard !cuts.isEmpty else { return html }
            var out: [UInt8] = []
            var copied = 0
            for cut in cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) where cut.lowerBound >= copied {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<cut.lowerBound]))
                copied = cut.upperBound
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<p.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
