import Load
import Markdown
import Site
import Images

/// Documents' HTML with their images sized (`BodyImageSizes`) and processed
/// images written as `<picture>`s (`PictureMarkup`), from the last build, by
/// source path: a document whose HTML, image sizes and variant sets are those of
/// the last build gets its finished HTML without a pass over it.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class BodyImageMemo {
    private struct Entry {
        var html: String
        var summaryHTML: String
        var sizes: [ImageSize?]
        var sets: [ImageVariantSet?]
        var finishedHTML: String
        var finishedSummaryHTML: String
    }

    private var entries: [String: Entry] = [:]
    /// The last build's variant sets: an equal set of this build's is replaced by
    /// it, so comparing the two below is comparing storage, not every path.
    private var lastSets: [String: ImageVariantSet] = [:]

    /// `BodyImageSizes.apply(to:)` then `PictureMarkup.apply(to:)`, reusing the last
    /// call's results; remembers exactly this call's.
    func apply(to site: inout Site) {
        for (path, set) in site.imageVariants {
            if let last = lastSets[path], last == set { site.imageVariants[path] = last }
        }
        lastSets = site.imageVariants
        let sizes = site.imageSizes
        let sets = site.imageVariants
        let previous = entries
        var fresh: [String: Entry] = [:]
        BodyImageSizes.forEachDocument(in: &site) { rendered, sourcePath in
            let paths = rendered.images.map { ImageReference.staticPath($0, from: sourcePath) }
            let foundSizes = paths.map { $0.flatMap { sizes[$0] } }
            let foundSets = sets.isEmpty ? [] : paths.map { $0.flatMap { sets[$0] } }
            if let hit = previous[sourcePath], hit.html == rendered.html, hit.summaryHTML == rendered.summaryHTML,
               hit.sizes == foundSizes, hit.sets == foundSets {
                rendered.html = hit.finishedHTML
                rendered.summaryHTML = hit.finishedSummaryHTML
                fresh[sourcePath] = hit
                return
            }
            var entry = Entry(html: rendered.html, summaryHTML: rendered.summaryHTML, sizes: foundSizes, sets: foundSets,
                              finishedHTML: "", finishedSummaryHTML: "")
            BodyImageSizes.apply(&rendered, sourcePath, sizes)
            PictureMarkup.apply(&rendered, sourcePath, sets)
            entry.finishedHTML = rendered.html
            entry.finishedSummaryHTML = rendered.summaryHTML
            fresh[sourcePath] = entry
        }
        entries = fresh
    }
}
