import Foundation
import Diagnostics

/// Builds an `App` from `content/apps/SLUG.md`; the body is the description.
enum AppLoader {
    static func load(_ source: MarkdownSource, timeZone: TimeZone) -> (app: App?, diagnostics: [Diagnostic]) {
        guard source.hasFrontMatter else { return (nil, [source.missingFrontMatter]) }
        var fields = source.fields
        let title = fields.requiredText("title")
        let tagline = fields.text("tagline")
        let icon = fields.text("icon")
        let platforms = fields.textList("platforms") ?? []
        let appStoreID = appStoreID(&fields)
        // Without a link of its own, the App Store link is the one the id makes.
        let appStore = fields.text("app_store") ?? appStoreID.map(storeURL)
        let website = fields.text("website")
        let repository = fields.text("source")
        let released = fields.date("released", timeZone: timeZone)
        let status = fields.choice("status", [App.Status.available, .retired]) ?? .available
        let screenshots = fields.imageList("screenshots") ?? []
        let draft = fields.draft()
        fields.hintUnusedKeys()
        let params = fields.params()
        guard !fields.hasErrors, let title else { return (nil, fields.diagnostics) }
        var app = App(sourcePath: source.file, slug: ContentPaths.slug(of: source.file), title: title,
                      tagline: tagline, icon: icon, platforms: platforms, appStore: appStore, appStoreID: appStoreID, website: website,
                      source: repository, released: released, status: status, screenshots: screenshots,
                      params: params, body: source.body, bodyLine: source.bodyLine, keyLocations: fields.keyLocations)
        app.draft = draft
        return (app, fields.diagnostics + SeriesLoader.fileNameHint(source.file, slug: app.slug))
    }

    /// The App Store's page of the app with the numeric id `id`.
    static func storeURL(_ id: String) -> String { "https://apps.apple.com/app/id" + id }

    /// `app_store_id`: digits only, as App Store Connect shows the Apple ID
    /// (the Smart App Banner's `app-id` takes nothing else). A link or `id…` is
    /// an error that names the digits it holds.
    private static func appStoreID(_ fields: inout YAMLFields) -> String? {
        guard let node = fields.node("app_store_id"), let written = fields.text("app_store_id") else { return nil }
        let trimmed = ContentText.trimmed(written)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return trimmed }
        var message = "'app_store_id' must be the app's numeric App Store id, digits only \(YAMLFields.quote(written))"
        // `id1504417720` or a store link: the digits after the last `id`.
        if let r = trimmed.range(of: "id", options: .backwards) {
            let digits = trimmed[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty { message += " (did you mean \(digits)?)" }
        }
        fields.report(message, at: node)
        return nil
    }
}
