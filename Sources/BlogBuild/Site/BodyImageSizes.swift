/// Markdown images get `width` and `height` from their files, as hero images do,
/// so a page does not jump while `loading="lazy"` images arrive. An `<img>` that
/// already has a width or height (raw HTML) keeps what it says; an image that is
/// not a file of the site, or whose format is not read, gets nothing.
enum BodyImageSizes {
    /// The content-relative paths of the static images the documents show.
    static func wanted(in site: Site) -> Set<String> {
        var out = Set<String>()
        func add(_ rendered: RenderedMarkdown, _ sourcePath: String) {
            for src in rendered.images {
                if let path = ImageReference.staticPath(src, from: sourcePath) { out.insert(path) }
            }
        }
        for p in site.posts { add(p.rendered, p.post.sourcePath) }
        for p in site.pages { add(p.rendered, p.page.sourcePath) }
        for s in site.series { add(s.intro, s.series.sourcePath) }
        for a in site.apps { add(a.description, a.app.sourcePath) }
        return out
    }

    /// `site` with every document's images sized from `site.imageSizes`. With a
    /// memo, a document whose HTML and image sizes are those of the last build
    /// gets the last build's result without a pass over its HTML.
    static func apply(to site: inout Site, memo: Memo? = nil) {
        let sizes = site.imageSizes
        var fresh: [String: Memo.Entry] = [:]
        func apply(_ rendered: inout RenderedMarkdown, _ sourcePath: String) {
            guard !rendered.images.isEmpty else { return }
            let found = rendered.images.map { src in ImageReference.staticPath(src, from: sourcePath).flatMap { sizes[$0] } }
            if let hit = memo?.entries[sourcePath], hit.html == rendered.html, hit.summaryHTML == rendered.summaryHTML,
               hit.sizes == found {
                rendered.html = hit.sizedHTML
                rendered.summaryHTML = hit.sizedSummaryHTML
            } else {
                var entry = Memo.Entry(html: rendered.html, summaryHTML: rendered.summaryHTML, sizes: found,
                                       sizedHTML: rendered.html, sizedSummaryHTML: rendered.summaryHTML)
                Self.apply(&rendered, sourcePath, sizes)
                entry.sizedHTML = rendered.html
                entry.sizedSummaryHTML = rendered.summaryHTML
                fresh[sourcePath] = entry
                return
            }
            fresh[sourcePath] = memo?.entries[sourcePath]
        }
        for i in site.posts.indices { apply(&site.posts[i].rendered, site.posts[i].post.sourcePath) }
        for i in site.pages.indices { apply(&site.pages[i].rendered, site.pages[i].page.sourcePath) }
        for i in site.series.indices { apply(&site.series[i].intro, site.series[i].series.sourcePath) }
        for i in site.apps.indices { apply(&site.apps[i].description, site.apps[i].app.sourcePath) }
        memo?.entries = fresh
    }

    /// The last build's sized HTML by source path, with what it was made from.
    /// Not thread-safe: one build uses it at a time.
    final class Memo {
        struct Entry {
            var html: String
            var summaryHTML: String
            var sizes: [ImageSize?]
            var sizedHTML: String
            var sizedSummaryHTML: String
        }

        var entries: [String: Entry] = [:]
    }

    /// One document's HTML (and summary) with its images sized; untouched when it has none.
    static func apply(_ rendered: inout RenderedMarkdown, _ sourcePath: String, _ sizes: [String: ImageSize]) {
        guard !rendered.images.isEmpty else { return }
        let lookup: (String) -> ImageSize? = { src in ImageReference.staticPath(src, from: sourcePath).flatMap { sizes[$0] } }
        if let html = sized(rendered.html, lookup) { rendered.html = html }
        if let summary = sized(rendered.summaryHTML, lookup) { rendered.summaryHTML = summary }
    }

    /// `html` with ` width="W" height="H"` after `<img` where the size is known and
    /// the tag gives neither; nil when nothing changed.
    static func sized(_ html: String, _ size: (String) -> ImageSize?) -> String? {
        var copy = html
        return copy.withUTF8 { p -> String? in
            var out: [UInt8] = []
            var copied = 0
            var scanner = HTMLScanner(p)
            tags: while let token = scanner.next() {
                guard case .startTag(let tag) = token, HTMLScanner.equals(p, tag.name, "img") else { continue }
                var src: String?
                for attribute in scanner.attributes where !attribute.isDuplicate {
                    if HTMLScanner.equals(p, attribute.name, "width") || HTMLScanner.equals(p, attribute.name, "height") { continue tags }
                    if HTMLScanner.equals(p, attribute.name, "src") { src = HTMLEntities.decode(p, attribute.value, inAttribute: true) }
                }
                guard let src, let found = size(src) else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<tag.name.upperBound]))
                out.append(contentsOf: " width=\"\(found.width)\" height=\"\(found.height)\"".utf8)
                copied = tag.name.upperBound
            }
            guard copied > 0 else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<p.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
