/// Where an image that front matter names lives among the static files.
enum ImageReference {
    /// The path relative to content/ of the static file `src` names, written in
    /// the file at `sourcePath` (`content/posts/x.md`): `/images/a.png` is
    /// `images/a.png`, `a.png` is beside the Markdown file. Nil for URLs with a
    /// scheme and paths that climb above content/.
    static func staticPath(_ src: String, from sourcePath: String) -> String? {
        guard !src.isEmpty, !SitePaths.hasScheme(src) else { return nil }
        let path = SitePaths.percentDecoded(SitePaths.split(src).path)
        var folder = Substring(sourcePath)
        if folder.hasPrefix("content/") { folder = folder.dropFirst("content/".count) }
        guard let resolved = SitePaths.resolve(path, against: SitePaths.folder(of: "/" + folder)) else { return nil }
        return String(resolved.dropFirst())
    }
}
