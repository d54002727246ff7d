import Diagnostics

/// Builds a `Series` from `content/series/SLUG.md`; the body is the intro.
enum SeriesLoader {
    static func load(_ source: MarkdownSource) -> (series: Series?, diagnostics: [Diagnostic]) {
        guard source.hasFrontMatter else { return (nil, [source.missingFrontMatter]) }
        var fields = source.fields
        let title = fields.requiredText("title")
        let description = fields.text("description")
        let order = fields.choice("order", [Series.Order.date, .manual]) ?? .date
        let draft = fields.draft()
        fields.hintUnusedKeys()
        let params = fields.params()
        guard !fields.hasErrors, let title else { return (nil, fields.diagnostics) }
        var series = Series(sourcePath: source.file, slug: ContentPaths.slug(of: source.file), title: title,
                            description: description, order: order, params: params,
                            body: source.body, bodyLine: source.bodyLine)
        series.draft = draft
        return (series, fields.diagnostics + fileNameHint(source.file, slug: series.slug))
    }

    /// A series' or app's file name that is not a slug (`Side Projects.md`): its URL
    /// takes the slug `new post` would make (`SiteURLs.segment`), which a hint names;
    /// posts still name it as the file does.
    static func fileNameHint(_ file: String, slug: String) -> [Diagnostic] {
        let cleaned = Slug.fromFileName(slug)
        guard !cleaned.isEmpty, cleaned != slug else { return [] }
        return [Diagnostic(file: file, message: "file name: '\(slug)' is not a slug; the URL uses '\(cleaned)' "
                           + "(posts name it '\(slug)' as before; rename the file to '\(cleaned).md' to match)", severity: .hint)]
    }
}
