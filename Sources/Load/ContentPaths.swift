/// Small helpers over the `/`-separated paths the loader hands around.
public enum ContentPaths {
    /// The extensions Markdown is commonly saved with, in lower case (any letter
    /// case is read): every one is Markdown for every kind of content (posts, pages,
    /// series, apps, bundles' `index` files), for the walk, serve's watcher and links
    /// to other Markdown files alike, so a Markdown source is never copied to the
    /// output as a file. The one list of them.
    static let markdownExtensions: [String] = ["md", "markdown", "mdown", "mkd"]

    /// The length in bytes of `name`'s Markdown extension with its dot (`.md` is 3,
    /// `.markdown` 9), or nil when `name` does not end in one after a base name.
    static func markdownExtensionLength(_ name: String) -> Int? {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return nil }
        let ext = bytes[bytes.index(after: dot)...]
        // A folder separator after the dot: the dot is a folder's (`a.b/c`).
        guard ext.count >= 2, ext.count <= 8, !ext.contains(UInt8(ascii: "/")),
              bytes[bytes.index(before: dot)] != UInt8(ascii: "/") else { return nil }
        let lower = String(decoding: ext.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
        return markdownExtensions.contains(lower) ? ext.count + 1 : nil
    }

    /// `2021-01-05-x.md` → `2021-01-05-x` (any of `markdownExtensions`); a name without one is returned whole.
    static func baseName(_ fileName: String) -> String {
        guard let length = markdownExtensionLength(fileName) else { return fileName }
        return String(decoding: fileName.utf8.dropLast(length), as: UTF8.self)
    }

    /// The slug of a series, app or page: its file's base name.
    public static func slug(of path: String) -> String {
        baseName(String(path.split(separator: "/").last ?? Substring(path)))
    }

    /// The slug of a page under `content/pages/`: its path there without its
    /// extension, and without `/index` for a page bundle, so `pages/a/b.md` and
    /// `pages/a/b/index.md` are both `a/b` (the page `/a/b/`), nested as deep as
    /// the folders go. `pages/about.md` is `about`.
    public static func pageSlug(of path: String) -> String {
        var rest = Substring(path)
        if rest.hasPrefix("content/") { rest = rest.dropFirst("content/".count) }
        if rest.hasPrefix("pages/") { rest = rest.dropFirst("pages/".count) }
        var base = baseName(String(rest))
        if base.hasSuffix("/index") { base = String(base.dropLast("/index".count)) }
        return base
    }

    /// Whether `name` (a file name or path) ends in one of `markdownExtensions`, in any letter case.
    public static func isMarkdown(_ name: String) -> Bool {
        markdownExtensionLength(name) != nil
    }

    /// The site paths a Markdown file of `folder` (`content/series`) named `slug`
    /// may have, one per extension: what a post's `series: x` may be naming.
    public static func markdownPaths(in folder: String, slug: String) -> [String] {
        markdownExtensions.map { "\(folder)/\(slug).\($0)" }
    }
}
