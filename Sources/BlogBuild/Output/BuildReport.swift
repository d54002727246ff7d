/// What a build did, for the one-line summary.
public struct BuildReport: Sendable {
    /// HTML pages in the output.
    public var pages: Int
    /// All files in the output.
    public var files: Int
    public var posts: Int
    public var series: Int
    public var apps: Int
    public var skippedDrafts: [String]
    public var skippedFuture: [String]
    /// Problems that did not fail this build (in `build` mode).
    public var warnings: [Diagnostic]
    /// What blogbuild left aside on purpose, by file and line (never fails a build).
    public var hints: [Diagnostic] = []
    /// About the site as a whole, such as `init`'s placeholders still in site.yml;
    /// for `publish` to print (never fails a build).
    public var notices: [Diagnostic] = []
    /// What the writer did; nil for `check`.
    public var written: WriteSummary?
    /// Wall-clock seconds per stage, in pipeline order (`load`, `markdown`, `render`, ...).
    public var stageSeconds: [(stage: String, seconds: Double)] = []
    /// Operating-system and editor junk under content/ that was not copied (`content/.DS_Store`).
    public var skippedFiles: [String] = []
    /// The path part of `base_url` (`/blog/` for `https://user.github.io/blog/`), where
    /// the pages' links expect the site to be served; `/` for most sites.
    public var basePath: String = "/"
}
