import Foundation
import Support
import Diagnostics

/// Reads a site's `content/` folder into plain values (the `load` stage).
public enum ContentLoader {
    /// Reads SITE/content/: site.yml, posts (content/posts/**/*.md, recursive), series, apps, pages
    /// (content/{series,apps,pages}/*.md), apps' child pages (content/apps/APP/*.md, as pages
    /// naming their app), and every other file as a StaticFile, hidden
    /// ones too; editors' and operating systems' junk is skipped (`skippedFiles`).
    /// Never throws: problems become diagnostics; a file with an error is left out of the lists.
    ///
    /// Markdown files are read and parsed on all cores; every list comes back
    /// sorted by path and the diagnostics sorted by file and line, so the
    /// result does not depend on timing.
    public static func load(siteDirectory: URL) -> LoadedContent {
        let survey = survey(siteDirectory: siteDirectory)
        let timeZone = survey.config.timeZone
        return assemble(survey, ConcurrentMap.map(survey.markdown) { entry in loadDocument(entry, timeZone: timeZone) })
    }

    /// The error when `siteDirectory` is no site at all (it has no content/ folder),
    /// as `build` reports it; nil for a site, however broken. `serve` asks first: it
    /// has nothing to watch or serve there.
    public static func notASite(_ siteDirectory: URL) -> Diagnostic? {
        var isFolder: ObjCBool = false
        let contentDirectory = siteDirectory.appendingPathComponent("content", isDirectory: true).path
        if FileManager.default.fileExists(atPath: contentDirectory, isDirectory: &isFolder), isFolder.boolValue { return nil }
        return Diagnostic(file: "content", message: "folder is missing (a site needs content/ with site.yml)")
    }

    /// Walks content/ and reads site.yml: everything `load` needs before it reads
    /// the Markdown files (`survey.markdown`, each with `loadDocument`).
    public static func survey(siteDirectory: URL) -> ContentSurvey {
        let contentDirectory = siteDirectory.appendingPathComponent("content", isDirectory: true).path
        if let notASite = notASite(siteDirectory) {
            var missing = ContentSurvey(config: SiteConfig(), diagnostics: [notASite])
            missing.configFailed = true
            return missing
        }
        let walk = ContentWalker.walk(contentDirectory: contentDirectory, siteDirectory: siteDirectory.path)
        var survey = ContentSurvey(config: SiteConfig(), diagnostics: walk.diagnostics)
        survey.entries = walk.entries
        survey.skipped = walk.skipped
        if let entry = walk.entries.first(where: { $0.kind == .config }) {
            switch readText(entry) {
            case .failure(let diagnostic):
                survey.diagnostics.append(diagnostic)
                survey.configFailed = true
            case .success(let text):
                let parsed = ConfigLoader.parse(text)
                survey.config = parsed.config
                survey.diagnostics += parsed.diagnostics
                survey.notices = parsed.notices
                survey.configFailed = parsed.diagnostics.contains { $0.severity == .error }
            }
        } else {
            survey.diagnostics.append(Diagnostic(file: ConfigLoader.path, message: "missing"))
            survey.configFailed = true
        }
        return survey
    }

    /// The loaded content from a survey and its Markdown files as loaded (in `survey.markdown` order).
    public static func assemble(_ survey: ContentSurvey, _ loaded: [(value: Document?, diagnostics: [Diagnostic])]) -> LoadedContent {
        var diagnostics = survey.diagnostics
        var content = LoadedContent(config: survey.config)
        content.skippedFiles = survey.skipped
        content.notices = survey.notices
        content.configFailed = survey.configFailed
        for (entry, document) in zip(survey.markdown, loaded) {
            diagnostics += document.diagnostics
            if document.value == nil, document.diagnostics.contains(where: { $0.severity == .error }) {
                content.failedFiles.insert(entry.sitePath)
            }
            switch document.value {
            case .post(let post)?: content.posts.append(post)
            case .series(let series)?: content.series.append(series)
            case .app(let app)?: content.apps.append(app)
            case .page(let page)?: content.pages.append(page)
            case nil: break
            }
        }
        for entry in survey.entries {
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
        content.diagnostics = diagnostics.sorted()
        return content
    }

    /// One loaded Markdown file, or why not.
    public enum Document: Sendable {
        case post(Post)
        case series(Series)
        case app(App)
        case page(Page)
    }

    /// Reads and parses one Markdown entry. Sendable-safe: touches only its own file.
    public static func loadDocument(_ entry: ContentEntry, timeZone: TimeZone) -> (value: Document?, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        switch readChecked(entry) {
        case .failure(let diagnostic) where diagnostic == SourceText.Problem.empty.diagnostic(file: entry.sitePath):
            return (nil, [emptyFile(entry)])
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let read): bytes = read
        }
        if bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 }) { return (nil, [emptyFile(entry)]) }
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
        case .appPage:
            // `apps/kettle/privacy.md`: the folder names the app (the resolver checks it is one).
            let folder = entry.relativePath.split(separator: "/").dropLast().last.map(String.init)
            let result = PageLoader.load(source, app: folder)
            return (result.page.map(Document.page), result.diagnostics)
        case .config, .strayMarkdown, .staticFile:
            return (nil, [])
        }
    }

    /// A Markdown file with nothing in it but blanks: a new editor buffer or a `touch`.
    /// Nothing written yet is no mistake to stop `build` (or serve) for, but the file is
    /// not built, and `publish` must not ship a site without it: a warning.
    static func emptyFile(_ entry: ContentEntry) -> Diagnostic {
        Diagnostic(file: entry.sitePath, message: "file is empty: not built until it has front matter ('---', 'title: …', '---')",
                   severity: .warning)
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
}
