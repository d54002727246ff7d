/// Builds a `Page` from `content/pages/SLUG.md` (about, contact, 404), or from
/// `content/apps/APP/SLUG.md`, a child page of the app `app` (privacy, support).
enum PageLoader {
    static func load(_ source: MarkdownSource, app: String? = nil) -> (page: Page?, diagnostics: [Diagnostic]) {
        guard source.hasFrontMatter else { return (nil, [source.missingFrontMatter]) }
        var fields = source.fields
        let title = fields.requiredText("title")
        var permalink: String?
        if let node = fields.node("permalink"), let written = fields.text("permalink") {
            let trimmed = ContentText.trimmed(written)
            if trimmed.hasPrefix("/") {
                permalink = trimmed
            } else {
                fields.report("'permalink' must start with '/' \(YAMLFields.quote(written))", at: node)
            }
        }
        fields.hintUnusedKeys()
        let params = fields.params()
        guard !fields.hasErrors, let title else { return (nil, fields.diagnostics) }
        let page = Page(sourcePath: source.file, slug: ContentPaths.slug(of: source.file), title: title,
                        permalink: permalink, app: app, params: params, body: source.body, bodyLine: source.bodyLine)
        return (page, fields.diagnostics)
    }
}
