import Foundation

/// Builds an `App` from `content/apps/SLUG.md`; the body is the description.
enum AppLoader {
    static func load(_ source: MarkdownSource, timeZone: TimeZone) -> (app: App?, diagnostics: [Diagnostic]) {
        guard source.hasFrontMatter else { return (nil, [source.missingFrontMatter]) }
        var fields = source.fields
        let title = fields.requiredText("title")
        let tagline = fields.text("tagline")
        let icon = fields.text("icon")
        let platforms = fields.textList("platforms") ?? []
        let appStore = fields.text("app_store")
        let website = fields.text("website")
        let repository = fields.text("source")
        let released = fields.date("released", timeZone: timeZone)
        let status = fields.choice("status", [App.Status.available, .retired]) ?? .available
        let screenshots = fields.imageList("screenshots") ?? []
        fields.hintUnusedKeys()
        let params = fields.params()
        guard !fields.hasErrors, let title else { return (nil, fields.diagnostics) }
        let app = App(sourcePath: source.file, slug: ContentPaths.slug(of: source.file), title: title,
                      tagline: tagline, icon: icon, platforms: platforms, appStore: appStore, website: website,
                      source: repository, released: released, status: status, screenshots: screenshots,
                      params: params, body: source.body, bodyLine: source.bodyLine, keyLocations: fields.keyLocations)
        return (app, fields.diagnostics)
    }
}
