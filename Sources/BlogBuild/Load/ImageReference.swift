/// Where an image that front matter names lives among the static files.
enum ImageReference {
    /// The path relative to content/ of the static file `src` names, written in
    /// the file at `sourcePath` (`content/posts/x.md`): `/images/a.png` is
    /// `images/a.png`, `a.png` is beside the Markdown file. Nil for URLs with a
    /// scheme and paths that climb above content/.
    static func staticPath(_ src: String, from sourcePath: String) -> String? {
        guard !src.isEmpty, !URLReference.isExternal(src) else { return nil }
        let path = SitePaths.percentDecoded(SitePaths.split(src).path)
        var folder = Substring(sourcePath)
        if folder.hasPrefix("content/") { folder = folder.dropFirst("content/".count) }
        guard let resolved = SitePaths.resolve(path, against: SitePaths.folder(of: "/" + folder)) else { return nil }
        return String(resolved.dropFirst())
    }

    /// The site path of a front-matter image (`icon: images/k.png` in
    /// `content/apps/kettle.md` → `/apps/images/k.png`): a relative path is
    /// resolved against the folder of the file that names it, so the URL works on
    /// every page that shows the image (the app page, the app cards on posts,
    /// `/apps/`, feeds), not only on the page of that file. Site paths, URLs with a
    /// scheme and paths that climb above content/ are returned as written (the link
    /// checker reports the last).
    static func sitePath(_ src: String, from sourcePath: String) -> String {
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
