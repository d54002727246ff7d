/// The site's mark when site.yml names no `logo:`: the first letter of the
/// site's title, white on the theme's accent colour in a rounded square, as a
/// small SVG. It is the favicon and the mark beside the title in the header,
/// so a new site never shows another site's logo.
enum SiteMark {
    /// Where the theme publishes the mark (`assets/logo.svg`), relative to the output folder.
    static let assetName = "logo.svg"

    /// The SVG for a site titled `title`: `Low Tide Software` → an `L`.
    /// A title with no letter or digit gets a plain square.
    static func svg(title: String) -> String {
        let initial = title.first(where: { $0.isLetter || $0.isNumber }).map { String($0).uppercased() } ?? ""
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">"#
            + ##"<rect width="64" height="64" rx="15" fill="#0d6a72"/>"##
        if !initial.isEmpty {
            svg += #"<text x="32" y="45" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" "#
                + ##"font-size="38" font-weight="700" fill="#fff">"## + HTMLEscape.text(initial) + "</text>"
        }
        return svg + "</svg>\n"
    }

    /// The `type` of a `<link rel="icon">` for an image at `path`, from its extension.
    static func mediaType(of path: String) -> String? { ImageMediaType.of(path) }
}
