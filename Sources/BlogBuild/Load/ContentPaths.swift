/// Small helpers over the `/`-separated paths the loader hands around.
enum ContentPaths {
    /// `2021-01-05-x.md` → `2021-01-05-x`; a name without `.md` is returned whole.
    static func baseName(_ fileName: String) -> String {
        isMarkdown(fileName) ? String(fileName.dropLast(3)) : fileName
    }

    /// The slug of a series, app or page: its file's base name.
    static func slug(of path: String) -> String {
        baseName(String(path.split(separator: "/").last ?? Substring(path)))
    }

    /// The slug of a page under `content/pages/`: its path there without `.md`,
    /// and without `/index` for a page bundle, so `pages/a/b.md` and
    /// `pages/a/b/index.md` are both `a/b` (the page `/a/b/`), nested as deep as
    /// the folders go. `pages/about.md` is `about`.
    static func pageSlug(of path: String) -> String {
        var rest = Substring(path)
        if rest.hasPrefix("content/") { rest = rest.dropFirst("content/".count) }
        if rest.hasPrefix("pages/") { rest = rest.dropFirst("pages/".count) }
        var base = baseName(String(rest))
        if base.hasSuffix("/index") { base = String(base.dropLast("/index".count)) }
        return base
    }

    /// `.md`, in any letter case.
    static func isMarkdown(_ name: String) -> Bool {
        name.utf8.count > 3 && name.lowercased().hasSuffix(".md")
    }
}
