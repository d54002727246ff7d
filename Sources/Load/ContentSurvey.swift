import Diagnostics

/// What the load stage knows before it reads any Markdown file: the walk of
/// content/ and site.yml. `ContentLoader.assemble` turns it and the loaded
/// Markdown files into `LoadedContent`; the dev server's memo (`DocumentMemo`)
/// reads only the files that changed in between.
public struct ContentSurvey: Sendable {
    public var config: SiteConfig
    /// The walk's and site.yml's problems.
    var diagnostics: [Diagnostic]
    var notices: [Diagnostic] = []
    /// True when site.yml (or content/ itself) is missing, unreadable or has an error:
    /// the build reports those problems alone (see `LoadedContent.configFailed`).
    var configFailed = false
    /// Every file under content/, sorted by path.
    public var entries: [ContentEntry] = []
    /// Junk left out (`.DS_Store`), by path.
    var skipped: [String] = []

    /// The Markdown files to load, in path order.
    public var markdown: [ContentEntry] { entries.filter { Self.isMarkdown($0.kind) } }

    /// Whether files of `kind` are Markdown documents the load stage reads.
    public static func isMarkdown(_ kind: ContentEntry.Kind) -> Bool {
        switch kind {
        case .post, .series, .app, .appPage, .page: true
        case .config, .strayMarkdown, .staticFile: false
        }
    }
}
