import Foundation
import Load
import Support
import HTML
import BlogBuild
import Site

/// Reads a WordPress export (WXR, from Tools > Export) and, with `--uploads`,
/// the old site's `wp-content/uploads` folder: published, scheduled, draft,
/// private and pending posts; published pages; categories and tags as tags;
/// excerpts as summaries; featured images with alt text as `image`; old URLs
/// kept (the pattern WordPress used when every post fits one blogbuild can
/// write, else aliases; `?p=ID` listed for the server). Bodies stay HTML, with
/// WordPress's own constructs translated by `WordPressBody`.
enum WordPressImporter {
    /// Post URL patterns blogbuild can write, tried in turn against every
    /// published post's old URL: the first that gives each its old URL wins.
    static let patterns = ["/:year/:month/:day/:slug/", "/:year/:month/:slug/", "/:year/:slug/", "/:slug/"]

    /// Reads the export `file` (and copies from `uploads`, the old
    /// `wp-content/uploads` folder, what the posts use). Fails when `file` is not
    /// a WordPress export or `uploads` is not a folder, saying why in one line.
    static func read(_ file: URL, uploads: URL?) throws(ImportFailure) -> ImportedSite {
        let export = try WordPressExport.read(file)
        if let uploads {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: uploads.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ImportFailure("--uploads \(uploads.path): no such folder (give the old site's wp-content/uploads folder)")
            }
        }
        var report = ImportReport()
        let fileName = export.fileName
        for prefix in export.undeclaredPrefixes {
            report.leave(fileName, line: nil, "xmlns:\(prefix)", "the export uses this prefix without declaring it (old WordPress.com exports do); it was read as declared, as WordPress's own importer reads it")
        }
        let attachments = Dictionary(export.items.filter { $0.postType == "attachment" }.map { ($0.id, $0) },
                                     uniquingKeysWith: { first, _ in first })
        let offsets = blogOffsets(export.items)

        var documents: [ImportedSite.Document] = []
        var items: [String: WordPressItem] = [:]
        var otherTypes: [String: Int] = [:]
        var comments = 0
        var taken: Set<String> = []
        for item in export.items {
            guard item.postType == "post" || item.postType == "page" else {
                otherTypes[item.postType, default: 0] += 1
                continue
            }
            let source = item.source(in: fileName)
            comments += item.commentCount
            guard var document = item.postType == "page"
                    ? page(item, source: source, export: export, report: &report)
                    : post(item, source: source, export: export, offsets: offsets, report: &report) else { continue }
            document.path = ImportAssembler.unique(document.path, taken: &taken)
            items[source] = item
            documents.append(document)
        }

        let pattern = pattern(for: documents)
        let newURLs = ImportAssembler.urls(documents, pattern: pattern)
        var urls = WordPressURLs(hosts: export.hosts, basePath: export.basePath, origin: export.origin, uploads: uploads)
        var archiveTerms: [WordPressArchives.Term: Set<String>] = [:]
        var unkept = WordPressArchives.Unkept()
        var byGUID: [String: [String]] = [:]
        for document in documents {
            guard let url = newURLs[document.source], let item = items[document.source] else { continue }
            urls.byID[item.id] = url
            for old in document.oldURLs where !old.contains("?") { urls.byOldPath[SiteURLs.outputPath(old)] = url }
            guard document.kind == .post else { continue }
            let terms = item.terms.filter { $0.domain == "category" || $0.domain == "post_tag" }
            if isDraft(document) {
                if item.status == "publish", !item.password.isEmpty, !item.link.isEmpty {
                    report.leave(document.source, line: nil, ImportAssembler.sitePath(item.link, basePath: export.basePath),
                                 "password-protected: a draft here, so its old URL does not answer until you publish it")
                }
                // A term whose posts are all drafts here (password-protected) has no tag to answer its feed.
                for term in terms { unkept.draftOnly.insert("/\(term.domain == "category" ? "category" : "tag")/\(term.nicename)/feed/") }
                continue
            }
            byGUID[item.guid.trimmingCharacters(in: .whitespacesAndNewlines), default: []].append(document.source)
            for term in terms {
                guard isTag(term) else { unkept.uncategorized.insert("/category/\(term.nicename)/feed/"); continue }
                let tagURL = SiteURLs.tag(slug: Slug.make(PlainText.of(term.name)))
                urls.tagByNicename[term.nicename] = tagURL
                archiveTerms[.init(domain: term.domain, nicename: term.nicename, tagURL: tagURL), default: []].insert(document.source)
            }
        }
        unkept.sharedIDs = Set(byGUID.filter { !$0.key.isEmpty && $0.value.count > 1 }.values.joined())
        let attachmentURLs = attachments.compactMapValues { $0.attachmentURL.isEmpty ? nil : $0.attachmentURL }
        for i in documents.indices {
            guard let item = items[documents[i].source] else { continue }
            documents[i].body = WordPressBody.translate(item.content, line: item.contentLine, source: documents[i].source,
                                                        urls: &urls, attachments: attachmentURLs, report: &report)
            if documents[i].kind == .post,
               let image = featuredImage(item, attachments: attachments, source: documents[i].source, urls: &urls, report: &report) {
                documents[i].fields = ImportAssembler.ordered(documents[i].fields + [(key: "image", value: image)])
            }
        }

        var archives: ImportFields = []
        if documents.contains(where: { $0.kind == .post }) {
            report.leave(fileName, line: nil, "/author/NAME/, /YYYY/MM/",
                         "WordPress's author and date archives are not kept (blogbuild has / and /archive/): redirect them on the server")
            let owned = Set(documents.flatMap { [newURLs[$0.source]].compactMap { $0 } + $0.oldURLs }.map { SiteURLs.outputPath($0) })
            archives = WordPressArchives.fields(archiveTerms, unkept: unkept, taken: owned, report: &report)
        }
        for (type, n) in otherTypes.sorted(by: { $0.key < $1.key }) {
            report.skip(fileName, "\(n) \(type) item\(n == 1 ? "" : "s"): \(Self.why(type))")
        }
        if comments > 0 {
            report.skip(fileName, "\(comments) comment\(comments == 1 ? "" : "s"): not imported (a static site has none; a comments service can import them from the export)")
        }
        return ImportAssembler.finish(config: config(export, pattern: pattern, report: &report) + archives, documents: documents,
                                      copies: Array(urls.copies.values), report: report, pattern: pattern)
    }

    private static func why(_ type: String) -> String {
        switch type {
        case "attachment": return "the media library (the files posts use are copied with --uploads)"
        case "nav_menu_item": return "the menus (list their links in site.yml's nav)"
        case "revision": return "old revisions of posts"
        default: return "not a post or page"
        }
    }

    // MARK: - Posts

    private static func post(_ item: WordPressItem, source: String, export: WordPressExport, offsets: [(at: Int, offset: Int)],
                             report: inout ImportReport) -> ImportedSite.Document? {
        var draft = false
        switch item.status {
        case "publish":
            break
        case "future":
            report.count("scheduled posts → posts dated in the future (blogbuild publishes them from that date)")
        case "draft":
            draft = true
        case "trash":
            report.skip(source, "in WordPress's trash: not imported")
            return nil
        case "auto-draft":
            report.skip(source, "an auto-draft (WordPress starts one for every new post): not imported")
            return nil
        case "private":
            draft = true
            report.leave(source, line: nil, "status: private", "private in WordPress: imported as a draft, as a static site has no private posts")
        case "pending":
            draft = true
            report.leave(source, line: nil, "status: pending", "pending review in WordPress: imported as a draft")
        default:
            draft = true
            report.leave(source, line: nil, "status: \(item.status)", "a status blogbuild does not know: imported as a draft")
        }
        if !draft && !item.password.isEmpty {
            draft = true
            report.leave(source, line: nil, "password", "password-protected in WordPress: imported as a draft, so it is not published to everyone")
        }
        guard let (date, fields) = date(item, export: export, offsets: offsets, source: source, report: &report) else {
            report.leave(source, line: item.line, "wp:post_date", "no date in the export for it, nor a date of the export: the post was not imported")
            return nil
        }
        let title = title(item, source: source, report: &report)
        var front: ImportFields = [(key: "title", value: .text(title)), (key: "date", value: .date(date))]
        let excerpt = PlainText.of(item.excerpt)
        if !excerpt.isEmpty {
            front.append((key: "summary", value: .text(excerpt)))
            report.count("excerpts → summary")
        }
        var tags: [String] = []
        for term in item.terms where isTag(term) {
            let name = PlainText.of(term.name)
            if !name.isEmpty && !tags.contains(where: { $0.lowercased() == name.lowercased() }) { tags.append(name) }
        }
        if !tags.isEmpty {
            front.append((key: "tags", value: .list(tags.map(ImportValue.text))))
            report.count("categories and tags → tags")
        }
        if draft { front.append((key: "draft", value: .bool(true))) }
        var name = item.decodedName
        if name.isEmpty {
            // WordPress gives a draft its slug only when it is published.
            name = Slug.make(title)
            if name.isEmpty { name = "post-\(item.id)" }
        }
        let fileSlug = Slug.make(name) == name ? name : (Slug.make(name).isEmpty ? "post-\(item.id)" : Slug.make(name))
        if fileSlug != name { front.append((key: "slug", value: .text(name))) }
        var old: [String] = []
        if !draft {
            if !item.link.isEmpty { old.append(oldPath(item.link, export: export)) }
            let query = "/?p=\(item.id)"
            if !old.contains(query) { old.append(query) }
            // WordPress's feeds name an item by its `<guid>` as the export has it.
            let guid = item.guid.trimmingCharacters(in: .whitespacesAndNewlines)
            if !guid.isEmpty {
                front.append((key: "feed_id", value: .text(guid)))
                report.count("feed ids kept (feed_id)")
            }
        }
        let day = DateParsing.day(year: fields.year, month: fields.month, day: fields.day)
        return ImportedSite.Document(kind: .post, path: "content/posts/\(day)-\(fileSlug).md", fields: ImportAssembler.ordered(front),
                                     body: "", source: source, oldURLs: old)
    }

    /// The post's date as written, with the fields its file name takes the day
    /// from: the GMT instant at the blog's offset; a draft's local date (its GMT
    /// date is zero) at the offset of the nearest dated item; else the export's.
    private static func date(_ item: WordPressItem, export: WordPressExport, offsets: [(at: Int, offset: Int)],
                             source: String, report: inout ImportReport) -> (String, DateParsing.Fields)? {
        let local = WordPressDate.fields(item.postDate)
        let gmt = WordPressDate.fields(item.postDateGMT)
        if let gmt {
            if let local, let offset = WordPressDate.offset(local: local, gmt: gmt) { return (WordPressDate.text(local, offset: offset), local) }
            return (WordPressDate.text(gmt, offset: 0), gmt)
        }
        if let local {
            let at = WordPressDate.seconds(local)
            let offset = offsets.min { abs($0.at - at) < abs($1.at - at) }?.offset ?? 0
            report.count("drafts without a GMT date → their local date")
            return (WordPressDate.text(local, offset: offset), local)
        }
        guard let exported = export.exportDate else { return nil }
        let fields = WordPressDate.utcFields(exported)
        report.leave(source, line: item.line, "wp:post_date", "no date in the export for it: dated when the export was made")
        return (WordPressDate.text(fields, offset: 0), fields)
    }

    /// The blog's UTC offset at each moment an item has both dates, in order: a
    /// draft without a GMT date takes the nearest, so its time is the author's.
    private static func blogOffsets(_ items: [WordPressItem]) -> [(at: Int, offset: Int)] {
        items.compactMap { item -> (at: Int, offset: Int)? in
            guard let local = WordPressDate.fields(item.postDate), let gmt = WordPressDate.fields(item.postDateGMT),
                  let offset = WordPressDate.offset(local: local, gmt: gmt) else { return nil }
            return (WordPressDate.seconds(local), offset)
        }.sorted { ($0.at, $0.offset) < ($1.at, $1.offset) }
    }

    private static func title(_ item: WordPressItem, source: String, report: inout ImportReport) -> String {
        let title = PlainText.of(item.title)
        if !title.isEmpty { return title }
        report.leave(source, line: item.line, "<title></title>", "no title in WordPress: titled \"Untitled\"")
        return "Untitled"
    }

    /// A category or tag other than WordPress's default category.
    private static func isTag(_ term: WordPressItem.Term) -> Bool {
        (term.domain == "category" || term.domain == "post_tag") && term.nicename != "uncategorized"
            && term.name.lowercased() != "uncategorized"
    }

    private static func isDraft(_ document: ImportedSite.Document) -> Bool {
        document.fields.contains { $0.key == "draft" && $0.value.bool == true }
    }

    /// A site path of the old site, percent-decoded (as a web server reads it).
    private static func oldPath(_ link: String, export: WordPressExport) -> String {
        let path = ImportAssembler.sitePath(link, basePath: export.basePath)
        return path.contains("?") ? path : (path.removingPercentEncoding ?? path)
    }

    /// `image: {src, alt}` from the post's featured image, when it has alt text.
    private static func featuredImage(_ item: WordPressItem, attachments: [Int: WordPressItem], source: String,
                                      urls: inout WordPressURLs, report: inout ImportReport) -> ImportValue? {
        guard let id = item.meta["_thumbnail_id"].flatMap({ Int($0) }), let attachment = attachments[id],
              !attachment.attachmentURL.isEmpty else { return nil }
        let alt = PlainText.of(attachment.meta["_wp_attachment_image_alt"] ?? "")
        guard !alt.isEmpty else {
            report.leave(source, line: nil, "featured image: \(attachment.attachmentURL)",
                         "it has no alt text in WordPress, so it is not the post's image (publish requires alt); add image: {src, alt} to show it")
            return nil
        }
        let src = urls.rewrite(attachment.attachmentURL, line: nil, source: source, report: &report) ?? attachment.attachmentURL
        report.count("featured images → image")
        return .map([(key: "src", value: .text(src)), (key: "alt", value: .text(alt))])
    }

    // MARK: - Pages

    private static func page(_ item: WordPressItem, source: String, export: WordPressExport,
                             report: inout ImportReport) -> ImportedSite.Document? {
        guard item.status == "publish" && item.password.isEmpty else {
            let why = item.password.isEmpty ? "a page with status \(item.status)" : "a password-protected page"
            report.skip(source, "\(why): not imported (a blogbuild page is always published; copy it from WordPress when it is ready)")
            return nil
        }
        let title = title(item, source: source, report: &report)
        var name = Slug.make(item.decodedName)
        if name.isEmpty { name = Slug.make(title) }
        if name.isEmpty { name = "page-\(item.id)" }
        var fields: ImportFields = [(key: "title", value: .text(title))]
        var old: [String] = []
        if !item.link.isEmpty {
            let decoded = oldPath(item.link, export: export)
            if decoded == "/" {
                report.leave(source, line: nil, item.link, "WordPress's front page: blogbuild's home page lists the posts, so this page is at /\(name)/")
            } else if !decoded.contains("?") {
                fields.append((key: "permalink", value: .text(decoded)))
                old.append(decoded)
            }
        }
        old.append("/?page_id=\(item.id)")
        return ImportedSite.Document(kind: .page, path: "content/pages/\(name).md", fields: fields, body: "", source: source,
                                     oldURLs: old)
    }

    // MARK: - Site

    /// The first of `patterns` under which every published post keeps its old
    /// URL; blogbuild's default when none fits (the old URLs become aliases).
    private static func pattern(for documents: [ImportedSite.Document]) -> String {
        let published = documents.filter { $0.kind == .post && !isDraft($0) }
        let pairs = published.compactMap { document in document.oldURLs.first { !$0.contains("?") }.map { (document, $0) } }
        guard !pairs.isEmpty, pairs.count == published.count else { return SiteConfig().postPermalink }
        return patterns.first { pattern in
            pairs.allSatisfy { document, old in
                ImportAssembler.postURL(document, pattern: pattern).map { SiteURLs.outputPath($0) } == SiteURLs.outputPath(old)
            }
        } ?? SiteConfig().postPermalink
    }

    private static func config(_ export: WordPressExport, pattern: String, report: inout ImportReport) -> ImportFields {
        var out: ImportFields = []
        let title = export.title.map(PlainText.of) ?? ""
        out.append((key: "title", value: .text(title.isEmpty ? "My Blog" : title)))
        if let description = export.description.map(PlainText.of), !description.isEmpty {
            out.append((key: "description", value: .text(description)))
        }
        if export.authors.count == 1, let name = export.authors.first.map(PlainText.of), !name.isEmpty {
            out.append((key: "author", value: .map([(key: "name", value: .text(name))])))
        }
        if let url = export.blogURL, url.hasPrefix("http") {
            out.append((key: "base_url", value: .text(url.hasSuffix("/") ? url : url + "/")))
        }
        if let language = export.language, !language.isEmpty { out.append((key: "language", value: .text(language))) }
        // WordPress keeps its time zone in a setting the export leaves out; every
        // date is written with its offset, so this only matters for new posts.
        out.append((key: "timezone", value: .text("UTC")))
        if pattern != SiteConfig().postPermalink {
            out.append((key: "permalinks", value: .map([(key: "post", value: .text(pattern))])))
            report.count("WordPress's permalink structure → permalinks.post (old post URLs unchanged)")
        }
        return out
    }
}
