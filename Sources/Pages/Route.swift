import Load
import Support
import Site

/// One output file of the site that a template (or the engine) renders: a page
/// of one kind (`PageKind`).
public struct Route: Sendable, Hashable {
    /// Site path, e.g. `/2021/03/x/` or `/404.html`.
    public let url: String
    public var kind: PageKind
    /// Which page of its kind: the post, page, series, app or tag (its index in
    /// `Site`), the `redirects:` entry, or the page number (1-based) of a paged
    /// list; 0 for a kind with one page.
    public var item: Int = 0
    /// The file that asked for this route, for duplicate-path messages.
    public var source: String
    /// Where in `source` the URL comes from (the `slug:` or `aliases:` line), if known.
    public var location: SourceLocation? = nil

    /// Path of the file in the output folder, e.g. `2021/03/x/index.html`: made
    /// once, as every stage of a rebuild looks routes up by it.
    public let outputPath: String

    init(url: String, kind: PageKind, item: Int = 0, source: String, location: SourceLocation? = nil) {
        self.url = url
        self.kind = kind
        self.item = item
        self.source = source
        self.location = location
        outputPath = SiteURLs.outputPath(url)
    }

    /// `/` → `index.html`, `/a/b/` → `a/b/index.html` (`SiteURLs.outputPath`).
    static func outputPath(forSitePath url: String) -> String {
        SiteURLs.outputPath(url)
    }

    public static func == (a: Route, b: Route) -> Bool {
        a.url == b.url && a.kind === b.kind && a.item == b.item && a.source == b.source && a.location == b.location
    }

    public func hash(into h: inout Hasher) {
        h.combine(url)
        h.combine(ObjectIdentifier(kind))
        h.combine(item)
    }

    /// The template this page renders with; nil for a redirect the engine writes.
    func template(in site: Site) -> String? { kind.template(self, site) }

    /// What this page is made from besides the site as a whole.
    func inputs(in site: Site) -> RouteInputs { kind.inputs(self, site) }
}
