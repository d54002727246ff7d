import Foundation
import Load
import Support
import BlogBuild
import Feeds

/// Reads a Jekyll site folder: `_config.yml`, `_posts/` (also inside category
/// folders), `_drafts/`, pages with front matter, and static files.
enum JekyllImporter {
    static let postExtensions: Set<String> = ["md", "markdown", "mkd", "mkdn", "mdown", "html", "htm"]

    static func read(_ root: URL) throws(ImportFailure) -> ImportedSite {
        var reader = try JekyllSiteReader(root)
        reader.readFeeds()
        reader.readFiles()
        reader.reportStaticFeedEntries()
        reader.translateBodies()
        return reader.finish()
    }

    // MARK: - Posts

    /// A post (or draft, or dated document of a collection) at `path`, its body kept in `bodies`; nil when it cannot be read or dated.
    static func post(_ path: String, tree: SourceTree, settings: Settings, folderCategories: [String], draft: Bool,
                             type: String = "posts", collectionPattern: String? = nil, collection: (label: String, path: String)? = nil,
                             report: inout ImportReport, bodies: inout [String: (text: String, line: Int, markdown: Bool)]) -> ImportedSite.Document? {
        guard let text = tree.text(path) else { report.skip(path, "cannot be read"); return nil }
        let file = SourceDocumentText(text)
        var front: ImportFields = []
        switch file.fields() {
        case .success(let value): front = value.entries
        case .failure(let error):
            if let lenient = ImportValue.yamlKeepingLastDuplicate(file.frontMatter) {
                front = lenient.value.entries
                report.leave(path, line: error.line.map { $0 + file.frontMatterLine - 1 }, "front matter",
                             "written twice: \(lenient.duplicates.joined(separator: ", ")); the last value is kept, as Jekyll does")
            } else {
                report.leave(path, line: error.line.map { $0 + file.frontMatterLine - 1 }, "front matter", "not valid YAML (\(error.message)); the post was not imported")
                return nil
            }
        }
        front = settings.defaults.applied(to: front, path: path, type: type)
        let value = { (key: String) in front.first { $0.key == key }?.value }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let named = DateParsing.fileNamePrefix(name)
        let nameTitle = named?.rest ?? name

        // The date: front matter, else the file name, else (a draft) the file's modification day.
        // Ruby reads `2016-3-30 8:00:00` as Jekyll's date; blogbuild reads it with its digits padded.
        var dateText = value("date")?.scalarText.map(Self.padded)
        if let written = dateText, case .failure = DateParsing.fields(written) {
            // Ruby's `Time.parse` reads more than blogbuild does: a 12-hour clock, a zone's name.
            if let ruby = RubyTime.normalized(written), case .success = DateParsing.fields(ruby) {
                dateText = ruby
                report.count("dates read as Ruby's Time.parse reads them (am/pm, zone names)")
            } else {
                report.leave(path, line: nil, "date: \(written)", "not a date blogbuild reads; the file name's date is used")
                dateText = nil
            }
        }
        if dateText == nil { dateText = named?.date }
        if dateText == nil, let modified = try? FileManager.default.attributesOfItem(atPath: tree.absolute(path))[.modificationDate] as? Date {
            dateText = Self.dayText(modified, timeZone: settings.timeZone)
            // Jekyll dates a draft by its file's time too; a checkout changes that, so it is named.
            report.leave(path, line: nil, "date", "no date in the front matter or the file name: the file's modification day (\(dateText!)) is used; write a 'date:'")
        }
        guard let dateText, case .success(let written) = DateParsing.fields(dateText),
              case .success(let instant) = DateParsing.parse(dateText, timeZone: settings.timeZone) else {
            report.leave(path, line: nil, "date", "no date in the front matter or the file name; the post was not imported")
            return nil
        }

        var fields: ImportFields = []
        var used: Set<String> = ["date", "layout"]
        let title = value("title")?.scalarText ?? nameTitle.replacingOccurrences(of: "-", with: " ").capitalized
        fields.append((key: "title", value: .text(title)))
        used.insert("title")
        fields.append((key: "date", value: value("date").flatMap { $0.scalarText == dateText ? $0 : nil }.map { _ in ImportValue.date(dateText) } ?? .date(dateText)))
        if let updated = ["last_modified_at", "lastmod", "modified", "updated"].lazy.compactMap(value).first {
            fields.append((key: "updated", value: updated))
        }
        used.formUnion(["last_modified_at", "lastmod", "modified", "updated"])
        if let summary = value("excerpt") ?? value("description") ?? value("summary") {
            fields.append((key: "summary", value: summary))
        }
        used.formUnion(["excerpt", "description", "summary"])
        let categories = folderCategories + (value("categories")?.texts(splittingOnSpaces: true) ?? []) + (value("category")?.texts() ?? [])
        var tags: [String] = []
        for tag in (value("tags")?.texts(splittingOnSpaces: true) ?? []) + (value("tag")?.texts() ?? []) + categories where !tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
            tags.append(tag)
        }
        if !tags.isEmpty { fields.append((key: "tags", value: .list(tags.map(ImportValue.text)))) }
        if !categories.isEmpty { report.count("categories → tags") }
        used.formUnion(["tags", "tag", "categories", "category"])
        // jekyll-seo-tag's `image:` is the social card (og:image); a theme's `feature`/`hero` image is shown above the post.
        if let image = value("image"), let social = Self.imagePath(image) {
            fields.append((key: "social_image", value: .text(social)))
            report.count("image → social_image (og:image)")
        }
        if var hero = value("feature_image") ?? value("feature") ?? value("hero") ?? value("header")?["image"] ?? value("header")?["overlay_image"] {
            let alt = hero["alt"] ?? value("image_alt") ?? value("header")?["image_alt"]
            if let inner = hero["image"] { hero = inner }
            let picture = Self.image(hero, alt: alt)
            if picture["src"] != nil {
                fields.append((key: "image", value: picture))
                if picture["alt"] == nil { report.leave(path, line: nil, "image", "the hero image has no alt text; add 'alt' (publish requires it)") }
            }
        }
        used.formUnion(["image", "feature_image", "feature", "hero", "header", "image_alt"])
        if draft || value("published")?.bool == false {
            fields.append((key: "draft", value: .bool(true)))
            if !draft { report.count("published: false → draft: true") }
        }
        used.insert("published")
        if let slug = value("slug")?.scalarText { fields.append((key: "slug", value: .text(slug))) }
        used.formUnion(["slug", "permalink", "redirect_from", "excerpt_separator"])
        for (key, v) in front where !used.contains(key) { fields.append((key: key, value: v)) }
        if value("layout") != nil { report.count("layout: dropped (blogbuild picks the template)") }

        // Old URLs: the post's own (per-post permalink or the site's pattern), and its redirect_from list.
        var old: [String] = []
        if !draft {
            let pattern = value("permalink")?.scalarText ?? collectionPattern ?? settings.jekyllPattern
            let ext = (path as NSString).pathExtension.lowercased()
            let url = JekyllPermalink.postURL(pattern: pattern, date: instant.instant, timeZone: settings.timeZone,
                                              nameTitle: nameTitle, slug: value("slug")?.scalarText, categories: categories,
                                              outputExtension: ext == "xml" ? ".xml" : ".html", collection: collection)
            old += JekyllPermalink.writtenForms(url)
            if type == "posts" {
                // No absolute `url`: the ids' host was the one the site was built for; the path,
                // which blogbuild makes absolute on the base_url the user writes.
                let base = settings.siteAddress ?? ""
                // jekyll-feed's `<id>{{ post.id | absolute_url }}</id>`, or the site's own template's
                // `<guid>{{ post.url | absolute_url }}</guid>`, or the id a static feed file gave the post.
                // `absolute_url` percent-encodes (Addressable's `normalize`): a feed reader compares ids as text.
                // A static feed file holds what its author wrote, in either form.
                let writtenID = base + JekyllPermalink.documentID(url: url, slug: value("slug")?.scalarText ?? nameTitle)
                let documentID = SitePaths.percentEncoded(writtenID), postURL = SitePaths.percentEncoded(base + url)
                let listed = [postURL, documentID, base + url, writtenID].first { settings.staticFeedIDs.contains($0) }
                if let id = listed ?? settings.feedIDs.map({ $0 == .postID ? documentID : postURL }) {
                    fields.append((key: "feed_id", value: .text(id)))
                    report.count(listed != nil ? "feed ids kept from the old site's static feed file (feed_id)" : "feed ids kept (feed_id)")
                }
            }
        }
        for alias in value("redirect_from")?.texts() ?? [] {
            old += JekyllPermalink.writtenForms(alias.hasPrefix("/") ? alias : "/" + alias)
            report.count("redirect_from → aliases")
        }
        let day = DateParsing.day(year: written.year, month: written.month, day: written.day)
        // A name with characters a URL must escape (`what-is-it?.md`) gets a clean slug.
        let slugForName = Self.isURLSafe(nameTitle) ? nameTitle : Slug.make(nameTitle)
        let isHTML = ["html", "htm"].contains((path as NSString).pathExtension.lowercased())
        var body = file.body
        // Jekyll's excerpt ends at `excerpt_separator` (the post's, else the site's; a blank line
        // by default, as blogbuild's summary does): another mark becomes blogbuild's `<!--more-->`.
        if value("excerpt") == nil, let mark = value("excerpt_separator")?.scalarText ?? settings.config["excerpt_separator"]?.scalarText,
           !mark.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !mark.contains("\n"), mark != "<!--more-->",
           let at = body.range(of: mark) {
            body.replaceSubrange(at, with: "<!--more-->")
            report.count("excerpt_separator → <!--more-->")
        }
        bodies[path] = (body, file.bodyLine, !isHTML)
        if isHTML { report.count("HTML post → Markdown file with raw HTML") }
        return ImportedSite.Document(kind: .post, path: "content/posts/\(day)-\(Slug.make(slugForName).isEmpty ? "post" : slugForName).md",
                                     fields: ImportAssembler.ordered(fields), body: "", source: path, oldURLs: old)
    }

    /// `image: x.png` or `{path|file|src|url, alt}` → `{src, alt}`.
    private static func image(_ value: ImportValue, alt: ImportValue? = nil) -> ImportValue {
        var out: ImportFields = []
        if let src = imagePath(value) { out.append((key: "src", value: .text(src))) }
        if let alt = value["alt"] ?? alt { out.append((key: "alt", value: alt)) }
        return .map(out)
    }

    /// The file of `image: x.png` or of jekyll-seo-tag's `{path}` / `{file, alt, caption}`,
    /// as a site path (jekyll-seo-tag makes a relative one absolute from the site's root).
    static func imagePath(_ value: ImportValue) -> String? {
        guard let src = (value.scalarText ?? (value["path"] ?? value["file"] ?? value["src"] ?? value["url"])?.scalarText)?
            .trimmingCharacters(in: .whitespaces), !src.isEmpty else { return nil }
        return src.contains("://") || src.hasPrefix("/") ? src : "/" + src
    }

    /// Whether `name` can be a URL segment as it is (no `?`, `#`, `%`, blank or control character).
    static func isURLSafe(_ name: String) -> Bool {
        !name.unicodeScalars.contains { "?#%\"<>\\^`{|}".unicodeScalars.contains($0) || $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// `2016-3-30 8:00:00` → `2016-03-30 08:00:00`; any other text as it is.
    static func padded(_ date: String) -> String {
        guard let match = date.range(of: "^\\d{4}-\\d{1,2}-\\d{1,2}([ T]\\d{1,2}:\\d{2}(:\\d{2})?)?", options: .regularExpression) else { return date }
        var out = ""
        var digits = ""
        for ch in date[match] {
            if ch.isNumber { digits.append(ch); continue }
            out += digits.count == 1 ? "0" + digits : digits
            digits = ""
            out.append(ch)
        }
        out += digits.count == 1 ? "0" + digits : digits
        return out + date[match.upperBound...]
    }

    static func dayText(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return DateParsing.day(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    // MARK: - Pages

    /// A page at `path`, its body kept in `bodies`; nil where it makes no page (the home page, a listing,
    /// a `redirect_to`: each noted in `lists`) or its front matter is not YAML.
    static func page(_ path: String, text: String, settings: Settings,
                             collection: (label: String, path: String, pattern: String)? = nil, tree: SourceTree,
                             lists: inout JekyllListPages, report: inout ImportReport,
                             bodies: inout [String: (text: String, line: Int, markdown: Bool)]) -> ImportedSite.Document? {
        let file = SourceDocumentText(text)
        guard case .success(let written) = file.fields() else {
            report.leave(path, line: file.frontMatterLine, "front matter", "not valid YAML; the page was not imported")
            return nil
        }
        let front = settings.defaults.applied(to: written.entries, path: path, type: collection?.label ?? "pages")
        let value = ImportValue.map(front)
        let parts = path.split(separator: "/").map(String.init)
        let base = ((parts.last ?? path) as NSString).deletingPathExtension
        let old = collection.map { JekyllPermalink.collectionURL(pattern: value["permalink"]?.scalarText ?? $0.pattern, label: $0.label, relativePath: $0.path) }
            ?? JekyllPermalink.pageURL(path: path, permalink: value["permalink"]?.scalarText, sitePattern: settings.sitePattern)
        if (parts.count == 1 && base == "index") || old == "/" {
            lists.addHomePage(source: path)
            report.skip(path, "the home page: blogbuild writes its own (newest posts first)")
            return nil
        }
        if let listing = JekyllListPages.listing(body: file.body, layout: value["layout"]?.scalarText, tree: tree) {
            lists.addListPage(old, listing, front: value, source: path)
            report.skip(path, "a listing made by Liquid loops or a list layout (archive, tags, blog index): blogbuild writes /archive/, /tags/ and / itself; the old URL redirects there")
            return nil
        }
        // jekyll-redirect-from's `redirect_to:` made no page, only a redirect.
        if let target = value["redirect_to"]?.texts().first {
            lists.addRedirect(old, to: target)
            report.count("redirect_to → redirects")
            return nil
        }
        var name = base == "index" ? parts.dropLast().joined(separator: "-") : (parts.dropLast() + [base]).joined(separator: "-")
        if Slug.make(name).isEmpty { name = "page" }
        var fields: ImportFields = []
        let title = value["title"]?.scalarText ?? base.capitalized
        fields.append((key: "title", value: .text(title)))
        for (key, v) in front where !["title", "layout", "permalink", "redirect_from"].contains(key) { fields.append((key: key, value: v)) }
        if value["layout"] != nil { report.count("layout: dropped (blogbuild picks the template)") }
        if let collection, let pattern = value["permalink"]?.scalarText ?? Optional(collection.pattern),
           [":year", ":month", ":day", ":i_", ":short_", ":y_day"].contains(where: pattern.contains) {
            report.leave(path, line: nil, "permalink: \(pattern)", "an undated document in a dated pattern: Jekyll filled the date from the time of each build, so its old URL is not known; it is at \(JekyllPermalink.collectionURL(pattern: pattern, label: collection.label, relativePath: collection.path))")
        }
        // Every address the page answered at: its own, `.html` form and all, and its `redirect_from` list.
        var olds = JekyllPermalink.writtenForms(old)
        for alias in value["redirect_from"]?.texts() ?? [] {
            olds += JekyllPermalink.writtenForms(alias.hasPrefix("/") ? alias : "/" + alias)
            report.count("redirect_from → aliases")
        }
        let isHTML = ["html", "htm", "liquid"].contains((path as NSString).pathExtension.lowercased())
        bodies[path] = (file.body, file.bodyLine, !isHTML)
        let slug = base == "404" ? "404" : Slug.make(name)
        return ImportedSite.Document(kind: .page, path: "content/pages/\(slug).md", fields: fields, body: "", source: path,
                                     oldURLs: olds.filter { $0 != "/404.html" })
    }

    // MARK: - Config

    struct Settings {
        var config: ImportValue
        var timeZone: TimeZone
        /// Posts' pattern: `permalink:`, or a `defaults:` permalink every post takes.
        var jekyllPattern: String
        /// The site's own `permalink:` (its style decides `/about.html` or `/about/` for pages).
        var sitePattern: String
        var blogbuildPattern: String
        var basePath: String
        var defaults: JekyllDefaults
        /// Collections Jekyll writes pages for (`output: true`), by label, with their permalink pattern.
        var collections: [String: String]
        /// The folder holding `_posts/` and the collections' folders (`collections_dir`).
        var collectionsDir: String
        /// What jekyll-feed's entry ids start with (`url` and `baseurl`, no `/` at the end;
        /// empty when the site has no absolute `url`): nil when the site does not use the plugin.
        var jekyllFeedBase: String?
        /// `url` and `baseurl`, no `/` at the end: what an absolute post address starts with.
        var siteAddress: String?
        /// The site's own feed template's entries (`JekyllFeedTemplate.entries`).
        var ownFeed: JekyllFeedTemplate.Entries?
        /// The entry ids of feed files the old site served as they are (no front matter).
        var staticFeedIDs: Set<String> = []
        /// How the old feed named each post: the site's own template's way, else jekyll-feed's.
        var feedIDs: JekyllFeedTemplate.Entries.IDs? {
            ownFeed?.ids ?? (jekyllFeedBase != nil ? .postID : nil)
        }

        init(_ config: ImportValue) {
            self.config = config
            timeZone = config["timezone"]?.scalarText.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
            defaults = JekyllDefaults(config)
            // A `defaults:` permalink for every post (Swift.org's `/blog/:title/`) is the site's pattern as much as `permalink:` is.
            let postsDefault = defaults.values(path: "_posts/post.md", type: "posts").first { $0.key == "permalink" }?.value.scalarText
            // Jekyll's `collections: posts: permalink:` is the posts' pattern ahead of the site's `permalink:`
            // (Jekyll::Configuration#add_default_collections fills it from `permalink:` only when unset).
            jekyllPattern = JekyllPermalink.pattern(postsDefault ?? config["collections"]?["posts"]?["permalink"]?.scalarText
                                                    ?? config["permalink"]?.scalarText)
            var dir = config["collections_dir"]?.scalarText ?? ""
            while dir.hasSuffix("/") { dir.removeLast() }
            collectionsDir = dir
            var collections: [String: String] = [:]
            sitePattern = JekyllPermalink.pattern(config["permalink"]?.scalarText)
            switch config["collections"] ?? .null {
            case .map(let entries):
                for (label, options) in entries where label != "posts" && options["output"]?.bool == true {
                    collections[label] = options["permalink"]?.scalarText.map(JekyllPermalink.pattern)
                        ?? (sitePattern.hasSuffix("/") ? "/:collection/:path/" : "/:collection/:path:output_ext")
                }
            default: break
            }
            self.collections = collections
            blogbuildPattern = JekyllPermalink.blogbuildPattern(jekyllPattern) ?? SiteConfig().postPermalink
            var base = config["baseurl"]?.scalarText ?? ""
            if !base.hasPrefix("/") { base = "/" + base }
            if !base.hasSuffix("/") { base += "/" }
            basePath = base
            let plugins = (config["plugins"]?.texts() ?? []) + (config["gems"]?.texts() ?? [])
            if var url = config["url"]?.scalarText, url.hasPrefix("http") {
                while url.hasSuffix("/") { url.removeLast() }
                siteAddress = url + String(base.dropLast())
            }
            if plugins.contains("jekyll-feed") { jekyllFeedBase = siteAddress ?? "" }
        }

        /// The folder of a collection: `_label`, inside `collections_dir` when there is one.
        func collectionPath(_ label: String) -> String {
            collectionsDir.isEmpty ? "_" + label : collectionsDir + "/_" + label
        }

        func siteConfig(report: inout ImportReport) -> ImportFields {
            var out: ImportFields = []
            let known: Set<String> = ["title", "description", "author", "url", "baseurl", "timezone", "lang", "permalink", "paginate",
                                        "defaults", "collections", "collections_dir",
                                        "paginate_path", "pagination", "jekyll-archives"]
            if let title = config["title"] { out.append((key: "title", value: title)) }
            if let description = config["description"] { out.append((key: "description", value: description)) }
            if let author = config["author"] {
                if let name = author.scalarText { out.append((key: "author", value: .map([(key: "name", value: .text(name))]))) }
                else {
                    let kept = author.entries.filter { ["name", "email", "url"].contains($0.key) }
                    if !kept.isEmpty { out.append((key: "author", value: .map(kept))) }
                }
            }
            if let url = config["url"]?.scalarText, url.hasPrefix("http") {
                var base = url.hasSuffix("/") ? String(url.dropLast()) : url
                base += basePath
                out.append((key: "base_url", value: .text(base)))
            }
            if let limit = ownFeed?.limit {
                out.append((key: "feeds", value: .map([(key: "items", value: .number(String(limit)))])))
                report.count("the feed's item count (the site's own feed template's limit → feeds.items)")
            } else if jekyllFeedBase != nil {
                // jekyll-feed's feed holds `feed: { posts_limit: }` posts, 10 unless told.
                let limit = Int(config["feed"]?["posts_limit"]?.scalarText ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 10
                out.append((key: "feeds", value: .map([(key: "items", value: .number(String(limit)))])))
                report.count("the feed's item count (jekyll-feed's posts_limit → feeds.items)")
            }
            if let language = config["lang"] ?? config["locale"] { out.append((key: "language", value: .text(language.scalarText?.replacingOccurrences(of: "_", with: "-") ?? "en"))) }
            out.append((key: "timezone", value: .text(timeZone.identifier)))
            // jekyll-paginate's `paginate`, or jekyll-paginate-v2's `per_page`: the old pages redirect to the home page of their number.
            let v2 = config["pagination"]?["enabled"]?.bool == true ? config["pagination"]?["per_page"] : nil
            if let paginate = (config["paginate"] ?? v2)?.scalarText, Int(paginate) != nil { out.append((key: "posts_per_page", value: .number(paginate))) }
            if blogbuildPattern != SiteConfig().postPermalink {
                out.append((key: "permalinks", value: .map([(key: "post", value: .text(blogbuildPattern))])))
            }
            if JekyllPermalink.blogbuildPattern(jekyllPattern) == nil {
                report.leave("_config.yml", line: nil, "permalink: \(jekyllPattern)", "blogbuild cannot write this pattern; posts use /:year/:month/:slug/ and keep their old URLs as aliases")
            }
            let dropped = config.entries.map(\.key).filter { !known.contains($0) }
            if !dropped.isEmpty {
                report.skip("_config.yml", "not carried over (no blogbuild equivalent or theme settings): " + dropped.joined(separator: ", "))
            }
            return out
        }
    }
}
