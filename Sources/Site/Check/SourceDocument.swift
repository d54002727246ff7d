import Load
import Markdown
import Support

/// Any rendered Markdown file of the site with where it came from and where it goes,
/// so relative files and links are handled the same for posts, pages, series and apps.
public struct SourceDocument: Sendable {
    public var sourcePath: String
    /// Site path the document is rendered at.
    public var url: String
    var body: String
    public var bodyLine: Int
    public var rendered: RenderedMarkdown
    /// Front-matter images (hero, icon, screenshots) as written, with the key they
    /// came from. Relative ones are relative to the file (`ImageReference.sitePath`).
    public var frontMatterImages: [(key: String, image: ImageRef)]
    public var keyLocations: [String: SourceLocation]

    /// Every Markdown document of the site, in a stable order.
    public static func all(in site: Site) -> [SourceDocument] {
        Ref.all(in: site).map { SourceDocument($0, in: site) }
    }

    /// Which document of a site: made into a `SourceDocument` only when it is read,
    /// so a stage that keeps most documents' results from the last build does not copy them.
    public enum Ref: Sendable {
        case post(Int), page(Int), series(Int), app(Int)

        /// Every document of `site`, in `all`'s order.
        public static func all(in site: Site) -> [Ref] {
            site.posts.indices.map(Ref.post) + site.pages.indices.map(Ref.page) + site.series.indices.map(Ref.series)
                + site.apps.indices.map(Ref.app)
        }

        public func sourcePath(in site: Site) -> String {
            switch self {
            case .post(let i): site.posts[i].post.sourcePath
            case .page(let i): site.pages[i].page.sourcePath
            case .series(let i): site.series[i].series.sourcePath
            case .app(let i): site.apps[i].app.sourcePath
            }
        }

        /// Its rendered Markdown's images (`src`s, in order).
        public func images(in site: Site) -> [String] {
            switch self {
            case .post(let i): site.posts[i].rendered.images
            case .page(let i): site.pages[i].rendered.images
            case .series(let i): site.series[i].intro.images
            case .app(let i): site.apps[i].description.images
            }
        }

        /// Its rendered links: the same for a version of its file, unless it links a
        /// Markdown file (those links are the pages' URLs, which other files decide).
        public func linksMarkdownFiles(in site: Site) -> Bool {
            switch self {
            case .post(let i): site.posts[i].rendered.linksMarkdownFiles
            case .page(let i): site.pages[i].rendered.linksMarkdownFiles
            case .series(let i): site.series[i].intro.linksMarkdownFiles
            case .app(let i): site.apps[i].description.linksMarkdownFiles
            }
        }
    }

    /// site.yml's text as a document, to find the line a value is written at (`location(of:)`).
    public static func config(_ text: String) -> SourceDocument {
        SourceDocument(sourcePath: ConfigLoader.path, url: "/", body: text, bodyLine: 1,
                       rendered: RenderedMarkdown(html: "", summaryHTML: ""), frontMatterImages: [], keyLocations: [:])
    }

    /// A post as a document.
    public static func post(_ p: SitePost) -> SourceDocument {
        SourceDocument(sourcePath: p.post.sourcePath, url: p.permalink, body: p.post.body, bodyLine: p.post.bodyLine,
                       rendered: p.rendered,
                       frontMatterImages: (p.post.image.map { [("image", $0)] } ?? [])
                           + (p.post.socialImage.map { [("social_image", ImageRef(src: $0, alt: p.post.title))] } ?? []),
                       keyLocations: p.post.keyLocations)
    }

    /// The folder of the source file relative to content/, as a site path: `content/posts/x.md` → `/posts/`.
    public var sourceFolder: String {
        var path = Substring(sourcePath)
        if path.hasPrefix("content/") { path = path.dropFirst("content/".count) }
        return SitePaths.folder(of: "/" + path)
    }

    /// 1-based line and column in the source file of the first place `needle` is written in the body.
    public func location(of needle: String) -> SourceLocation? {
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

extension SourceDocument {
    /// The document `ref` of `site` (an extension, so the memberwise initialiser stays).
    public init(_ ref: Ref, in site: Site) {
        switch ref {
        case .post(let i): self = Self.post(site.posts[i])
        case .page(let i):
            let p = site.pages[i]
            // A shared link's picture has no alt text to give (Open Graph shows it beside the title).
            let social = p.page.socialImage.map { [("social_image", ImageRef(src: $0, alt: p.page.title))] } ?? []
            self.init(sourcePath: p.page.sourcePath, url: p.url, body: p.page.body, bodyLine: p.page.bodyLine,
                      rendered: p.rendered, frontMatterImages: social, keyLocations: p.page.keyLocations)
        case .series(let i):
            let s = site.series[i]
            self.init(sourcePath: s.series.sourcePath, url: s.url, body: s.series.body,
                      bodyLine: s.series.bodyLine, rendered: s.intro, frontMatterImages: [], keyLocations: [:])
        case .app(let i):
            let a = site.apps[i]
            var images: [(String, ImageRef)] = []
            if let icon = a.app.icon { images.append(("icon", ImageRef(src: icon, alt: a.app.title))) }
            images += a.app.screenshots.map { ("screenshots", $0) }
            self.init(sourcePath: a.app.sourcePath, url: a.url, body: a.app.body, bodyLine: a.app.bodyLine,
                      rendered: a.description, frontMatterImages: images, keyLocations: a.app.keyLocations)
        }
    }
}
