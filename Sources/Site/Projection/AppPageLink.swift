/// What an app's page shows of one of its child pages (`content/apps/APP/SLUG.md`):
/// Privacy Policy and Support beside the store buttons, the others in a list.
public struct AppPageLink: Hashable, Sendable {
    public var title: String
    /// The file's base name: `privacy`, `support`, `press-kit`.
    public var slug: String
    /// Site path, e.g. `/apps/kettle/privacy/`.
    public var url: String
}
