import Foundation

/// Reads a site's `content/` folder into plain values (the `load` stage).
public enum ContentLoader {
    /// Reads SITE/content/: site.yml, posts (content/posts/**/*.md, recursive), series, apps, pages
    /// (content/{series,apps,pages}/*.md), and every other file as a StaticFile, hidden
    /// ones too; editors' and operating systems' junk is skipped (`skippedFiles`).
    /// Never throws: problems become diagnostics; a file with an error is left out of the lists.
    ///
    /// Markdown files are read and parsed on all cores; every list comes back
    /// sorted by path and the diagnostics sorted by file and line, so the
    /// result does not depend on timing.
    public static func load(siteDirectory: URL) -> LoadedContent {
        load(siteDirectory: siteDirectory, cache: nil)
    }

    /// `load`, reading again only the files that changed since `cache` last saw them.
    static func load(siteDirectory: URL, cache: ContentCache?) -> LoadedContent {
        let contentDirectory = siteDirectory.appendingPathComponent("content", isDirectory: true).path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contentDirectory, isDirectory: &isFolder), isFolder.boolValue else {
            return LoadedContent(config: SiteConfig(), diagnostics: [
                Diagnostic(file: "content", message: "folder is missing (a site needs content/ with site.yml)"),
            ])
        }
        let walk = ContentWalker.walk(contentDirectory: contentDirectory, siteDirectory: siteDirectory.path)
        var diagnostics = walk.diagnostics

        var config = SiteConfig()
        var notices: [Diagnostic] = []
        if let entry = walk.entries.first(where: { $0.kind == .config }) {
            switch readText(entry) {
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            case .success(let text):
                let parsed = ConfigLoader.parse(text)
                config = parsed.config
                diagnostics += parsed.diagnostics
                notices = parsed.notices
            }
        } else {
            diagnostics.append(Diagnostic(file: ConfigLoader.path, message: "missing"))
        }

        let markdown = walk.entries.filter { [.post, .series, .app, .page].contains($0.kind) }
        let timeZone = config.timeZone
        let loaded: [(value: Document?, diagnostics: [Diagnostic])] = cache?.load(markdown, timeZone: timeZone)
            ?? ConcurrentMap.map(markdown) { entry in loadDocument(entry, timeZone: timeZone) }

        var content = LoadedContent(config: config)
        content.skippedFiles = walk.skipped
        content.notices = notices
        for document in loaded {
            diagnostics += document.diagnostics
            switch document.value {
            case .post(let post)?: content.posts.append(post)
            case .series(let series)?: content.series.append(series)
            case .app(let app)?: content.apps.append(app)
            case .page(let page)?: content.pages.append(page)
            case nil: break
            }
        }
        for entry in walk.entries {
            switch entry.kind {
            case .staticFile:
                content.staticFiles.append(StaticFile(relativePath: entry.relativePath, absolutePath: entry.absolutePath))
            case .strayMarkdown:
                diagnostics.append(Diagnostic(file: entry.sitePath,
                                              message: "not loaded: Markdown belongs in posts/, series/, apps/ or pages/",
                                              severity: .warning))
            default:
                break
            }
        }
        content.posts.sort { $0.sourcePath < $1.sourcePath }
        content.series.sort { $0.sourcePath < $1.sourcePath }
        content.apps.sort { $0.sourcePath < $1.sourcePath }
        content.pages.sort { $0.sourcePath < $1.sourcePath }
        content.staticFiles.sort { $0.relativePath < $1.relativePath }
        content.imageSizes = imageSizes(for: content)
        content.diagnostics = diagnostics.sorted()
        return content
    }

    /// One loaded Markdown file, or why not.
    enum Document: Sendable {
        case post(Post)
        case series(Series)
        case app(App)
        case page(Page)
    }

    /// Reads and parses one Markdown entry. Sendable-safe: touches only its own file.
    static func loadDocument(_ entry: ContentEntry, timeZone: TimeZone) -> (value: Document?, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        switch readChecked(entry) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let read): bytes = read
        }
        let source: MarkdownSource
        switch MarkdownSource.parse(bytes, file: entry.sitePath) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let parsed): source = parsed
        }
        switch entry.kind {
        case .post:
            let result = PostLoader.load(source, timeZone: timeZone)
            return (result.post.map(Document.post), result.diagnostics)
        case .series:
            let result = SeriesLoader.load(source)
            return (result.series.map(Document.series), result.diagnostics)
        case .app:
            let result = AppLoader.load(source, timeZone: timeZone)
            return (result.app.map(Document.app), result.diagnostics)
        case .page:
            let result = PageLoader.load(source)
            return (result.page.map(Document.page), result.diagnostics)
        case .config, .strayMarkdown, .staticFile:
            return (nil, [])
        }
    }

    /// The entry's bytes: read, UTF-8-checked, BOM skipped, line endings `\n`.
    static func readChecked(_ entry: ContentEntry) -> Result<[UInt8], Diagnostic> {
        switch FileBytes.read(path: entry.absolutePath) {
        case .failure(let error):
            return .failure(Diagnostic(file: entry.sitePath, message: "cannot read: \(error.reason)"))
        case .success(let bytes):
            return SourceText.check(bytes).mapError { $0.diagnostic(file: entry.sitePath) }
        }
    }

    /// `readChecked` as a `String`.
    static func readText(_ entry: ContentEntry) -> Result<String, Diagnostic> {
        readChecked(entry).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads the size of every static image that front matter names (a few header reads).
    static func imageSizes(for content: LoadedContent) -> [String: ImageSize] {
        var wanted: [(src: String, sourcePath: String)] = content.posts.compactMap { post in post.image.map { ($0.src, post.sourcePath) } }
        for app in content.apps { wanted += app.screenshots.map { ($0.src, app.sourcePath) } }
        guard !wanted.isEmpty else { return [:] }
        let files = Dictionary(content.staticFiles.map { ($0.relativePath, $0.absolutePath) }, uniquingKeysWith: { a, _ in a })
        var sizes: [String: ImageSize] = [:]
        for (src, sourcePath) in wanted {
            guard let path = ImageReference.staticPath(src, from: sourcePath), sizes[path] == nil,
                  let file = files[path], let size = ImageSize.fromFile(file) else { continue }
            sizes[path] = size
        }
        return sizes
    }
}
