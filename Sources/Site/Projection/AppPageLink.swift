/// What an app's page shows of one of its child pages (`content/apps/APP/SLUG.md`):
/// Privacy Policy and Support beside the store buttons, the others in a list.
package struct AppPageLink: Hashable, Sendable {
    package var title: String
    /// The file's base name: `privacy`, `support`, `press-kit`.
    package var slug: String
    /// Site path, e.g. `/apps/kettle/privacy/`.
    package var url: String
}
