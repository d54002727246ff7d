/// A file the feed stage writes, with what it is, so `publish` can check it.
struct FeedFile: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case rss
        case atom
        case jsonFeed
        case sitemap
        /// `/sitemap.xml` naming the sitemap files of a site too big for one.
        case sitemapIndex
        case robots
    }

    /// Relative to the output folder: `feed.xml`, `tags/swiftui/atom.xml`.
    var path: String
    var kind: Kind
    var bytes: [UInt8]
    /// The source file of each entry (`content/posts/x.md`), in document order:
    /// a problem inside an entry names the post it comes from.
    var entrySources: [String] = []
    /// For a feed at a folder address (`/feed/`, written as `feed/index.xml`): that
    /// address, since a page written there (`feed/index.html`) would be served instead.
    var folderURL: String?

    var outputFile: OutputFile { OutputFile(path: path, contents: .bytes(bytes)) }
}
