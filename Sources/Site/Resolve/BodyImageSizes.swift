import HTML
import Load
import Markdown

/// Markdown images get `width` and `height` from their files, as hero images do,
/// so a page does not jump while `loading="lazy"` images arrive. An `<img>` that
/// already has a width or height (raw HTML) keeps what it says; an image that is
/// not a file of the site, or whose format is not read, gets nothing.
public enum BodyImageSizes {
    /// The static images the site shows, by path relative to content/, with
    /// their files: hero images, app screenshots, and every document's images.
    public static func wanted(in site: Site) -> [(path: String, file: String)] {
        let files = Dictionary(site.staticFiles.map { ($0.relativePath, $0.absolutePath) }, uniquingKeysWith: { a, _ in a })
        var seen = Set<String>()
        var out: [(path: String, file: String)] = []
        func add(_ src: String, _ sourcePath: String) {
            guard let path = ImageReference.staticPath(src, from: sourcePath), let file = files[path],
                  seen.insert(path).inserted else { return }
            out.append((path, file))
        }
        for p in site.posts {
            if let image = p.post.image { add(image.src, p.post.sourcePath) }
            for src in p.rendered.images { add(src, p.post.sourcePath) }
        }
        for a in site.apps {
            for shot in a.app.screenshots { add(shot.src, a.app.sourcePath) }
            for src in a.description.images { add(src, a.app.sourcePath) }
        }
        for p in site.pages { for src in p.rendered.images { add(src, p.page.sourcePath) } }
        for s in site.series { for src in s.intro.images { add(src, s.series.sourcePath) } }
        // The author's picture on the home page gets its width and height too.
        if let avatar = site.config.author?.avatar { add(avatar, ConfigLoader.path) }
        return out
    }

    /// `site` with every document's images sized from `site.imageSizes`.
    public static func apply(to site: inout Site) {
        let sizes = site.imageSizes
        forEachDocument(in: &site) { rendered, sourcePath in apply(&rendered, sourcePath, sizes) }
    }

    /// Calls `body` with each document's rendered Markdown that shows images, and its source path.
    public static func forEachDocument(in site: inout Site, _ body: (inout RenderedMarkdown, String) -> Void) {
        for i in site.posts.indices where !site.posts[i].rendered.images.isEmpty {
            body(&site.posts[i].rendered, site.posts[i].post.sourcePath)
        }
        for i in site.pages.indices where !site.pages[i].rendered.images.isEmpty {
            body(&site.pages[i].rendered, site.pages[i].page.sourcePath)
        }
        for i in site.series.indices where !site.series[i].intro.images.isEmpty {
            body(&site.series[i].intro, site.series[i].series.sourcePath)
        }
        for i in site.apps.indices where !site.apps[i].description.images.isEmpty {
            body(&site.apps[i].description, site.apps[i].app.sourcePath)
        }
    }

    /// The size of each of `rendered`'s images, in order (nil: not a sized file of the site).
    static func sizes(of rendered: RenderedMarkdown, _ sourcePath: String, in sizes: [String: ImageSize]) -> [ImageSize?] {
        rendered.images.map { src in ImageReference.staticPath(src, from: sourcePath).flatMap { sizes[$0] } }
    }

    /// One document's HTML (and summary) with its images sized; untouched when it has none.
    public static func apply(_ rendered: inout RenderedMarkdown, _ sourcePath: String, _ sizes: [String: ImageSize]) {
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
