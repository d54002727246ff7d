/// The widths the pictures site.yml names are made at (`Images/ImagePlanner`) and
/// looked up at (`Projection/SiteWide`): each is shown at one size (a plain `<img>`, a link preview).
public enum SiteImageWidths {
    /// The `apple-touch-icon`: iOS shows home-screen icons at 180 px.
    public static let touchIcon = 180
    /// The author's `avatar:`: 2× the 64 px (4rem) the theme shows it at.
    public static let avatar = 128
    /// The site's `image:` (every page's og:image without one of its own): the
    /// 1200 px wide picture link previews ask for.
    public static let shareImage = 1200
}
