import Foundation
import Diagnostics

/// What to build, from where, and how strictly.
public struct BuildRequest: Sendable {
    public var siteDirectory: URL
    /// Defaults to `SITE/public`.
    public var outputDirectory: URL
    public var mode: BuildMode
    /// "Now", for leaving out future-dated posts.
    public var now: Date
    /// Told the name of each stage as it starts (`"rendering Markdown"`), for a progress line.
    public var progress: (@Sendable (String) -> Void)?
    /// Told how much of a long stage is done, as it goes (`"images", 120, 340`: an
    /// image's variants looked up or made), from any thread; the caller decides
    /// whether and when to show it.
    public var counted: (@Sendable (_ what: String, _ done: Int, _ total: Int) -> Void)?
    /// Where derived data is kept between builds (the image cache); defaults to
    /// `SITE/.blogbuild-cache`. One folder may serve several sites or checkouts:
    /// everything in it is named by its content's hash.
    public var cacheDirectory: URL?
    /// `--base-url`: the site's address in place of site.yml's `base_url` (as
    /// `SiteConfig.checkedBaseURL` gives it, ending with `/`); nil: site.yml's.
    public var baseURL: String?
    /// Pages are written to the output folder as they are made, a run at a time, and
    /// then held only as digests (with a memo: `PageMemo`), when set: to what the output
    /// folder was before, nothing. `IncrementalBuilder` asks for it on a first build into
    /// nothing, and takes the pages away again should the build fail: at 10,000 posts
    /// serve then never holds all 130 MB of pages at once.
    public var writesPagesAsMade: OutputWriter.Nothing?

    /// The derived-image cache (`Images/DerivedImageCache`).
    public var imageCacheFolder: URL {
        (cacheDirectory ?? siteDirectory.appendingPathComponent(".blogbuild-cache")).appendingPathComponent("images")
    }

    public init(siteDirectory: URL, outputDirectory: URL? = nil, mode: BuildMode, now: Date = Date()) {
        self.siteDirectory = siteDirectory
        self.outputDirectory = outputDirectory ?? siteDirectory.appendingPathComponent("public")
        self.mode = mode
        self.now = now
    }
}
