import Foundation
import Output

/// A file the feed stage writes, with what it is, so `publish` can check it.
public struct FeedFile: Sendable, Hashable {
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
    public var path: String
    var kind: Kind
    public var bytes: [UInt8]
    /// The source file of each entry (`content/posts/x.md`), in document order:
    /// a problem inside an entry names the post it comes from.
    var entrySources: [String] = []
    /// For a feed at a folder address (`/feed/`, written as `feed/index.xml`): that
    /// address, since a page written there (`feed/index.html`) would be served instead.
    public var folderURL: String?
    /// Set for a feed an earlier build of serve wrote and has not changed since
    /// (`FeedMemo`): `bytes` are let go and the output folder holds them.
    public var written: FileDigest?

    public var outputFile: OutputFile { OutputFile(path: path, contents: written.map { .written($0) } ?? .bytes(bytes)) }

    /// This feed with its bytes: a `written` one's read back from `folder`, where it was written.
    public func withBytes(writtenIn folder: URL) -> FeedFile {
        guard written != nil else { return self }
        var feed = self
        feed.bytes = outputFile.bytes(writtenIn: folder) ?? []
        return feed
    }
}
