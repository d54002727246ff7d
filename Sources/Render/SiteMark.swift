import Load
import Support

/// The site's mark when site.yml names no `logo:`: the first letter of the
/// site's title, white on the theme's accent colour in a rounded square, as a
/// small SVG. It is the favicon and the mark beside the title in the header,
/// so a new site never shows another site's logo.
public enum SiteMark {
    /// Where the theme publishes the mark (`assets/logo.svg`), relative to the output folder.
    public static let assetName = "logo.svg"

    /// The built-in theme's accent, for a stylesheet that names none.
    public static let defaultAccent = "#0d6a72"

    /// The SVG for a site titled `title`: `Low Tide Software` → an `L`, on `accent`.
    /// A title with no letter or digit gets a plain square.
    public static func svg(title: String, accent: String = defaultAccent) -> String {
        let initial = title.first(where: { $0.isLetter || $0.isNumber }).map { String($0).uppercased() } ?? ""
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">"#
            + #"<rect width="64" height="64" rx="15" fill=""# + accent + #""/>"#
        if !initial.isEmpty {
            svg += #"<text x="32" y="45" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" "#
                + ##"font-size="38" font-weight="700" fill="#fff">"## + HTMLEscape.text(initial) + "</text>"
        }
        return svg + "</svg>\n"
    }

    /// The `type` of a `<link rel="icon">` for an image at `path`, from its extension.
    static func mediaType(of path: String) -> String? { ImageMediaType.of(path) }

    /// The stylesheet's `--accent` (its first, the light scheme's: `:root { --accent: #b5442c; }`),
    /// so the mark wears the colour the site gave its links. The mark is an image of its
    /// own (the favicon, an `<img>` in the header), which cannot read the page's CSS
    /// variables: it is written with the value. Nil when there is none, or it is not a
    /// plain colour (`var(--x)`, or anything that could break out of the attribute).
    public static func accent(inCSS css: String) -> String? {
        var rest = Substring(css)
        while let found = rest.range(of: "--accent") {
            rest = rest[found.upperBound...]
            // `--accent-strong` is another variable.
            let afterName = rest.drop { $0 == " " || $0 == "\t" }
            guard afterName.first == ":" else { continue }
            let value = afterName.dropFirst().prefix { $0 != ";" && $0 != "}" }.trimmingCharacters(in: .whitespacesAndNewlines)
            let plain = !value.isEmpty && !value.contains("var(") && value.allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || "#(),.% -".contains($0))
            }
            return plain ? value : nil
        }
        return nil
    }
}
