/// A blogbuild site made from another generator's, before it is written: its
/// documents, its static files, its `site.yml`, and what was done.
public struct ImportedSite: Sendable {
    /// A Markdown file to write under `content/`.
    struct Document: Sendable {
        enum Kind: Sendable { case post, page, series }
        var kind: Kind
        /// Relative to the site folder: `content/posts/2019-03-04-x.md`.
        var path: String
        /// Front matter in blogbuild's keys, in the order to write them.
        var fields: ImportFields
        var body: String
        /// The file it came from, relative to the source (for IMPORT.md).
        var source: String
        /// The old site's URLs of this document, as site paths (without the old base path).
        var oldURLs: [String] = []
    }

    /// A file copied as it is: `content/images/a.png` from `/src/assets/images/a.png`.
    struct Copy: Sendable {
        var path: String
        var from: String
        /// Its address on the old site when that is not its new one (a Hugo bundle's file
        /// moves with its page); nil: the same site path as in the new site.
        var oldURL: String? = nil
    }

    var config: ImportFields
    var documents: [Document]
    var copies: [Copy]
    public internal(set) var report: ImportReport
    /// Documents that fail the build even as drafts (`ImportBuildCheck`): written
    /// under `imported-unbuilt/`, outside `content/`, with paths relative to the site folder.
    var setAside: [Document] = []

    /// Every path this site writes, relative to the site folder, sorted.
    public var paths: [String] {
        (["content/site.yml", "IMPORT.md"] + documents.map(\.path) + copies.map(\.path) + setAside.map(\.path)).sorted()
    }
}
