import Foundation
import Load
import Support
import BlogBuild
import Feeds

/// One read of a Jekyll site folder (`JekyllImporter.read`), as steps over what they share:
/// the site's config, settings and files, and the documents, copies and report made so far.
/// The steps run in the order `JekyllImporter.read` calls them; each adds to what the last left.
struct JekyllSiteReader {
    let root: URL
    let config: ImportValue
    var settings: JekyllImporter.Settings
    /// `exclude:` and `include:`: what Jekyll leaves out of the site.
    let filter: JekyllEntryFilter
    let tree: SourceTree
    var report: ImportReport
    var documents: [ImportedSite.Document] = []
    var copies: [ImportedSite.Copy] = []
    /// Files Jekyll made from a template the import cannot run, by their old URL (`/llms.txt`).
    var unmade: [String: String] = [:]
    var bodies: [String: (text: String, line: Int, markdown: Bool)] = [:]
    var lists: JekyllListPages
    /// The feed files the old site served as they are (no front matter), with their entries' ids.
    var staticFeeds: [(path: String, ids: [String])] = []

    /// Reads `_config.yml` and the files Jekyll reads, reporting the links it does not
    /// follow; fails on a folder that is not a Jekyll site or a config that is not YAML.
    init(_ root: URL) throws(ImportFailure) {
        let configName = ["_config.yml", "_config.yaml"].first { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        let hasPosts = FileManager.default.fileExists(atPath: root.appendingPathComponent("_posts").path)
        guard configName != nil || hasPosts else {
            throw ImportFailure("\(root.path) is not a Jekyll site: it has no _config.yml and no _posts/ folder")
        }
        self.root = root
        var report = ImportReport()
        let config = try Self.readConfig(root, name: configName, report: &report)
        self.config = config
        let settings = JekyllImporter.Settings(config)
        self.settings = settings
        let filter = JekyllEntryFilter(exclude: config["exclude"]?.texts() ?? [], include: config["include"]?.texts() ?? [])
        self.filter = filter
        tree = Self.sourceTree(root, settings: settings, filter: filter)
        for link in tree.symlinks { report.skip(link, "a symbolic link: not followed (copy what it points to into the site if it belongs there)") }
        self.report = report
        lists = JekyllListPages(config: config)
    }

    /// The site's `_config.yml` (or `.yaml`, named `name`), an empty map when it has none.
    static func readConfig(_ root: URL, name configName: String?, report: inout ImportReport) throws(ImportFailure) -> ImportValue {
        var config = ImportValue.map([])
        if let configName, let text = SourceTree(root, skipFolder: { _ in true }).text(configName) {
            switch ImportValue.yaml(text) {
            case .success(let value): config = value
            case .failure(let error):
                // Jekyll reads YAML with Psych, which takes a key written twice and keeps the last value.
                if let lenient = ImportValue.yamlKeepingLastDuplicate(text) {
                    config = lenient.value
                    report.leave(configName, line: error.line, "written twice: \(lenient.duplicates.joined(separator: ", "))",
                                 "Jekyll keeps the last value, and so does the import")
                    break
                }
                throw ImportFailure("\(root.appendingPathComponent(configName).path):\(error.line.map(String.init) ?? "1"): not valid YAML: \(error.message)")
            }
        }
        return config
    }

    /// The site's files as Jekyll reads them: `exclude:` and `include:` applied, and the
    /// folders with a leading `_` left out but those Jekyll's reader opens itself.
    static func sourceTree(_ root: URL, settings: JekyllImporter.Settings, filter: JekyllEntryFilter) -> SourceTree {
        SourceTree(root) { folder in
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            // The folders Jekyll's reader opens itself, whatever their leading `_`.
            let read = name == "_posts" || folder == settings.collectionPath("drafts")
                || (settings.collections[String(name.dropFirst())] != nil && folder == settings.collectionPath(String(name.dropFirst())))
                || (!settings.collectionsDir.isEmpty && folder == settings.collectionsDir)
            // Inside a collection Jekyll filters the path from the collection's folder: a folder
            // deeper down is read whatever its name (`_lyrics/album/_unrecorded/`).
            let inCollection = settings.collections.keys.contains { label in
                let base = settings.collectionPath(label) + "/"
                return folder.hasPrefix(base) && folder.dropFirst(base.count).contains("/")
            }
            return filter.leavesOut(folder, isDirectory: true, special: !read && !inCollection)
        }
    }

    /// Reads the old site's feeds, for the ids and count of their entries: its own feed
    /// template (`settings.ownFeed`) and the feed files served as written (`staticFeeds`).
    mutating func readFeeds() {
        // A feed template of the site's own (jekyll-feed leaves a feed.xml the site has alone):
        // its entries' ids and count are what the old feed had.
        let feedPath = config["feed"]?["path"]?.scalarText ?? "feed.xml"
        let feedExtensions: Set<String> = ["xml", "atom", "rss", "json"]
        func rank(_ path: String) -> (Int, String) { (path == feedPath ? 0 : path == "atom.xml" ? 1 : 2, path) }
        let templates = tree.files.filter { path in
            feedExtensions.contains((path as NSString).pathExtension.lowercased()) && !path.hasPrefix("_")
        }.sorted { rank($0) < rank($1) }
        for path in templates {
            guard let text = tree.text(path), SourceDocumentText(text).format == .yaml,
                  let front = try? SourceDocumentText(text).fields().get(),
                  let entries = JekyllFeedTemplate.entries(text: text, layout: front["layout"]?.scalarText, tree: tree, config: config) else { continue }
            settings.ownFeed = entries
            report.count("the site's own feed template: its entries' ids and count kept")
            break
        }
        // A feed file written once and copied as it is (no front matter): Jekyll serves it
        // unchanged, so its entries' ids are what its readers hold; a post it lists keeps its id.
        for path in templates {
            guard let text = tree.text(path), SourceDocumentText(text).format != .yaml,
                  let ids = FeedEntryIDs.ids(Array(text.utf8)) else { continue }
            settings.staticFeedIDs.formUnion(ids)
            staticFeeds.append((path, ids))
        }
    }

    /// Reads each file of the site: a collection's document, a post, a draft, or another
    /// file (`readSiteFile`); bodies are kept aside to be translated once every URL is known.
    mutating func readFiles() {
        for path in tree.files {
            let parts = path.split(separator: "/").map(String.init)
            let name = parts.last ?? path
            let ext = (name as NSString).pathExtension.lowercased()
            if filter.leavesOut(path, isDirectory: false) {
                continue
            }
            if let label = settings.collections.keys.sorted().first(where: { path.hasPrefix(settings.collectionPath($0) + "/") }),
               let pattern = settings.collections[label] {
                readCollectionFile(path, label: label, pattern: pattern)
                continue
            }
            if let postsIndex = parts.firstIndex(of: "_posts") {
                readPostFile(path, postsIndex: postsIndex)
                continue
            }
            if path.hasPrefix(settings.collectionPath("drafts") + "/") {
                guard JekyllImporter.postExtensions.contains(ext) else { report.skip(path, "not a post file"); continue }
                if let document = JekyllImporter.post(path, tree: tree, settings: settings, folderCategories: [], draft: true,
                                                      report: &report, bodies: &bodies) {
                    documents.append(document)
                }
                continue
            }
            // A top folder with a leading `_` is Jekyll's own (`_layouts`, `_data`), unless `include:` names it (`_pages`).
            if let top = parts.first, top.hasPrefix("_"), parts.count == 1 || filter.leavesOut(top, isDirectory: true) { continue }
            if name == "_config.yml" || name == "_config.yaml" { continue }
            readSiteFile(path)
        }
    }

    /// A file of the collection `label` (written at `pattern`): a page, dated or not, or a file copied as it is.
    mutating func readCollectionFile(_ path: String, label: String, pattern: String) {
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        // A collection Jekyll writes (`posts` is not one of these): its documents are pages at the
        // collection's URLs, dated or not; Jekyll lists none of them among the posts or in the feed.
        guard JekyllImporter.postExtensions.contains(ext) || ext == "liquid" else {
            copies.append(ImportedSite.Copy(path: "content/" + path.dropFirst(settings.collectionPath(label).count + 1), from: tree.absolute(path)))
            return
        }
        let relative = String(path.dropFirst(settings.collectionPath(label).count + 1))
        if ext != "liquid", DateParsing.fileNamePrefix((name as NSString).deletingPathExtension) != nil {
            // Read as a post for its date, title and URL from the pattern; written as a page.
            if var document = JekyllImporter.post(path, tree: tree, settings: settings, folderCategories: [], draft: false, type: label,
                                                  collectionPattern: pattern, collection: (label, relative), report: &report, bodies: &bodies) {
                document.kind = .page
                document.path = "content/pages/\(Slug.make(label))/" + (document.path as NSString).lastPathComponent
                document.fields.removeAll { ["feed_id", "series"].contains($0.key) }
                report.leave(path, line: nil, "collection \(label)",
                             "a dated document of a collection other than posts: Jekyll did not make it a post (not in site.posts, its lists or the feed), so it is a page at its old URL; move it to content/posts/ to make it one")
                documents.append(document)
            }
        } else if let text = tree.text(path),
                  let document = JekyllImporter.page(path, text: text, settings: settings, collection: (label, relative, pattern),
                                                     tree: tree, lists: &lists, report: &report, bodies: &bodies) {
            documents.append(document)
        }
    }

    /// A file in a `_posts/` folder (at `postsIndex` of its path's parts): a post, its
    /// categories from the folders above `_posts/`.
    mutating func readPostFile(_ path: String, postsIndex: Int) {
        let parts = path.split(separator: "/").map(String.init)
        let name = parts.last ?? path
        let ext = (name as NSString).pathExtension.lowercased()
        guard JekyllImporter.postExtensions.contains(ext), DateParsing.fileNamePrefix((name as NSString).deletingPathExtension) != nil else {
            report.skip(path, "in _posts/ but not named YYYY-MM-DD-title.md (Jekyll skips it too)")
            return
        }
        // Jekyll's categories from folders: those above `_posts/`, from `collections_dir` down.
        let inside = settings.collectionsDir.split(separator: "/").count
        let above = parts[..<postsIndex]
        let folderCategories = Array(above.starts(with: settings.collectionsDir.split(separator: "/").map(String.init)) ? above.dropFirst(inside) : above)
        if let document = JekyllImporter.post(path, tree: tree, settings: settings, folderCategories: folderCategories,
                                              draft: false, report: &report, bodies: &bodies) {
            documents.append(document)
        }
    }

    /// A file outside posts, drafts and collections: a page (front matter), the site's own feed
    /// template, a file Jekyll ran through Liquid or Sass, or a file copied as it is.
    mutating func readSiteFile(_ path: String) {
        let ext = ((path as NSString).lastPathComponent as NSString).pathExtension.lowercased()
        let text = ["md", "markdown", "html", "htm", "xml", "json", "txt", "scss", "sass", "css", "js"].contains(ext) ? tree.text(path) : nil
        let hasFrontMatter = text.map { SourceDocumentText($0).format == .yaml } ?? false
        if hasFrontMatter {
            if ["md", "markdown", "html", "htm"].contains(ext) {
                if let document = JekyllImporter.page(path, text: text!, settings: settings, tree: tree, lists: &lists, report: &report, bodies: &bodies) {
                    documents.append(document)
                }
            } else if let front = try? SourceDocumentText(text!).fields().get(),
                      let feed = JekyllFeedTemplate.blogbuildFeed(text: text!, layout: front["layout"]?.scalarText, tree: tree),
                      // The site's permalink style is for HTML pages: a feed keeps its file name.
                      case let old = front["permalink"]?.scalarText ?? "/" + path,
                      !ImportAssembler.isBuiltIn(old) {
                lists.addRedirect(old, to: feed)
                report.leave(path, line: nil, old, "the old site's own feed template: its address now carries blogbuild's \(feed), "
                             + "which lists the newest posts; what the template chose (a filter, another order) is not kept")
            } else {
                report.skip(path, "a file Jekyll runs through Liquid or Sass (feed, stylesheet); blogbuild writes its own feeds and theme")
                if !["scss", "sass", "css", "js"].contains(ext) {
                    let permalink = (try? SourceDocumentText(text!).fields().get())?["permalink"]?.scalarText
                    let url = permalink.map { $0.hasPrefix("/") ? $0 : "/" + $0 } ?? "/" + path
                    if !ImportAssembler.isBuiltIn(url) { unmade[url] = path }
                }
            }
            return
        }
        if ext == "md" || ext == "markdown" {
            report.skip(path, "Markdown without front matter: Jekyll copies it as it is; not imported (add it to content/ by hand if it belongs)")
            return
        }
        copies.append(ImportedSite.Copy(path: "content/" + path, from: tree.absolute(path)))
    }

    /// Reports the entries of the static feed files that no imported post carries.
    mutating func reportStaticFeedEntries() {
        // A static feed's entries that are no post here (a link to another site written in by hand).
        let givenIDs = Set(documents.flatMap { $0.fields.filter { $0.key == "feed_id" }.compactMap { $0.value.scalarText } })
        for feed in staticFeeds {
            let others = feed.ids.filter { !givenIDs.contains($0) }
            guard !others.isEmpty else { continue }
            report.leave(feed.path, line: nil, "/" + feed.path,
                         "the old feed file (served as it was written) has \(others.count) entr\(others.count == 1 ? "y" : "ies") that no post here "
                         + "carries (" + others.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (others.count > 3 ? ", ..." : "")
                         + "): blogbuild's feed at that address lists the posts alone")
        }
    }

    /// Translates each body once every document's URL is known (kramdown's marks, then Liquid:
    /// links, assets, includes, site values), and copies the jekyll-assets files the bodies used.
    mutating func translateBodies() {
        // Every URL is known before any body is translated, so {% post_url %} can point at it;
        // `{% link %}` to a list page of the old site goes to blogbuild's list.
        let listLinks = lists.links
        let urls = ImportAssembler.urls(documents, pattern: settings.blogbuildPattern)
        let link = Self.link(documents: documents, urls: urls, listLinks: listLinks)
        var assets = JekyllAssets(root: root, config: config)
        var includes = JekyllIncludes(root: root)
        var htmlIncludes = JekyllHTMLIncludes(root: root)
        var siteValues = JekyllSiteValues(root: root, config: config)
        for i in documents.indices {
            guard let body = bodies[documents[i].source] else { continue }
            var text = body.text
            if body.markdown {
                text = KramdownCleanup.clean(text, source: documents[i].source, bodyLine: body.line, report: &report)
            }
            var liquid = LiquidBody(source: documents[i].source, bodyLine: body.line, link: link)
            liquid.asset = { assets.url(of: $0) }
            liquid.include = { includes.render($0, $1) }
            liquid.htmlInclude = { htmlIncludes.render($0, $1, siteValue: { siteValues.value($0) }) }
            liquid.siteValue = { siteValues.value($0) }
            text = liquid.translate(text, report: &report)
            text = BasePathLinks.strip(text, basePath: settings.basePath, report: &report)
            text = EscapedAttributeURLs.escape(text, report: &report)
            documents[i].body = text
        }
        // jekyll-assets served each file at /assets/NAME: it is copied there, so the old URL answers too.
        let copied = Set(copies.map(\.path))
        for (url, from) in assets.copies.sorted(by: { $0.key < $1.key }) where !copied.contains("content" + url) {
            copies.append(ImportedSite.Copy(path: "content" + url, from: from))
        }
    }

    /// The new URL of a `{% post_url NAME %}` or `{% link PATH %}` target: the post whose file
    /// it names, the document at that path, or the blogbuild list an old list page became.
    static func link(documents: [ImportedSite.Document], urls: [String: String],
                     listLinks: [String: String]) -> (_ tag: String, _ target: String) -> String? {
        { tag, written in
            var target = written.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            if tag == "post_url" {
                let found = documents.first { document in
                    guard document.kind == .post else { return false }
                    let base = (document.source as NSString).deletingPathExtension
                    return base.hasSuffix("/" + target) || base == target
                        || (base as NSString).lastPathComponent == (target as NSString).lastPathComponent && !target.contains("/")
                }
                return found.flatMap { urls[$0.source] }
            }
            if target.hasPrefix("/") { target.removeFirst() }
            return urls[target] ?? listLinks[target]
        }
    }

    /// The imported site: the old list pages (paginator, archives) as redirects beside the
    /// assembler's, and the links to files Jekyll made that blogbuild does not.
    mutating func finish() -> ImportedSite {
        lists.addPaginator(tree: tree, postCount: documents.count { $0.kind == .post && $0.fields.first { $0.key == "draft" }?.value.bool != true })
        lists.addArchives(posts: JekyllListPages.archivedPosts(documents, tree: tree))
        var site = ImportAssembler.finish(config: settings.siteConfig(report: &report), documents: documents, copies: copies,
                                          report: report, pattern: settings.blogbuildPattern)
        // The list pages' redirects join those the assembler wrote (one `redirects:` key).
        let listRedirects = lists.redirects(for: site, pattern: settings.blogbuildPattern, report: &site.report)
        site.config = TagLinkRedirects.merged(site.config, redirects: listRedirects.first?.value.entries ?? [])
        UnmadeFileLinks.list(site.documents, made: unmade, baseURL: site.config.first { $0.key == "base_url" }?.value.scalarText,
                             report: &site.report)
        return site
    }
}
