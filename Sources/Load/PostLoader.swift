import Foundation
import Diagnostics

/// Builds a `Post` from `content/posts/**/*.md`. Date and slug come from the
/// file name `YYYY-MM-DD-slug.md` (also `YYYY-M-D-slug.md`) unless the front
/// matter gives `date:` or `slug:`; a front-matter date on another day than the
/// file name's is a warning. A post bundle `posts/2021-01-05-x/index.md` is
/// named by its folder. `description` and `lastmod`, other generators' names,
/// are read as `summary` and `updated`; other unknown keys get a hint.
public enum PostLoader {
    static func load(_ source: MarkdownSource, timeZone: TimeZone) -> (post: Post?, diagnostics: [Diagnostic]) {
        guard source.hasFrontMatter else { return (nil, [source.missingFrontMatter]) }
        var fields = source.fields
        var extra: [Diagnostic] = []
        let name = nameForDateAndSlug(source.file)
        let fromName = DateParsing.fileNamePrefix(name)

        let title = fields.requiredText("title")

        // Date: front matter wins; else the file name; else it is missing.
        var date: PostDate?
        if fields.writtenNode("date").map(YAMLScalar.isNull) == false {
            date = fields.date("date", timeZone: timeZone)
        } else if let fromName {
            switch DateParsing.parse(fromName.date, timeZone: timeZone) {
            case .success(let parsed): date = parsed
            case .failure:
                extra.append(Diagnostic(file: source.file, message: "file name: '\(fromName.written)' is not a valid date"))
            }
        } else {
            fields.report("'date' is required (or name the file YYYY-MM-DD-slug.md)", at: nil)
        }
        if let date, let fromName, let node = fields.node("date"),
           case .success(let named) = DateParsing.fields(fromName.date),
           (date.year, date.month, date.day) != (named.year, named.month, named.day) {
            let written = DateParsing.day(year: date.year, month: date.month, day: date.day)
            fields.report("'date' is \(written) but the file name says \(fromName.date) "
                          + "(the front matter's date is used; make them agree)", at: node, severity: .warning)
        }

        let updated = fields.date(fields.preferring("updated", over: "lastmod"), timeZone: timeZone)
        let summary = fields.text(fields.preferring("summary", over: "description"))
        let tags = fields.textList("tags") ?? []
        let series = nonBlank(fields.text("series"))
        let seriesOrder = fields.int("series_order")
        let app = nonBlank(fields.text("app"))
        let image = fields.image("image")
        let socialImage = fields.text("social_image").map(ContentText.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let draft = fields.draft()
        let search = fields.bool("search") ?? true
        var feedID: String?
        if let node = fields.writtenNode("feed_id"), let written = fields.text("feed_id") {
            feedID = ContentText.trimmed(written)
            if feedID?.isEmpty == true {
                fields.report("'feed_id' is empty (leave it out for blogbuild's own id)", at: node)
            }
        }

        var slug: String?
        if let node = fields.writtenNode("slug") {
            if YAMLScalar.isNull(node) {
                fields.report("'slug' is empty", at: node)
            } else if let written = fields.text("slug") {
                let trimmed = ContentText.trimmed(written)
                if trimmed.isEmpty {
                    fields.report("'slug' is empty", at: node)
                } else if trimmed.contains("/") || trimmed.contains("\\") || trimmed == "." || trimmed == ".." {
                    // A slug is one path segment: '/' or '..' would write outside the post's folder.
                    fields.report("'slug' must be one path segment, without '/' (\"\(trimmed)\")", at: node)
                } else {
                    slug = trimmed
                }
            }
        } else {
            let fromFile = fromName?.rest ?? name
            slug = Self.slug(fileName: fromFile, title: title)
            if slug == nil, title != nil {
                fields.report("no slug in the file name or title; add 'slug:'", at: nil)
            }
            if let slug, slug != fromFile, !fromFile.isEmpty {
                extra.append(Diagnostic(file: source.file, message: Self.renameHint(source.file, written: fromFile, slug: slug),
                                        severity: .hint))
            }
        }

        let (aliases, aliasLocations) = fields.aliases()

        fields.hintUnusedKeys()
        let params = fields.params()
        let diagnostics = fields.diagnostics + extra
        guard !diagnostics.contains(where: { $0.severity == .error }),
              let title, let date, let slug else { return (nil, diagnostics) }
        var post = Post(sourcePath: source.file, title: title, date: date, updated: updated, summary: summary,
                        tags: tags, series: series, seriesOrder: seriesOrder, app: app, image: image, draft: draft,
                        slug: slug, aliases: aliases, params: params, body: source.body, bodyLine: source.bodyLine,
                        keyLocations: fields.keyLocations, aliasLocations: aliasLocations)
        post.socialImage = socialImage
        post.search = search
        post.feedID = feedID
        return (post, diagnostics)
    }

    /// The slug of a post with no `slug:`, from its file name after the date (`fileName`).
    /// A name that is not a slug (`Café notes ☕ über`, `Help!-I'm-here`) gives the slug
    /// `new post` would have named it by; one with no letter or digit a slug keeps gives
    /// the title's, else (`日記`, no title that slugs) the name as it is. Nil: neither has one.
    public static func slug(fileName: String, title: String?) -> String? {
        let cleaned = Slug.fromFileName(fileName)
        if !cleaned.isEmpty { return cleaned }
        if let title, !Slug.make(title).isEmpty { return Slug.make(title) }
        return fileName.isEmpty ? nil : fileName
    }

    /// A file (or bundle folder) whose name is not a slug: which slug its URL takes
    /// instead, and the name that would say so.
    static func renameHint(_ file: String, written: String, slug: String) -> String {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        let isBundle = parts.count >= 4 && ContentPaths.baseName(String(parts[parts.count - 1])) == "index"
        let named = String(parts[parts.count - (isBundle ? 2 : 1)])
        let renamed = named.replacingOccurrences(of: written, with: slug)
        return "file name: '\(written)' is not a slug; the URL uses '\(slug)' "
            + "(rename the \(isBundle ? "folder" : "file") to '\(renamed)', or set 'slug:')"
    }

    /// The file's base name without its Markdown extension, or its folder's name for `index.md`.
    public static func nameForDateAndSlug(_ file: String) -> String {
        let parts = file.split(separator: "/")
        guard let last = parts.last else { return "" }
        let base = ContentPaths.baseName(String(last))
        if base == "index" && parts.count >= 4 { return String(parts[parts.count - 2]) }
        return base
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = ContentText.trimmed(text)
        guard !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
