import Load

/// What an app card shows (the apps page, the app box on a post, an app page's
/// head, the header of an app's child page, whose Smart App Banner takes the id).
struct AppCard: Hashable, Sendable {
    var title: String
    var slug: String
    /// Site path, e.g. `/apps/kettle/`.
    var url: String
    var status: App.Status
    var platforms: [String]
    var postCount: Int
    var tagline: String?
    /// Site path of the icon (resolved against the app's file).
    var icon: String?
    /// The icon's variants, when images are processed.
    var iconVariants: ImageVariantSet?
    var released: PostDate?
    /// `app_store_id`, digits only.
    var appStoreID: String?
    var params: [String: FrontMatterValue]
}
