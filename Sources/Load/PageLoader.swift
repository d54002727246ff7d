import Diagnostics

/// Builds a `Page` from `content/pages/SLUG.md` (about, contact, 404; nested as
/// `pages/a/b.md` or the bundle `pages/a/b/index.md`, the page `/a/b/`), or from
/// `content/apps/APP/SLUG.md`, a child page of the app `app` (privacy, support).
public enum PageLoader {
    static func load(_ source: MarkdownSource, app: String? = nil) -> (page: Page?, diagnostics: [Diagnostic]) {
        guard source.hasFrontMatter else { return (nil, [source.missingFrontMatter]) }
        var fields = source.fields
        let title = fields.requiredText("title")
        var permalink: String?
        if let node = fields.node("permalink"), let written = fields.text("permalink") {
            let trimmed = ContentText.trimmed(written)
            if trimmed.hasPrefix("//") {
                // A browser reads `//greek/` as the address of a host named `greek`.
                fields.report("'permalink' \(YAMLFields.quote(written)) starts with '//', which a browser reads as another host's "
                              + "address; write one '/'", at: node)
            } else if trimmed.hasPrefix("/") {
                permalink = trimmed
            } else {
                fields.report("'permalink' must start with '/' \(YAMLFields.quote(written))", at: node)
            }
        }
        let (aliases, aliasLocations) = fields.aliases()
        let socialImage = fields.text("social_image").map(ContentText.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let search = fields.bool("search") ?? true
        let draft = fields.draft()
        fields.hintUnusedKeys()
        let params = fields.params()
        guard !fields.hasErrors, let title else { return (nil, fields.diagnostics) }
        let slug = urlSlug(source.file, app: app)
        var page = Page(sourcePath: source.file, slug: slug, title: title,
                        permalink: permalink, app: app, aliases: aliases, aliasLocations: aliasLocations, params: params, body: source.body, bodyLine: source.bodyLine)
        page.socialImage = socialImage
        page.search = search
        page.draft = draft
        page.keyLocations = fields.keyLocations
        var diagnostics = fields.diagnostics
        let written = app == nil ? ContentPaths.pageSlug(of: source.file) : ContentPaths.slug(of: source.file)
        if permalink == nil, slug != written {
            diagnostics.append(Diagnostic(file: source.file, message: "file name: '\(written)' is not a slug; the URL uses '\(slug)' "
                                          + "(rename it, or set 'permalink:')", severity: .hint))
        }
        return (page, diagnostics)
    }

    /// The slug of the page in `file` (`pages/a/b.md` → `a/b`; an app's child page: its base
    /// name), each part that is not a slug made one as a post's (`Slug.fromFileName`).
    public static func urlSlug(_ file: String, app: String?) -> String {
        let written = app == nil ? ContentPaths.pageSlug(of: file) : ContentPaths.slug(of: file)
        return written.split(separator: "/", omittingEmptySubsequences: false).map { part in
            let cleaned = Slug.fromFileName(String(part))
            return cleaned.isEmpty ? String(part) : cleaned
        }.joined(separator: "/")
    }
}
