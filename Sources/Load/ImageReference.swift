import Support

/// Where an image that front matter names lives among the static files.
public enum ImageReference {
    /// The path relative to content/ of the static file `src` names, written in
    /// the file at `sourcePath` (`content/posts/x.md`): `/images/a.png` is
    /// `images/a.png`, `a.png` is beside the Markdown file. Nil for URLs with a
    /// scheme and paths that climb above content/.
    public static func staticPath(_ src: String, from sourcePath: String) -> String? {
        // Most images are written `/images/a.png`: every stage asks for each one, so
        // that form is answered without splitting and joining the path.
        if isPlainSitePath(src) { return String(src.dropFirst()) }
        guard !src.isEmpty, !URLReference.isExternal(src) else { return nil }
        let path = SitePaths.percentDecoded(SitePaths.split(src).path)
        var folder = Substring(sourcePath)
        if folder.hasPrefix("content/") { folder = folder.dropFirst("content/".count) }
        guard let resolved = SitePaths.resolve(path, against: SitePaths.folder(of: "/" + folder)) else { return nil }
        return String(resolved.dropFirst())
    }

    /// `/a/b.png`: a site path with nothing to decode, split off or resolve (no
    /// `%`, `?`, `#`, `\\`, white space, empty, `.` or `..` segment), so its static
    /// path is itself without the first `/`.
    static func isPlainSitePath(_ src: String) -> Bool {
        var bytes = src.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        // Length of the segment so far, and whether it is all dots.
        var segment = 0
        var dots = true
        func segmentIsPlain() -> Bool { segment > 0 && !(dots && segment <= 2) }
        while let b = bytes.next() {
            switch b {
            case UInt8(ascii: "/"):
                guard segmentIsPlain() else { return false }
                segment = 0
                dots = true
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\"), 0...0x20, 0x7F:
                return false
            default:
                segment += 1
                if b != UInt8(ascii: ".") { dots = false }
            }
        }
        return segment == 0 || segmentIsPlain()
    }

    /// The site path of a front-matter image (`icon: images/k.png` in
    /// `content/apps/kettle.md` → `/apps/images/k.png`): a relative path is
    /// resolved against the folder of the file that names it, so the URL works on
    /// every page that shows the image (the app page, the app cards on posts,
    /// `/apps/`, feeds), not only on the page of that file. Site paths, URLs with a
    /// scheme and paths that climb above content/ are returned as written (the link
    /// checker reports the last).
    public static func sitePath(_ src: String, from sourcePath: String) -> String {
        guard let first = src.first, first != "/", first != "#", first != "?", !URLReference.isExternal(src) else { return src }
        let cut = src.firstIndex { $0 == "?" || $0 == "#" } ?? src.endIndex
        var folder = Substring(sourcePath)
        if folder.hasPrefix("content/") { folder = folder.dropFirst("content/".count) }
        guard let resolved = SitePaths.resolve(String(src[..<cut]), against: SitePaths.folder(of: "/" + folder)) else {
            return src
        }
        return resolved + src[cut...]
    }
}
