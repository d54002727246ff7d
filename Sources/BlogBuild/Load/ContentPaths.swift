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

    /// `.md`, in any letter case.
    static func isMarkdown(_ name: String) -> Bool {
        name.utf8.count > 3 && name.lowercased().hasSuffix(".md")
    }
}
