import Diagnostics

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
    /// What image processing did; nil when no image was processed.
    public var images: ImageWork?

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(
        pages: Int,
        files: Int,
        posts: Int,
        series: Int,
        apps: Int,
        skippedDrafts: [String],
        skippedFuture: [String],
        warnings: [Diagnostic],
        hints: [Diagnostic] = [],
        notices: [Diagnostic] = [],
        written: WriteSummary? = nil,
        stageSeconds: [(stage: String, seconds: Double)] = [],
        skippedFiles: [String] = [],
        basePath: String = "/",
        images: ImageWork? = nil
    ) {
        self.pages = pages
        self.files = files
        self.posts = posts
        self.series = series
        self.apps = apps
        self.skippedDrafts = skippedDrafts
        self.skippedFuture = skippedFuture
        self.warnings = warnings
        self.hints = hints
        self.notices = notices
        self.written = written
        self.stageSeconds = stageSeconds
        self.skippedFiles = skippedFiles
        self.basePath = basePath
        self.images = images
    }
}

/// What one build's image processing did, for `--verbose` (and to show that a
/// warm build reads no image and never loads libvips).
public struct ImageWork: Sendable, Equatable {
    /// Images processed (each into its variants).
    public var sources: Int
    /// Of those, the images whose file was read this build (header or hash); the
    /// others were known from the cache's index by their file stamp.
    public var read: Int
    /// Variant files made with libvips; the rest came from the cache.
    public var made: Int
    public var fromCache: Int
    /// Whether this process has loaded libvips (a warm build does not need to).
    public var libvipsLoaded: Bool

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(sources: Int, read: Int, made: Int, fromCache: Int, libvipsLoaded: Bool) {
        self.sources = sources
        self.read = read
        self.made = made
        self.fromCache = fromCache
        self.libvipsLoaded = libvipsLoaded
    }
}
