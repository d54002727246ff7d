/// The widths the pictures site.yml names are made at (`Images/ImagePlanner`) and
/// looked up at (`Projection/SiteWide`): each is shown as one plain `<img>`.
enum SiteImageWidths {
    /// The `apple-touch-icon`: iOS shows home-screen icons at 180 px.
    static let touchIcon = 180
    /// The author's `avatar:`: 2× the 64 px (4rem) the theme shows it at.
    static let avatar = 128
}
