import Load
import Support

/// Which link destinations name another Markdown file of the site
/// (`[see](other.md#part)`, `[old](2021-01-05-x.markdown)`: any of
/// `ContentPaths.markdownExtensions`): what `MarkdownFileLinks` turns into page URLs.
/// Known when a body is rendered (`RenderedMarkdown.linksMarkdownFiles`).
public enum MarkdownFileLink {
    /// Whether `link` (as written) names a Markdown file.
    public static func test(_ link: String) -> Bool {
        // A link without `.m` anywhere (nearly all) is answered without splitting or lowercasing it.
        guard mentionsDotM(link), !URLReference.isExternal(link) else { return false }
        return ContentPaths.isMarkdown(SitePaths.split(link).path)
    }

    /// Whether `.m` (in any case), which every Markdown extension starts with, is somewhere in `link`.
    private static func mentionsDotM(_ link: String) -> Bool {
        var afterDot = false
        for b in link.utf8 {
            if afterDot, b == UInt8(ascii: "m") || b == UInt8(ascii: "M") { return true }
            afterDot = b == UInt8(ascii: ".")
        }
        return false
    }
}
