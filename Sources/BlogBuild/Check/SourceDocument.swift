/// Any rendered Markdown file of the site with where it came from and where it goes,
/// so relative files and links are handled the same for posts, pages, series and apps.
struct SourceDocument: Sendable {
    var sourcePath: String
    /// Site path the document is rendered at.
    var url: String
    var body: String
    var bodyLine: Int
    var rendered: RenderedMarkdown
    /// Front-matter images (hero, icon, screenshots) as written, with the key they
    /// came from. Relative ones are relative to the file (`ImageReference.sitePath`).
    var frontMatterImages: [(key: String, image: ImageRef)]
    var keyLocations: [String: SourceLocation]

    /// Every Markdown document of the site, in a stable order.
    static func all(in site: Site) -> [SourceDocument] {
        var docs: [SourceDocument] = []
        forEach(in: site) { docs.append($0) }
        return docs
    }

    /// Calls `body` with every Markdown document of the site, in `all`'s order,
    /// without holding them all at once.
    static func forEach(in site: Site, _ body: (SourceDocument) -> Void) {
        // By index: a loop over the posts would copy each whole post first.
        for i in site.posts.indices { body(post(site.posts[i])) }
        for p in site.pages {
            // A shared link's picture has no alt text to give (Open Graph shows it beside the title).
            let social = p.page.socialImage.map { [("social_image", ImageRef(src: $0, alt: p.page.title))] } ?? []
            body(SourceDocument(sourcePath: p.page.sourcePath, url: p.url, body: p.page.body, bodyLine: p.page.bodyLine,
                                rendered: p.rendered, frontMatterImages: social, keyLocations: p.page.keyLocations))
        }
        for s in site.series {
            body(SourceDocument(sourcePath: s.series.sourcePath, url: s.url, body: s.series.body,
                                bodyLine: s.series.bodyLine, rendered: s.intro, frontMatterImages: [], keyLocations: [:]))
        }
        for a in site.apps {
            var images: [(String, ImageRef)] = []
            if let icon = a.app.icon { images.append(("icon", ImageRef(src: icon, alt: a.app.title))) }
            images += a.app.screenshots.map { ("screenshots", $0) }
            body(SourceDocument(sourcePath: a.app.sourcePath, url: a.url, body: a.app.body, bodyLine: a.app.bodyLine,
                                rendered: a.description, frontMatterImages: images, keyLocations: a.app.keyLocations))
        }
    }

    /// site.yml's text as a document, to find the line a value is written at (`location(of:)`).
    static func config(_ text: String) -> SourceDocument {
        SourceDocument(sourcePath: ConfigLoader.path, url: "/", body: text, bodyLine: 1,
                       rendered: RenderedMarkdown(html: "", summaryHTML: ""), frontMatterImages: [], keyLocations: [:])
    }

    /// A post as a document.
    static func post(_ p: SitePost) -> SourceDocument {
        SourceDocument(sourcePath: p.post.sourcePath, url: p.permalink, body: p.post.body, bodyLine: p.post.bodyLine,
                       rendered: p.rendered,
                       frontMatterImages: (p.post.image.map { [("image", $0)] } ?? [])
                           + (p.post.socialImage.map { [("social_image", ImageRef(src: $0, alt: p.post.title))] } ?? []),
                       keyLocations: p.post.keyLocations)
    }

    /// The folder of the source file relative to content/, as a site path: `content/posts/x.md` → `/posts/`.
    var sourceFolder: String {
        var path = Substring(sourcePath)
        if path.hasPrefix("content/") { path = path.dropFirst("content/".count) }
        return SitePaths.folder(of: "/" + path)
    }

    /// 1-based line and column in the source file of the first place `needle` is written in the body.
    func location(of needle: String) -> SourceLocation? {
        var line = bodyLine
        for text in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if let r = text.range(of: needle) {
                return SourceLocation(line: line, column: text.distance(from: text.startIndex, to: r.lowerBound) + 1)
            }
            line += 1
        }
        return nil
    }
}
