/// Documents' HTML with their images sized (`BodyImageSizes`) from the last
/// build, by source path: a document whose HTML and image sizes are those of the
/// last build gets its sized HTML without a pass over it.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class SizedBodyMemo {
    private struct Entry {
        var html: String
        var summaryHTML: String
        var sizes: [ImageSize?]
        var sizedHTML: String
        var sizedSummaryHTML: String
    }

    private var entries: [String: Entry] = [:]

    /// `BodyImageSizes.apply(to:)`, reusing the last call's results; remembers exactly this call's.
    func apply(to site: inout Site) {
        let sizes = site.imageSizes
        let previous = entries
        var fresh: [String: Entry] = [:]
        BodyImageSizes.forEachDocument(in: &site) { rendered, sourcePath in
            let found = BodyImageSizes.sizes(of: rendered, sourcePath, in: sizes)
            if let hit = previous[sourcePath], hit.html == rendered.html, hit.summaryHTML == rendered.summaryHTML, hit.sizes == found {
                rendered.html = hit.sizedHTML
                rendered.summaryHTML = hit.sizedSummaryHTML
                fresh[sourcePath] = hit
                return
            }
            var entry = Entry(html: rendered.html, summaryHTML: rendered.summaryHTML, sizes: found,
                              sizedHTML: rendered.html, sizedSummaryHTML: rendered.summaryHTML)
            BodyImageSizes.apply(&rendered, sourcePath, sizes)
            entry.sizedHTML = rendered.html
            entry.sizedSummaryHTML = rendered.summaryHTML
            fresh[sourcePath] = entry
        }
        entries = fresh
    }
}
