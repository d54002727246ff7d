import Foundation
import Load
import Support
import BlogBuild
import Site

/// One read of a Hugo site folder (`HugoImporter.read`), as steps over what they share:
/// the site's content tree and settings, and the documents, copies and report made so far.
/// The steps run in the order `HugoImporter.read` calls them; each adds to what the last left.
struct HugoSiteReader {
    let root: URL
    /// When `expiryDate` is checked against.
    let now: Date
    let content: SourceTree
    var settings: HugoImporter.Settings
    /// The site's (and its theme's) shortcode templates, by name.
    let templates: [String: HugoShortcodeTemplate]
    let languages: HugoLanguages
    /// The folders (under content/) that are leaf bundles: each with an `index.md` of its own.
    let bundles: Set<String>
    var report = ImportReport()
    var documents: [ImportedSite.Document] = []
    var copies: [ImportedSite.Copy] = []
    var bodies: [String: (text: String, line: Int)] = [:]
    var series: [String: String] = [:]  // slug → title
    var bundleFolders: [String: String] = [:]  // content/posts/my-bundle → new folder
    var bundleURLs: [String: String] = [:]  // content/posts/my-bundle → its page's old URL

    /// Reads the config and what it takes to read the pages: the content tree, its sections
    /// and languages, the settings the old site's layouts give; fails on a folder that is not a Hugo site.
    init(_ root: URL, now: Date) throws(ImportFailure) {
        let fm = FileManager.default
        let contentFolder = root.appendingPathComponent("content")
        guard let config = try HugoConfig.read(root) else {
            throw ImportFailure("\(root.path) is not a Hugo site: it has no hugo.toml, hugo.yaml, hugo.json, config.* or config/_default/ file")
        }
        guard fm.fileExists(atPath: contentFolder.path) else {
            throw ImportFailure("\(root.path) is not a Hugo site with content: it has no content/ folder")
        }
        self.root = root
        self.now = now
        let sections = Set(((try? fm.contentsOfDirectory(atPath: contentFolder.path)) ?? []).filter { name in
            var folder: ObjCBool = false
            return fm.fileExists(atPath: contentFolder.appendingPathComponent(name).path, isDirectory: &folder) && folder.boolValue
        })
        let content = SourceTree(contentFolder) { $0.split(separator: "/").last?.hasPrefix(".") == true }
        self.content = content
        var settings = HugoImporter.Settings(config, sections: sections, datedSections: HugoImporter.datedSections(content))
        // Hugo nests a section in a section only where the folder has its own list page (`_index.md`).
        settings.sectionFolders = Set(content.files.filter { ($0 as NSString).lastPathComponent.hasPrefix("_index.") }
            .map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
        settings.heroKeys = HugoImporter.heroKeys(root)
        settings.feedTemplate = HugoFeedTemplate.read(root)
        settings.sectionSizes = HugoImporter.sectionSizes(content)
        self.settings = settings
        templates = HugoShortcodeTemplate.read(root)
        let languages = HugoLanguages(content.files, config: config)
        self.languages = languages
        // Bundles first: a folder with index.md owns the files beside it.
        bundles = Set(content.files.filter { languages.page($0).hasSuffix("index.md") && !languages.page($0).hasSuffix("_index.md") }
            .map { (languages.page($0) as NSString).deletingLastPathComponent })
    }

    /// Reports what is not imported as a whole: the pages in other languages, the theme's and
    /// build's folders, symbolic links; and counts the pages read without their language suffix.
    mutating func reportLeftOut() {
        let fm = FileManager.default
        for (path, kept) in languages.left.sorted(by: { $0.key < $1.key }) {
            report.leave("content/" + path, line: nil, "another language",
                         "not imported: blogbuild builds one language, and content/\(kept) is this page in the site's default one")
        }
        for folder in ["layouts", "themes", "archetypes", "assets", "data", "i18n", "resources", "public"]
        where fm.fileExists(atPath: root.appendingPathComponent(folder).path) {
            report.skip(folder + "/", folder == "assets"
                        ? "Hugo Pipes sources (Sass, JS): blogbuild's theme has its own assets; the files content shows are copied"
                        : "theme, generated or build files: not content")
        }

        for link in content.symlinks { report.skip("content/" + link, "a symbolic link: not followed") }
        for path in content.files where languages.left[path] == nil && languages.page(path) != path
            && HugoImporter.contentExtensions.contains((path as NSString).pathExtension.lowercased()) {
            report.count("a page in one language (about.en.md) → the page")
        }
    }

    /// The leaf bundle a file is inside, the outermost one: a leaf bundle has no descendant
    /// pages, so all below it (another `index.md` too) is that page's (Hugo's page bundles).
    func bundle(holding path: String) -> String? {
        bundles.filter { !$0.isEmpty && path.hasPrefix($0 + "/") }.min { ($0.count, $0) < ($1.count, $1) }
    }

    /// Reads each content file of the site's language into a document (a post, a page, a
    /// section's list page), its body kept aside to be translated once every URL is known.
    mutating func readContentFiles() {
        for file in content.files where languages.left[file] == nil {
            // `about.en.md` is the page `about.md` in English: its URL and name are without the language.
            let path = languages.page(file)
            let name = (path as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension.lowercased()
            let source = "content/" + file
            guard HugoImporter.contentExtensions.contains(ext) else { continue }
            if let owner = bundle(holding: path), path != owner + "/index.md" {
                report.skip(source, "inside the leaf bundle content/\(owner)/: Hugo publishes no page below a bundle's index.md")
                continue
            }
            guard let text = content.text(file) else { continue }
            let file = SourceDocumentText(text)
            if name.hasPrefix("_index.") {
                readListPage(file, path: path, source: source)
            } else {
                readPostOrPage(file, path: path, source: source)
            }
        }
    }

    /// A section's list page (`_index.md`, at `path` in content/): its words become a page at
    /// the section's URL; a taxonomy's term page gives the term its address (`readTermPage`).
    mutating func readListPage(_ file: SourceDocumentText, path: String, source: String) {
        // A section's list page: its own words become a page at the section's URL, so that URL
        // keeps working; the list under them is not made (blogbuild lists posts, tags and series).
        let folder = (path as NSString).deletingLastPathComponent
        if let taxonomy = folder.split(separator: "/").first.map(String.init), settings.taxonomies.contains(taxonomy) {
            readTermPage(file, folder: folder, taxonomy: taxonomy, source: source)
            return
        }
        guard !folder.isEmpty,
              !file.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
              case .success(let front) = file.fields() else {
            report.skip(source, "a section's list page: blogbuild lists posts, tags and series itself")
            return
        }
        var fields: ImportFields = [(key: "title", value: .text(front["title"]?.scalarText ?? folder.capitalized))]
        for (key, v) in front.entries where !["title", "layout", "type", "menu", "weight", "url", "aliases"].contains(key) {
            fields.append((key: key, value: v))
        }
        let url = front["url"]?.scalarText
            ?? settings.sectionPermalinks[folder].map {
                HugoPermalink(pattern: $0).url(HugoPermalink.Page(title: front["title"]?.scalarText ?? folder, slug: nil,
                                                                  contentBaseName: (folder as NSString).lastPathComponent,
                                                                  sections: settings.sections(of: folder)), urlize: settings.urlize)
            }
            ?? "/" + folder + "/"
        let aliases = HugoImporter.aliases(front, folder: "/" + folder + "/", report: &report)
        settings.sectionPages.insert(folder)
        bodies[source] = (file.body, file.bodyLine)
        documents.append(ImportedSite.Document(kind: .page, path: "content/pages/\(folder.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/")).md", fields: fields,
                                               body: "", source: source, oldURLs: [url] + aliases))
        report.leave(source, line: nil, "section list", "its text is a page at \(url); the list of the section's pages under it is not made (link them by hand)")
    }

    /// The list page of a taxonomy or of one of its terms (`content/tags/python/_index.md`,
    /// in `folder`): no page, but the term's `slug:` and `url:` decide its old addresses.
    mutating func readTermPage(_ file: SourceDocumentText, folder: String, taxonomy: String, source: String) {
        // `content/tags/python/_index.md` is not a page: it gives the term `python` of the
        // taxonomy `tags` its title and words (`tags/_index.md`: the list of terms). blogbuild's
        // tag pages answer at those URLs; their text has no place there yet.
        report.leave(source, line: nil, "\(taxonomy) term page", "the words of a taxonomy's term (or list) page are not imported: blogbuild's own page answers at /\(folder)/")
        let term = folder.split(separator: "/").dropFirst().joined(separator: "/")
        if !term.isEmpty {
            let front = try? file.fields().get()
            let slug = front.flatMap { HugoImporter.frontValue($0, "slug")?.scalarText }
            settings.termPages[taxonomy, default: [:]][term] = .some(slug)
            // `url:` moves the term's list (its pagers and feed with it) to that address.
            if let url = front.flatMap({ HugoImporter.frontValue($0, "url")?.scalarText }), !url.isEmpty {
                settings.termURLs[taxonomy, default: [:]][term] = url
            }
        }
    }

    /// A content file that is not a list page (at `path` in content/, its language suffix
    /// gone): a post when it is dated and in the blog's sections, else a page.
    mutating func readPostOrPage(_ file: SourceDocumentText, path: String, source: String) {
        let name = (path as NSString).lastPathComponent
        let front: ImportValue
        switch file.fields() {
        case .success(let value): front = value
        case .failure(let error):
            report.leave(source, line: error.line.map { $0 + file.frontMatterLine - 1 }, "front matter", "cannot be read (\(error.message)); not imported")
            return
        }
        let section = path.split(separator: "/").first.map(String.init) ?? ""
        // A dated page of the root is a post when the root holds the posts (`datedSections`).
        // A page of a post section with no date at all (none in front matter or file name) is
        // a page to Hugo too (its date is zero; it keeps its URL): a page here, not a post.
        let baseName = name.hasPrefix("index.") ? ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
            : (name as NSString).deletingPathExtension
        // (`date:` with nothing after it is no date: Hugo's zero date.)
        let hasDate = front.entries.contains { ["date", "publishdate"].contains($0.key.lowercased()) && !($0.value.scalarText ?? "").isEmpty }
            || DateParsing.fileNamePrefix(baseName) != nil
        let isPost = hasDate && (path.contains("/") ? settings.postSections.contains(section)
            : settings.postSections.contains("") && !name.hasPrefix("index."))
        let document = isPost
            ? HugoImporter.post(source: source, path: path, front: front, settings: settings, series: &series, now: now, report: &report)
            : HugoImporter.page(source: source, path: path, front: front, settings: settings, now: now, report: &report)
        guard var document else { return }
        let folder = (path as NSString).deletingLastPathComponent
        if name == "index.md", bundles.contains(folder) {
            // A bundle stays a bundle: index.md and its files in one folder.
            let newFolder = (document.path as NSString).deletingPathExtension
            document.path = newFolder + "/index.md"
            bundleFolders[folder] = newFolder
            bundleURLs[folder] = document.oldURLs.first
        }
        bodies[source] = (file.body, file.bodyLine)
        documents.append(document)
    }

    /// Copies the files that are not pages: a bundle's into its page's new folder (its old URL
    /// beside the page's), the rest of content/ and all of static/ as they are.
    mutating func copyFiles() {
        for path in content.files {
            let ext = (path as NSString).pathExtension.lowercased()
            if HugoImporter.contentExtensions.contains(ext) { continue }
            if let bundle = bundle(holding: path), let newFolder = bundleFolders[bundle] {
                let rest = path.dropFirst(bundle.count + 1)
                copies.append(ImportedSite.Copy(path: newFolder + "/" + rest, from: content.absolute(path),
                                                oldURL: bundleURLs[bundle].map { ($0.hasSuffix("/") ? $0 : $0 + "/") + rest }))
            } else {
                copies.append(ImportedSite.Copy(path: "content/" + path, from: content.absolute(path)))
            }
        }
        let staticFolder = root.appendingPathComponent("static")
        if FileManager.default.fileExists(atPath: staticFolder.path) {
            let statics = SourceTree(staticFolder) { $0.split(separator: "/").last?.hasPrefix(".") == true }
            for link in statics.symlinks { report.skip("static/" + link, "a symbolic link: not followed") }
            for path in statics.files where !(path as NSString).lastPathComponent.hasPrefix(".") {
                copies.append(ImportedSite.Copy(path: "content/" + path, from: statics.absolute(path)))
            }
        }
    }

    /// A series file for each series the posts named.
    mutating func addSeries() {
        for (slug, title) in series.sorted(by: { $0.key < $1.key }) {
            documents.append(ImportedSite.Document(kind: .series, path: "content/series/\(slug).md",
                                                   fields: [(key: "title", value: .text(title))], body: "", source: "series: \(title)"))
            report.count("series taxonomy → a series file")
        }
    }

    /// Translates each body once every document's URL is known: shortcodes (`ref` and `relref`
    /// to the new URLs), links to content files, and links under the old base path.
    mutating func translateBodies() {
        let urls = ImportAssembler.urls(documents, pattern: settings.blogbuildPattern)
        let reference = Self.reference(documents: documents, urls: urls, languages: languages)
        // A content file by its path from content/, language suffix and all (`post/b/index.md`).
        let byFile = Dictionary(documents.filter { $0.kind != .series }.map { (String($0.source.dropFirst("content/".count)), $0.source) },
                                uniquingKeysWith: { a, _ in a })
        let settings = self.settings
        for i in documents.indices {
            guard let body = bodies[documents[i].source] else { continue }
            var text = HugoShortcodes(source: documents[i].source, bodyLine: body.line, reference: reference, templates: templates)
                .translate(body.text, report: &report)
            text = ContentFileLinks.resolved(text, source: documents[i].source, url: { file in
                byFile[file].flatMap { urls[$0] } ?? settings.termPage(file)
            }, report: &report)
            text = BasePathLinks.strip(text, basePath: settings.basePath, report: &report)
            documents[i].body = text
        }
    }

    /// The new URL of a `ref` or `relref` target (`posts/x.md`, `/about`, `x#part`): the
    /// document whose file it names, found as Hugo finds it, and its `#fragment`.
    static func reference(documents: [ImportedSite.Document], urls: [String: String],
                          languages: HugoLanguages) -> (String) -> String? {
        { target in
            var t = target
            if let hash = t.firstIndex(of: "#") { t = String(t[..<hash]) }
            if t.hasPrefix("/") { t.removeFirst() }
            // Each document by the page its file is, without a language suffix (`about.en.md` is `about.md`).
            let candidates = documents.filter { $0.kind != .series }.map { document in
                (source: document.source, page: "content/" + languages.page(String(document.source.dropFirst("content/".count))))
            }
            let found = candidates.first { $0.page == "content/" + t }
                ?? candidates.first { $0.page == "content/" + t + ".md" }
                ?? candidates.first { $0.page == "content/" + t + "/index.md" }
                ?? candidates.first { ($0.page as NSString).lastPathComponent == (t as NSString).lastPathComponent }
                ?? candidates.first { (($0.page as NSString).deletingLastPathComponent as NSString).lastPathComponent == t
                    && ($0.page as NSString).lastPathComponent == "index.md" }
            return found.flatMap { urls[$0.source] }.map { url in
                target.firstIndex(of: "#").map { url + target[$0...] } ?? url
            }
        }
    }

    /// Copies the files outside content/ and static/ that the translated bodies show (`HugoAssets`).
    mutating func copyReferencedAssets() {
        copies += HugoAssets.referenced(root: root, bodies: documents.map(\.body), copies: copies, report: &report)
    }

    /// The terms, sections and pages the old site's lists and feeds held, and how many of each.
    func oldLists() -> HugoImporter.Settings.OldLists {
        // The taxonomies the posts used, for their old list pages and feeds.
        // Counted over published posts: each list had that many, `pagerSize` to a page.
        var lists = HugoImporter.Settings.OldLists()
        for document in documents where document.kind == .post && document.fields.first(where: { $0.key == "draft" })?.value.bool != true {
            let relative = String(document.source.dropFirst("content/".count))
            lists.sections[relative.split(separator: "/").first.map(String.init) ?? "", default: 0] += 1
            guard let text = content.text(relative), case .success(let front) = SourceDocumentText(text).fields() else { continue }
            for taxonomy in settings.tagTaxonomies + ["series"] {
                for term in Set(HugoImporter.Settings.terms(front, taxonomy)) {
                    lists.terms[taxonomy, default: [:]][term, default: 0] += 1
                    lists.members[SiteURLs.tagSlug(term), default: [:]][taxonomy, default: []].insert(document.source)
                }
            }
        }
        // Hugo's term lists and feeds hold every page with the term, a section's list page too;
        // blogbuild's tags are of posts.
        let postSources = Set(documents.filter { $0.kind == .post }.map(\.source))
        let contentFiles = Set(content.files)
        let contentExtensions = HugoImporter.contentExtensions
        for file in content.files where !postSources.contains("content/" + file)
            && contentExtensions.contains((file as NSString).pathExtension.lowercased()) && languages.left[file] == nil
            && !settings.taxonomies.contains(String(file.split(separator: "/").first ?? "")) {
            guard let text = content.text(file), case .success(let front) = SourceDocumentText(text).fields(),
                  front.entries.first(where: { $0.key.lowercased() == "draft" })?.value.bool != true else { continue }
            for taxonomy in settings.tagTaxonomies {
                for term in Set(HugoImporter.Settings.terms(front, taxonomy)) { lists.pageTerms[taxonomy, default: [:]][term, default: 0] += 1 }
            }
            // A regular page (no list page, no file of a leaf bundle but its index): Hugo's home feed lists it.
            let parts = file.split(separator: "/")
            // A folder above it with an `index.*` is a leaf bundle, whose other files are its resources.
            let inBundle = (1..<max(1, parts.count)).contains { depth in
                let folder = parts.prefix(depth).joined(separator: "/")
                let isOwnIndex = depth == parts.count - 1 && parts[depth].hasPrefix("index.")
                return !isOwnIndex && contentExtensions.contains { contentFiles.contains(folder + "/index." + $0) }
            }
            if !parts.last!.hasPrefix("_index."), !inBundle { lists.pages.append("/" + file) }
        }
        return lists
    }

    /// The site's config, with the old lists' and feeds' addresses kept, and the imported site.
    mutating func finish() -> ImportedSite {
        let lists = oldLists()
        var siteConfig = settings.siteConfig(report: &report)
        siteConfig += settings.oldListAddresses(lists, report: &report)
        return ImportAssembler.finish(config: siteConfig, documents: documents, copies: copies,
                                      report: report, pattern: settings.blogbuildPattern)
    }
}
