/// Where a feed written at an extra address (`feeds.also_at`, `feeds.tags_also_at`,
/// `feeds.tag_list_at`, a `redirects:` entry to a feed) goes in the output folder.
///
/// A file address is the file: `/index.xml` → `index.xml`. A folder address is the
/// folder's `index.xml`: `/feed/` (or `/feed`) → `feed/index.xml`, since GitHub Pages
/// serves a folder's `index.xml` when it has no `index.html` (Jekyll's own server does
/// the same since jekyll/jekyll#2041, "consistent with GitHub Pages"), and so does
/// `blogbuild serve`. That is how WordPress's `/feed/` keeps its readers.
public enum FeedAddress {
    /// The file a folder's feed is written to.
    public static let folderFile = "index.xml"

    /// Output path of the feed at site path `sitePath`: `tags/x/index.xml`, `feed/index.xml`
    /// (`SitePaths.outputPath`, with a folder's file `index.xml`).
    public static func outputPath(forSitePath sitePath: String) -> String {
        SitePaths.outputPath(forSitePath: sitePath, folderIndex: folderFile)
    }

    /// Is `sitePath` a folder (`/feed/`, `/feed`: no `.` in its last segment), whose
    /// feed a page written there (`feed/index.html`) would hide?
    public static func isFolder(_ sitePath: String) -> Bool {
        if sitePath.hasSuffix("/") { return true }
        return !(sitePath.split(separator: "/").last ?? "").contains(".")
    }

    /// Can a feed answer at `sitePath`: anything but an HTML page's name
    /// (`/feed.html` is served as HTML, whatever it holds).
    public static func canHoldFeed(_ sitePath: String) -> Bool {
        let last = (sitePath.split(separator: "/").last ?? "").lowercased()
        return !(last.hasSuffix(".html") || last.hasSuffix(".htm")) || sitePath.hasSuffix("/")
    }
}
