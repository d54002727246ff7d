import Load

/// What an app card shows (the apps page, the app box on a post, an app page's
/// head, the header of an app's child page, whose Smart App Banner takes the id).
public struct AppCard: Hashable, Sendable {
    public var title: String
    public var slug: String
    /// Site path, e.g. `/apps/kettle/`.
    public var url: String
    public var status: App.Status
    public var platforms: [String]
    public var postCount: Int
    public var tagline: String?
    /// Site path of the icon (resolved against the app's file).
    public var icon: String?
    /// The icon's variants, when images are processed.
    public var iconVariants: ImageVariantSet?
    public var released: PostDate?
    /// `app_store_id`, digits only.
    public var appStoreID: String?
    public var params: [String: FrontMatterValue]
}
