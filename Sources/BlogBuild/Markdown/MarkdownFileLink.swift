/// Which link destinations name another Markdown file of the site
/// (`[see](other.md#part)`): what `MarkdownFileLinks` turns into page URLs.
/// Known when a body is rendered (`RenderedMarkdown.linksMarkdownFiles`).
enum MarkdownFileLink {
    /// Whether `link` (as written) names a `.md` file.
    static func test(_ link: String) -> Bool {
        // A link without `.md` anywhere (nearly all) is answered without splitting or lowercasing it.
        guard mentionsMD(link), !URLReference.isExternal(link) else { return false }
        let path = SitePaths.split(link).path
        return path.utf8.count > 3 && path.lowercased().hasSuffix(".md")
    }

    /// Whether `.md` (in any case) is somewhere in `link`.
    private static func mentionsMD(_ link: String) -> Bool {
        var state = 0  // bytes of `.md` matched so far
        for b in link.utf8 {
            switch (state, b) {
            case (_, UInt8(ascii: ".")): state = 1
            case (1, UInt8(ascii: "m")), (1, UInt8(ascii: "M")): state = 2
            case (2, UInt8(ascii: "d")), (2, UInt8(ascii: "D")): return true
            default: state = 0
            }
        }
        return false
    }
}
