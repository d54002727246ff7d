import Load

/// What an app card shows (the apps page, the app box on a post, an app page's
/// head, the header of an app's child page, whose Smart App Banner takes the id).
package struct AppCard: Hashable, Sendable {
    package var title: String
    package var slug: String
    /// Site path, e.g. `/apps/kettle/`.
    package var url: String
    package var status: App.Status
    package var platforms: [String]
    package var postCount: Int
    package var tagline: String?
    /// Site path of the icon (resolved against the app's file).
    package var icon: String?
    /// The icon's variants, when images are processed.
    package var iconVariants: ImageVariantSet?
    package var released: PostDate?
    /// `app_store_id`, digits only.
    package var appStoreID: String?
    package var params: [String: FrontMatterValue]
}
