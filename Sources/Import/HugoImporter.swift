import Foundation
import Load
import Support
import BlogBuild
import Site

/// Reads a Hugo site folder: its config (`hugo.*` or `config.*`, TOML, YAML or
/// JSON), `content/` (posts in the main section, other sections as pages, page
/// bundles with their files), and `static/`.
enum HugoImporter {
    static let contentExtensions: Set<String> = ["md", "markdown", "html", "htm"]

    /// `now` decides which pages have expired (`expiryDate`), as it does for Hugo.
    static func read(_ root: URL, now: Date = Date()) throws(ImportFailure) -> ImportedSite {
        var reader = try HugoSiteReader(root, now: now)
        reader.reportLeftOut()
        reader.readContentFiles()
        reader.copyFiles()
        reader.addSeries()
        reader.translateBodies()
        reader.copyReferencedAssets()
        return reader.finish()
    }

    /// The sections Hugo writes a list for, and how many pages each has below it: each
    /// top-level folder of content/ with a content file that is not a leaf bundle, and each
    /// folder below with a list page of its own (`_index.md`).
    static func sectionSizes(_ content: SourceTree) -> [String: Int] {
        let files = Set(content.files)
        let contentFiles = content.files.filter { contentExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        var out: [String: Int] = [:]
        for path in contentFiles {
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count >= 2, !files.contains(parts[0] + "/index.md") else { continue }
            if out[parts[0]] == nil { out[parts[0]] = 0 }
            if parts.count > 2, parts[parts.count - 1].hasPrefix("_index.") { out[parts.dropLast().joined(separator: "/")] = 0 }
        }
        for path in contentFiles where !(path as NSString).lastPathComponent.hasPrefix("_index.") {
            for section in out.keys where path.hasPrefix(section + "/") { out[section, default: 0] += 1 }
        }
        return out
    }

    /// How many pages with a date (in front matter or file name) each top-level
    /// section has (folders of content/ that are not a page bundle): without
    /// `mainSections`, the section with the most is the blog (a blog whose articles
    /// are the `article` section).
    ///
    /// The root of content/ is `""` here when at least three of its own pages are
    /// dated (a blog whose posts are `content/*.md`); `Settings` keeps it only when no
    /// section holds posts, since an `about.md` with a date is not a post.
    static func datedSections(_ content: SourceTree) -> [String: Int] {
        let files = Set(content.files)
        var out: [String: Int] = [:]
        var datedAtRoot = 0
        for path in content.files where !path.contains("/") {
            let base = (path as NSString).deletingPathExtension
            guard contentExtensions.contains((path as NSString).pathExtension.lowercased()), base != "index", base != "_index" else { continue }
            if DateParsing.fileNamePrefix(base) != nil { datedAtRoot += 1; continue }
            guard let text = content.text(path), case .success(let front) = SourceDocumentText(text).fields() else { continue }
            if let date = front["date"]?.scalarText ?? front["publishDate"]?.scalarText, case .success = DateParsing.fields(date) {
                datedAtRoot += 1
            }
        }
        if datedAtRoot >= 3 { out[""] = datedAtRoot }
        for path in content.files {
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count >= 2, !files.contains(parts[0] + "/index.md") else { continue }
            let name = parts[parts.count - 1]
            guard contentExtensions.contains((name as NSString).pathExtension.lowercased()), !name.hasPrefix("_index.") else { continue }
            let base = name.hasPrefix("index.") ? parts[parts.count - 2] : (name as NSString).deletingPathExtension
            if DateParsing.fileNamePrefix(base) != nil { out[parts[0], default: 0] += 1; continue }
            guard let text = content.text(path), case .success(let front) = SourceDocumentText(text).fields() else { continue }
            if let date = front["date"]?.scalarText ?? front["publishDate"]?.scalarText, case .success = DateParsing.fields(date) {
                out[parts[0], default: 0] += 1
            }
        }
        return out
    }

    // MARK: - Posts and pages

    /// Front matter value `key`, read as Hugo reads keys: whatever their case (`Slug:`,
    /// `publishdate`, `lastMod`), the exact spelling first.
    static func frontValue(_ front: ImportValue, _ key: String) -> ImportValue? {
        front.entries.first { $0.key == key }?.value ?? front.entries.first { $0.key.lowercased() == key.lowercased() }?.value
    }

    /// A dated page of the blog's sections as a post (its Hugo URL an old URL); nil when it has no date blogbuild reads.
    static func post(source: String, path: String, front: ImportValue, settings: Settings,
                             series: inout [String: String], now: Date, report: inout ImportReport) -> ImportedSite.Document? {
        let value = { (key: String) in frontValue(front, key) }
        let parts = path.split(separator: "/").map(String.init)
        let fileName = parts.last ?? path
        let baseName = fileName == "index.md" && parts.count >= 2 ? parts[parts.count - 2] : (fileName as NSString).deletingPathExtension
        let named = DateParsing.fileNamePrefix(baseName)
        guard let dateText = value("date")?.scalarText ?? value("publishDate")?.scalarText ?? named?.date,
              case .success(let written) = DateParsing.fields(dateText) else {
            report.leave(source, line: nil, "date", "no date blogbuild reads in its front matter or file name; not imported")
            return nil
        }
        let title = value("title")?.scalarText ?? baseName
        // Hugo publishes a page from its publishDate, which blogbuild does from its date: a later
        // publishDate is the date (a future one is a scheduled post); Hugo's URL keeps `date`'s.
        var shownDate = dateText
        if let publish = value("publishDate")?.scalarText, publish != dateText, case .success(let p) = DateParsing.fields(publish),
           (p.year, p.month, p.day, p.hour, p.minute) > (written.year, written.month, written.day, written.hour, written.minute) {
            shownDate = publish
            report.count("publishDate later than date → the date (blogbuild publishes a post from its date)")
        }
        var fields: ImportFields = [(key: "title", value: .text(title)), (key: "date", value: .date(shownDate))]
        if let updated = value("lastmod") ?? value("updated") {
            if let text = updated.scalarText, case .success = DateParsing.fields(text) {
                fields.append((key: "updated", value: .date(text)))
                report.count("lastmod → updated")
            } else {
                report.leave(source, line: nil, "lastmod: \(updated.scalarText ?? "")", "not a date blogbuild reads (\(DateParsing.acceptedForms)); left out")
            }
        }
        let expired = expiry(value("expiryDate"), source: source, now: now, report: &report)
        if let summary = value("summary") ?? value("description") { fields.append((key: "summary", value: summary)) }
        // Every taxonomy but series becomes blogbuild tags: categories, and the site's own (`topics`).
        var tags: [String] = []
        for tag in settings.tagTaxonomies.flatMap({ Settings.terms(front, $0) })
        where !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
        if !tags.isEmpty { fields.append((key: "tags", value: .list(tags.map(ImportValue.text)))) }
        for taxonomy in settings.tagTaxonomies where taxonomy != "tags" && !Settings.terms(front, taxonomy).isEmpty {
            report.count("\(taxonomy) → tags")
        }
        let seriesNames = value("series")?.texts() ?? []
        if let first = seriesNames.first {
            let slug = Slug.make(first)
            series[slug] = series[slug] ?? first
            fields.append((key: "series", value: .text(slug)))
            if seriesNames.count > 1 {
                report.leave(source, line: nil, "series: \(seriesNames.joined(separator: ", "))", "a blogbuild post is in one series; kept the first")
            }
        }
        fields += images(value, source: source, settings: settings, report: &report)
        if value("draft")?.bool == true || expired { fields.append((key: "draft", value: .bool(true))) }
        let slug = value("slug")?.scalarText
        let used: Set<String> = ["title", "date", "publishDate", "lastmod", "updated", "summary", "description", "tags", "categories",
                                 "series", "images", "image", "featured_image", "featuredImage", "ogimage", "og_image", "cover", "draft", "slug", "url", "aliases",
                                 "layout", "type", "expiryDate"]
        let usedLowercased = Set(used.map { $0.lowercased() }).union(settings.tagTaxonomies)
        for (key, v) in front.entries where !usedLowercased.contains(key.lowercased()) { fields.append((key: key, value: v)) }

        var old: [String] = []
        if value("draft")?.bool != true && !expired {
            if let url = value("url")?.scalarText {
                old.append(url.hasPrefix("/") ? url : "/" + url)
                report.count("url → an alias")
            } else {
                old.append(settings.url(section: parts[0], pattern: settings.permalinks[parts[0]], year: written.year, month: written.month,
                                        day: written.day, title: title, slug: slug, fileName: baseName,
                                        folder: parts.dropLast(fileName.hasPrefix("index.") ? 2 : 1).joined(separator: "/")))
                report.count("a post's URL from [permalinks] → an alias where blogbuild's differs")
            }
        }
        if let own = old.first, value("draft")?.bool != true && !expired {
            // Hugo's RSS template names an item `<guid>{{ .Permalink }}</guid>`: the page's absolute URL,
            // which ends in `/` unless its last part has an extension (`url: /x` is `/x/`). With no
            // absolute baseURL the host was the one the site was built for: the path, which blogbuild
            // makes absolute on the base_url the user writes. Hugo writes it percent-encoded
            // (`/posts/bfs%E6%B1%82/` for `/posts/bfs求/`), and a feed reader compares ids as text.
            let last = own.split(separator: "/").last ?? ""
            let permalink = SitePaths.percentEncoded(own.hasSuffix("/") || last.contains(".") ? own : own + "/")
            fields.append((key: "feed_id", value: .text(settings.absoluteBase.map { $0 + permalink.dropFirst() } ?? permalink)))
            report.count("feed ids kept (feed_id)")
        }
        old += aliases(front, folder: "/" + parts.dropLast().joined(separator: "/") + "/", report: &report)
        // Name the file so blogbuild's :slug is Hugo's: its URL then stays the same, with no alias needed.
        let pattern = settings.permalinks[parts[0]] ?? ""
        var nameSlug = pattern.contains(":slugorfilename") || pattern.contains(":slugorcontentbasename") ? settings.urlize(slug ?? baseName)
            : pattern.contains(":slug") ? settings.urlize(slug ?? title)
            : pattern.contains(":title") ? settings.urlize(title)
            : pattern.contains(":filename") || pattern.contains(":contentbasename") ? settings.urlize(baseName)
            : slug.map(settings.urlize) ?? named?.rest ?? baseName
        let shown = (try? DateParsing.fields(shownDate).get()) ?? written
        // A `url` that blogbuild's pattern can write with another slug is the post's own URL, not an alias.
        if let url = value("url")?.scalarText, let last = url.split(separator: "/").last.map(String.init) {
            let own = Permalink.expand(settings.blogbuildPattern, year: shown.year, month: shown.month, day: shown.day,
                                       slug: Slug.make(last), title: title)
            if SiteURLs.outputPath(own) == SiteURLs.outputPath(url.hasPrefix("/") ? url : "/" + url) { nameSlug = last }
        }
        let day = DateParsing.day(year: shown.year, month: shown.month, day: shown.day)
        return ImportedSite.Document(kind: .post, path: "content/posts/\(day)-\(Slug.make(nameSlug).isEmpty ? "post" : Slug.make(nameSlug)).md",
                                     fields: ImportAssembler.ordered(fields), body: "", source: source, oldURLs: old)
    }

    /// Any other page as a page at its Hugo URL; nil for the home page, a draft or an expired page.
    static func page(source: String, path: String, front: ImportValue, settings: Settings, now: Date,
                             report: inout ImportReport) -> ImportedSite.Document? {
        let value = { (key: String) in frontValue(front, key) }
        let parts = path.split(separator: "/").map(String.init)
        let fileName = parts.last ?? path
        let baseName = fileName == "index.md" && parts.count >= 2 ? parts[parts.count - 2] : (fileName as NSString).deletingPathExtension
        if parts.count == 1 && baseName == "index" { report.skip(source, "the home page: blogbuild writes its own"); return nil }
        var fields: ImportFields = [(key: "title", value: .text(value("title")?.scalarText ?? baseName.capitalized))]
        let used: Set<String> = ["title", "url", "slug", "aliases", "layout", "type", "menu", "weight", "expirydate"]
        for (key, v) in front.entries where !used.contains(key.lowercased()) { fields.append((key: key, value: v)) }
        if value("draft")?.bool == true {
            report.leave(source, line: nil, "draft: true", "blogbuild pages have no drafts; the page was not imported")
            return nil
        }
        let expiryValue = front.entries.first { $0.key.lowercased() == "expirydate" }?.value
        if expiry(expiryValue, source: source, now: now, report: &report) {
            report.leave(source, line: nil, "expiryDate", "blogbuild pages have no drafts; the expired page was not imported")
            return nil
        }
        var old: [String] = []
        if let url = value("url")?.scalarText {
            old.append(url.hasPrefix("/") ? url : "/" + url)
        } else if parts.count > 1, let pattern = settings.permalinks[parts[0]] {
            // A page of a section that is not the blog keeps the URL its section's pattern gave it.
            let date = (value("date") ?? value("publishDate"))?.scalarText.flatMap { try? DateParsing.fields($0).get() }
            let folder = parts.dropLast(fileName.hasPrefix("index.") ? 2 : 1).joined(separator: "/")
            old.append(settings.url(section: parts[0], pattern: pattern, year: date?.year ?? 1, month: date?.month ?? 1, day: date?.day ?? 1,
                                    title: value("title")?.scalarText ?? baseName, slug: value("slug")?.scalarText, fileName: baseName,
                                    folder: folder))
        } else {
            let folder = parts.dropLast().joined(separator: "/")
            let own = value("slug")?.scalarText ?? baseName
            let base = fileName == "index.md" ? (parts.dropLast(2).joined(separator: "/")) : folder
            old.append("/" + (base.isEmpty ? "" : base + "/") + settings.urlize(own) + "/")
        }
        old += aliases(front, folder: "/" + (fileName.hasPrefix("index.") ? parts.dropLast(2) : parts.dropLast()).joined(separator: "/") + "/", report: &report)
        // Nested as in the source: `about/index.md` is pages/about (a bundle), `docs/a.md` pages/docs/a.md.
        let folders = (fileName.hasPrefix("index.") ? parts.dropLast(2) : parts.dropLast()).map { Slug.make($0) }.filter { !$0.isEmpty }
        let name = (folders + [Slug.make(baseName).isEmpty ? "page" : Slug.make(baseName)]).joined(separator: "/")
        return ImportedSite.Document(kind: .page, path: "content/pages/\(name).md",
                                     fields: fields, body: "", source: source, oldURLs: old)
    }

    /// A page's `aliases`, as site paths: a relative one is from the page's folder, as Hugo reads it.
    static func aliases(_ front: ImportValue, folder: String, report: inout ImportReport) -> [String] {
        let folder = folder.replacingOccurrences(of: "//", with: "/")
        let written = front["aliases"]?.texts() ?? []
        if !written.isEmpty { report.count("aliases kept", written.count) }
        return written.map { $0.hasPrefix("/") || URLReference.isExternal($0) ? $0 : folder + $0 }
    }

    /// Whether `expiryDate` has passed: Hugo no longer publishes such a page. Either way IMPORT.md says so.
    static func expiry(_ value: ImportValue?, source: String, now: Date, report: inout ImportReport) -> Bool {
        guard let text = value?.scalarText, !text.isEmpty else { return false }
        guard case .success(let date) = DateParsing.parse(text, timeZone: TimeZone(identifier: "UTC")!) else {
            report.leave(source, line: nil, "expiryDate: \(text)", "not a date blogbuild reads (\(DateParsing.acceptedForms)); left out")
            return false
        }
        if date.instant < now {
            report.leave(source, line: nil, "expiryDate: \(text)", "expired: Hugo no longer publishes it, so it is imported as a draft")
            return true
        }
        report.leave(source, line: nil, "expiryDate: \(text)", "blogbuild does not unpublish by date: remove the post then, or set draft: true")
        return false
    }

    /// Front-matter keys of the picture for link previews, by the themes that read them.
    static let imageKeys = ["cover", "images", "image", "featured_image", "featuredImage", "ogimage", "og_image"]

    /// `cover:`, `images:`, `image:`, `featured_image:`, `ogimage:`: the picture a theme puts in the page's
    /// `og:image` for link previews, so `social_image`. Only a key the old theme showed above the
    /// post (`heroKeys`) stays blogbuild's hero `image`, with its alt text or listed for one.
    static func images(_ value: (String) -> ImportValue?, source: String, settings: Settings,
                       report: inout ImportReport) -> ImportFields {
        for key in imageKeys {
            guard let written = value(key) else { continue }
            let path = written.scalarText ?? written.texts().first
                ?? written["image"]?.scalarText ?? written["src"]?.scalarText ?? written["path"]?.scalarText
            guard let path, !path.isEmpty else { continue }
            let hidden = written["hiddenInSingle"]?.bool == true || written["hidden"]?.bool == true
            if settings.heroKeys.contains(key), !hidden {
                var image: ImportFields = [(key: "src", value: .text(path))]
                if let alt = written["alt"]?.scalarText, !alt.isEmpty {
                    image.append((key: "alt", value: .text(alt)))
                } else {
                    report.leave(source, line: nil, "image", "the hero image has no alt text; add 'alt' (publish requires it)")
                }
                report.count("\(key) shown above the post by the old theme → image")
                return [(key: "image", value: .map(image))]
            }
            report.count("\(key) → social_image (og:image)")
            return [(key: "social_image", value: .text(path))]
        }
        return []
    }

    /// The image keys of front matter that the old theme's page templates show as an `<img>`
    /// (a hero above the post), rather than only in the page's `<head>` for link previews.
    static func heroKeys(_ root: URL) -> Set<String> {
        let fm = FileManager.default
        var folders = ["layouts"]
        for theme in ((try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("themes").path)) ?? []).sorted() {
            folders.append("themes/\(theme)/layouts")
        }
        let headish = ["head", "opengraph", "seo", "meta", "schema", "twitter", "social", "card", "summary", "list", "rss", "sitemap"]
        var out = Set<String>()
        for folder in folders {
            let tree = SourceTree(root.appendingPathComponent(folder)) { $0.split(separator: "/").last?.hasPrefix(".") == true }
            for path in tree.files where path.hasSuffix(".html") && !path.contains("shortcodes/") {
                let name = (path as NSString).lastPathComponent.lowercased()
                guard name == "single.html" || (path.contains("partials/") && !headish.contains(where: name.contains)),
                      let text = tree.text(path), text.contains("<img") else { continue }
                for key in imageKeys
                where text.range(of: "\\.Params\\.\(key)\\b", options: .regularExpression) != nil {
                    out.insert(key)
                }
            }
        }
        return out
    }

    // MARK: - Config

    struct Settings {
        var config: ImportValue
        /// Each section's pattern for its pages (`[permalinks]` or `[permalinks.page]`).
        var permalinks: [String: String]
        /// Each section's pattern for its own list page (`[permalinks.section]`).
        var sectionPermalinks: [String: String] = [:]
        /// The folders under content/ with a list page of their own (`_index.md`): Hugo's nested sections.
        var sectionFolders: Set<String> = []
        /// The sections that are the blog: `mainSections`, else the section with the most dated pages.
        var postSections: Set<String>
        var blogbuildPattern: String
        var basePath: String
        /// `baseURL` when it is absolute, ending in `/`: what Hugo's `.Permalink` starts with.
        var absoluteBase: String?
        var lowercase: Bool
        /// `removePathAccents`: Hugo writes `aubépine` as `aubepine` in paths.
        var removePathAccents: Bool
        /// Sections whose list page has words of its own, which became a page at the
        /// section's URL: a menu link there stays.
        var sectionPages: Set<String> = []
        /// Taxonomy → the terms with a page of their own (`content/tags/python/_index.md`), by
        /// folder (`python`) → the `slug:` it gives, which is the term's path in Hugo's URLs.
        var termPages: [String: [String: String?]] = [:]
        /// Taxonomy → term (folder) → the `url:` its own page gives, where Hugo writes the
        /// term's list instead of under the taxonomy (`/tags/summary/` for `tags/总结/`).
        var termURLs: [String: [String: String]] = [:]

        /// How many published posts each old list had: per section, tag and category.
        struct OldLists {
            var sections: [String: Int] = [:]
            /// Taxonomy (`tags`, `topics`) → term → posts.
            var terms: [String: [String: Int]] = [:]
            /// blogbuild tag slug → taxonomy → the posts (sources) that had a term of that slug.
            var members: [String: [String: Set<String>]] = [:]
            /// Taxonomy → term → pages other than posts (a section's list page too) that have it.
            var pageTerms: [String: [String: Int]] = [:]
            /// The published regular pages that are not posts (content paths), which Hugo's home feed lists too.
            var pages: [String] = []
        }

        /// The taxonomies whose terms become blogbuild tags, in the order their terms are
        /// listed: `tags` and `categories` (read whether the config declares them or not: a
        /// blog's tags are its tags), then every other taxonomy it declares but `series`,
        /// which become blogbuild series. Hugo writes list pages only for the declared ones.
        var tagTaxonomies: [String] {
            ["tags", "categories"] + taxonomies.subtracting(["tags", "categories", "series"]).sorted()
        }

        /// The terms a page's front matter gives `taxonomy`. Hugo reads front-matter keys
        /// whatever their case (`Tags:`); where a page has the key twice in two cases
        /// (`Tags:` and `tags:`), both lists are read.
        static func terms(_ front: ImportValue, _ taxonomy: String) -> [String] {
            front.entries.filter { $0.key.lowercased() == taxonomy }.flatMap { $0.value.texts() }
        }
        /// Front-matter image keys the old theme shows above a post (see `heroKeys`).
        var heroKeys: Set<String> = []
        /// The site's (or theme's) own RSS template, when it has one.
        var feedTemplate: HugoFeedTemplate?
        /// Top-level section → its pages (`HugoImporter.sectionSizes`).
        var sectionSizes: [String: Int] = [:]

        /// The page of a taxonomy term whose `_index` file is `file` (`tags/python/_index.md`):
        /// the blogbuild tag the term became (categories became tags too); nil for another file.
        func termPage(_ file: String) -> String? {
            let parts = file.split(separator: "/").map(String.init)
            guard parts.count == 3, taxonomies.contains(parts[0]), tagTaxonomies.contains(parts[0]),
                  parts[2].hasPrefix("_index.") else { return nil }
            return SiteURLs.tag(slug: SiteURLs.tagSlug(parts[1]))
        }

        /// `sections`: the folders content/ has; `datedSections`: how many dated pages each has
        /// (`HugoImporter.datedSections`), which decide the blog when `mainSections` is not set.
        init(_ config: ImportValue, sections: Set<String>, datedSections: [String: Int] = [:]) {
            self.config = config
            var permalinks: [String: String] = [:]
            let table = config["permalinks"]
            for (key, value) in table?.entries ?? [] {
                if let pattern = value.scalarText { permalinks[key] = pattern }
                else if key == "page" { for (k, v) in value.entries { if let p = v.scalarText { permalinks[k] = p } } }
                else if key == "section" { for (k, v) in value.entries { if let p = v.scalarText { sectionPermalinks[k] = p } } }
            }
            self.permalinks = permalinks
            // Hugo's rule: the sections `mainSections` names are the blog; without it, the section
            // with the most pages, here the most dated pages (the pages a blog lists by date).
            // Every other section's pages are pages at the URLs Hugo gave them, never posts on a new path.
            let main = config["params"]?["mainSections"]?.texts() ?? config["mainSections"]?.texts() ?? []
            postSections = Set(main).intersection(sections)
            if postSections.isEmpty {
                let preferred = ["posts", "post", "blog"]
                let largest = datedSections.filter { !$0.key.isEmpty && sections.contains($0.key) }.max {
                    ($0.value, preferred.contains($0.key) ? 1 : 0, $1.key) < ($1.value, preferred.contains($1.key) ? 1 : 0, $0.key)
                }
                // The root's dated pages are the posts only of a blog with no section of posts.
                if let largest { postSections = [largest.key] } else if datedSections[""] != nil { postSections = [""] }
            }
            lowercase = config["disablePathToLower"]?.bool != true
            removePathAccents = HugoImporter.frontValue(config, "removePathAccents")?.bool == true
            // The first post section that has posts decides; with no pattern Hugo writes /SECTION/SLUG/.
            let section = postSections.sorted().first { permalinks[$0] != nil } ?? postSections.sorted().first ?? "posts"
            blogbuildPattern = Self.blogbuildPattern(permalinks[section] ?? (section.isEmpty ? "/:slug/" : "/\(section)/:slug/"))
                ?? SiteConfig().postPermalink
            let base = config["baseURL"]?.scalarText ?? config["baseurl"]?.scalarText ?? "/"
            basePath = ImportAssembler.sitePath(base, basePath: "/")
            if !basePath.hasSuffix("/") { basePath += "/" }
            absoluteBase = base.hasPrefix("http://") || base.hasPrefix("https://") ? (base.hasSuffix("/") ? base : base + "/") : nil
        }

        /// The taxonomies Hugo writes lists for (plural names): `taxonomies:` in the
        /// config, else Hugo's default `tags` and `categories`; `disableKinds: [taxonomy]`
        /// (or the older `taxonomyTerm`) turns the lists of terms off.
        var taxonomies: Set<String> {
            let disabled = Set((config["disableKinds"]?.texts() ?? []).map { $0.lowercased() })
            if disabled.contains("taxonomy") || disabled.contains("taxonomyterm") { return [] }
            // `indexes` is the name Hugo once had for `taxonomies`, and still reads (spf13.com).
            guard let table = config["taxonomies"] ?? config["indexes"] else { return ["tags", "categories"] }
            return Set(table.entries.compactMap { $0.value.scalarText })
        }

        /// A Hugo pattern blogbuild can write the same: `:year :month :day :slug`.
        static func blogbuildPattern(_ pattern: String) -> String? {
            let p = pattern.replacingOccurrences(of: ":slugorcontentbasename", with: ":slug").replacingOccurrences(of: ":slugorfilename", with: ":slug")
                .replacingOccurrences(of: ":contentbasename", with: ":slug").replacingOccurrences(of: ":filename", with: ":slug")
                .replacingOccurrences(of: ":title", with: ":slug")
            guard !p.contains(":section"), !p.contains(":monthname"), !p.contains(":weekday"), !p.contains(":yearday"), case .success(let checked) = ConfigLoader.postPermalink(p) else { return nil }
            return checked
        }

        /// Hugo's `urlize` (`UnicodeSanitize`): blanks become `-`, most punctuation goes (`+` and `@`
        /// stay: `notepad++`, `@layer`), lower-cased.
        func urlize(_ text: String) -> String {
            var out = ""
            // Hugo's MakePath: accents dropped (the marks of the decomposed letters) when asked.
            let source = removePathAccents
                ? String(String.UnicodeScalarView(text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                    $0.properties.generalCategory != .nonspacingMark }))
                : text
            for ch in source {
                if ch == " " { out.append("-") }
                else if ch.isLetter || ch.isNumber || "-_.~+@".contains(ch) { out.append(ch) }
            }
            while out.contains("--") { out = out.replacingOccurrences(of: "--", with: "-") }
            return lowercase ? out.lowercased() : out
        }

        /// A taxonomy term's path under its taxonomy as Hugo writes it: `urlize` of each
        /// part, a `/` kept (`CI/CD` → `/tags/ci/cd/`).
        func urlizeTerm(_ name: String) -> String {
            name.split(separator: "/").map { urlize(String($0)) }.filter { !$0.isEmpty }.joined(separator: "/")
        }

        /// The path Hugo writes a term at under its taxonomy: its urlized name (`urlizeTerm`),
        /// or the `slug:` of the term's own page (`content/tags/x/_index.md`).
        func termPath(_ taxonomy: String, _ url: String) -> String {
            (termPages[taxonomy]?[url] ?? nil).map(urlize) ?? url
        }

        /// The address Hugo writes a term's list at, `/` on both ends: the `url:` of the term's
        /// own page where it gives one, else `/<taxonomy>/<termPath>/`.
        func termAddress(_ taxonomy: String, _ url: String) -> String {
            if let own = termURLs[taxonomy]?[url] {
                let path = own.split(separator: "/").joined(separator: "/")
                return path.isEmpty ? "/" : "/" + path + "/"
            }
            return "/\(urlize(taxonomy))/\(termPath(taxonomy, url))/"
        }

        /// A page's Hugo URL: its section's permalink pattern (`HugoPermalink`), else `/folder/slug/`.
        /// `folder`: the folders it is in under content/ (a bundle's without its own).
        func url(section: String, pattern: String?, year: Int, month: Int, day: Int, title: String, slug: String?,
                 fileName: String, folder: String) -> String {
            guard let pattern else { return "/" + (folder.isEmpty ? "" : folder + "/") + urlize(slug ?? fileName) + "/" }
            let page = HugoPermalink.Page(year: year, month: month, day: day, title: title, slug: slug, contentBaseName: fileName,
                                          sections: sections(of: folder))
            return HugoPermalink(pattern: pattern).url(page, urlize: urlize)
        }

        /// The sections a page in `folder` is in, outermost first: the top folder, and each
        /// folder under it that has an `_index` file, as long as its parent is a section too.
        func sections(of folder: String) -> [String] {
            let parts = folder.split(separator: "/").map(String.init)
            guard let top = parts.first else { return [] }
            var out = [top]
            for depth in 2...max(2, parts.count) where depth <= parts.count {
                guard sectionFolders.contains(parts[..<depth].joined(separator: "/")) else { break }
                out.append(parts[depth - 1])
            }
            return out
        }

        /// `[[menus.main]]` (name, url or pageRef, weight), in weight order. A link to a
        /// section of posts points at blogbuild's archive, the page that lists them all.
        func nav() -> [(title: String, url: String)] {
            let entries = (config["menus"] ?? config["menu"])?["main"].map { value -> [ImportValue] in
                if case .list(let items) = value { return items }
                return []
            } ?? []
            let sorted = entries.enumerated().sorted {
                (Double($0.element["weight"]?.scalarText ?? "") ?? 0, $0.offset) < (Double($1.element["weight"]?.scalarText ?? "") ?? 0, $1.offset)
            }
            return sorted.compactMap { _, entry in
                guard let title = entry["name"]?.scalarText ?? entry["title"]?.scalarText else { return nil }
                // Hugo reads a menu URL without a scheme from the site's root (`about/` is `/about/`).
                if let url = entry["url"]?.scalarText, URLReference.isExternal(url) || url.hasPrefix("/") || url.hasPrefix("#") {
                    return (title, url.hasPrefix("/") ? ImportAssembler.sitePath(url, basePath: basePath) : url)
                }
                guard var path = entry["pageRef"]?.scalarText ?? entry["url"]?.scalarText else { return nil }
                if !path.hasPrefix("/") { path = "/" + path }
                let trimmed = path.split(separator: "/").map(String.init)
                if trimmed.count == 1, postSections.contains(trimmed[0]), !sectionPages.contains(trimmed[0]) { return (title, SiteURLs.archive) }
                return (title, path.hasSuffix("/") ? path : path + "/")
            }
        }

        /// What keeps the old site's list pages and feeds answering: its main feed
        /// (`/index.xml`) and each post section's (`/article/index.xml`), and each tag's
        /// and category's (`/tags/x/index.xml`), as copies of blogbuild's feeds (a term whose
        /// slug changed through a redirect to its feed); the lists of terms (`/tags/index.xml`)
        /// as `feeds.tag_list_at`; a post section's list (`/article/`), `/categories/` and
        /// each category's page as redirects to the archive and the tag pages (categories
        /// became tags). A feed reader does not follow an HTML redirect, so feeds are
        /// written, not redirected. Hugo's paginated lists (`/article/page/2/`,
        /// `/tags/swift/page/2/`, and the `/page/1/` Hugo writes as an alias of every list)
        /// redirect to the list blogbuild has for them: the archive, or the tag's page; so do
        /// the paginated lists of terms (`/tags/page/1/`). Hugo writes the lists of terms of
        /// each taxonomy it declares (`tags` and `categories` unless `taxonomies:` says
        /// otherwise), used or not.
        func oldListAddresses(_ lists: OldLists, report: inout ImportReport) -> ImportFields {
            // The file name of Hugo's RSS output: `index.xml`, or `[outputFormats.RSS] baseName`'s.
            let rssFile = (config["outputFormats"]?.entries.first { $0.key.lowercased() == "rss" }?.value["baseName"]?.scalarText ?? "index") + ".xml"
            var alsoAt = ["/\(rssFile)"]
            let siteWide = feedTemplate?.siteWide == true
            // `/page/1/`: the alias Hugo writes of a paginated home page (blogbuild's pages of
            // the home list start at `/page/2/`).
            var redirects: ImportFields = [(key: "/page/1/", value: .text("/"))]
            homePagerAddresses(lists, redirects: &redirects, report: &report)
            postSectionAddresses(lists, rssFile: rssFile, siteWide: siteWide, alsoAt: &alsoAt, redirects: &redirects, report: &report)
            // Each taxonomy's term feeds are copies of its terms' tag feeds (categories and the
            // site's own taxonomies became tags).
            var tagFeeds = ["/tags/:slug/\(rssFile)"]
            for taxonomy in tagTaxonomies where taxonomy != "tags" && !(lists.terms[taxonomy] ?? [:]).isEmpty {
                tagFeeds.append("/\(urlize(taxonomy))/:slug/\(rssFile)")
            }
            let declared = tagTaxonomies.filter(taxonomies.contains)
            var tagLists = declared.map { "/\(urlize($0))/\(rssFile)" }
            if siteWide {
                // The site's template gave every feed, a term's and a list of terms' too, the site's
                // newest posts: each old address is a copy of the main feed, so its readers keep their entries.
                tagFeeds = []
                for taxonomy in declared {
                    for url in Set((lists.terms[taxonomy] ?? [:]).keys.map(urlizeTerm)).sorted() { alsoAt.append(termAddress(taxonomy, url) + rssFile) }
                }
                alsoAt += tagLists
                tagLists = []
                report.leave("layouts", line: nil, "RSS template", "the site's own feed template lists the site's newest posts in every feed, "
                             + "a tag's too: each old feed address is a copy of blogbuild's main feed, as it was of the site's")
            }
            termListAddresses(lists, declared: declared, rssFile: rssFile, siteWide: siteWide, redirects: &redirects, report: &report)
            // Where Hugo's URL of a term differs from blogbuild's tag slug, the old page redirects,
            // and its old feed is written as the tag's (a redirect to a feed is a copy of it).
            var seen = Set(redirects.map(\.key))
            for taxonomy in tagTaxonomies {
                termAddresses(of: taxonomy, lists, rssFile: rssFile, siteWide: siteWide, redirects: &redirects, seen: &seen, report: &report)
            }
            if !siteWide {
                reportTermsOfPagesOnly(lists, rssFile: rssFile, report: &report)
                reportNestedTermFeeds(lists, rssFile: rssFile, report: &report)
            }
            seriesAddresses(lists, rssFile: rssFile, siteWide: siteWide, alsoAt: &alsoAt, redirects: &redirects, seen: &seen, report: &report)
            sectionAddresses(rssFile: rssFile, siteWide: siteWide, alsoAt: &alsoAt, redirects: &redirects, seen: &seen, report: &report)
            if !siteWide, !lists.pages.isEmpty {
                // Hugo's embedded RSS template lists the home's `.Site.RegularPages`: pages too, by date.
                report.leave("config", line: nil, "/\(rssFile)",
                             "Hugo's home feed also listed the site's \(lists.pages.count) regular pages that are not posts ("
                             + lists.pages.sorted().prefix(3).map { "content\($0)" }.joined(separator: ", ") + (lists.pages.count > 3 ? ", …" : "")
                             + "), by date among the posts; blogbuild's feed lists posts, so their entries are not in it")
            }
            report.count("feeds at their old addresses (feeds.also_at, feeds.tags_also_at, feeds.tag_list_at)")
            if !redirects.isEmpty { report.count("old list pages → redirects") }
            return feedsConfig(alsoAt: alsoAt, tagFeeds: tagFeeds, tagLists: tagLists, redirects: redirects, report: &report)
        }

        /// The home list's last pagers, where Hugo's home list also held the pages of the blog's
        /// sections that are not posts (part of `oldListAddresses`).
        func homePagerAddresses(_ lists: OldLists, redirects: inout ImportFields, report: inout ImportReport) {
            // A home list over the blog's sections (what Hugo's themes paginate) held their pages too,
            // not only the posts: its last pagers go to blogbuild's last page of the home list.
            let inBlog = lists.pages.filter { postSections.contains(String($0.dropFirst().split(separator: "/").first ?? "")) }.count
            let posts = lists.sections.values.reduce(0, +), homePages = listPages(posts).count
            if inBlog > 0 {
                let extra = listPages(posts + inBlog).dropFirst(homePages)
                for k in extra { redirects.append((key: "/page/\(k)/", value: .text(homePages == 1 ? "/" : "/page/\(homePages)/"))) }
                if !extra.isEmpty {
                    report.leave("content", line: nil, extra.map { "/page/\($0)/" }.joined(separator: " "),
                                 "the home list of the old theme held the \(inBlog) pages of the blog's sections that are not posts too: "
                                 + "these pages of it redirect to the home list's last page")
                }
            }
        }

        /// Each post section's feed (a copy of the feed of all posts), list and pagers (redirects
        /// to the archive) (part of `oldListAddresses`).
        func postSectionAddresses(_ lists: OldLists, rssFile: String, siteWide: Bool, alsoAt: inout [String],
                                  redirects: inout ImportFields, report: inout ImportReport) {
            let pages = listPages
            for section in postSections.sorted() where !section.isEmpty {
                alsoAt.append("/\(urlize(section))/\(rssFile)")
                if postSections.count > 1 && !siteWide {
                    report.leave("content/\(section)", line: nil, "/\(urlize(section))/\(rssFile)",
                                 "Hugo's feed of this section lists its posts only; blogbuild has one feed of all posts, which is written here: "
                                 + "its readers also get the posts of \(postSections.subtracting([section]).sorted().joined(separator: ", "))")
                }
                if !sectionPages.contains(section) { redirects.append((key: "/\(urlize(section))/", value: .text(SiteURLs.archive))) }
                // The section's list and feed held its pages that are not posts too (an undated one).
                let sectionOthers = lists.pages.filter { $0.hasPrefix("/\(section)/") }
                for k in pages((lists.sections[section] ?? 0) + sectionOthers.count) {
                    redirects.append((key: "/\(urlize(section))/page/\(k)/", value: .text(SiteURLs.archive)))
                }
                if !siteWide, !sectionOthers.isEmpty {
                    report.leave("content/\(section)", line: nil, "/\(urlize(section))/\(rssFile)",
                                 "Hugo's feed of this section also listed its \(sectionOthers.count) pages that are not posts ("
                                 + sectionOthers.sorted().prefix(3).map { "content\($0)" }.joined(separator: ", ") + (sectionOthers.count > 3 ? ", …" : "")
                                 + "); blogbuild's feed lists posts")
                }
            }
        }

        /// The lists of terms of the `declared` taxonomies (`/tags/`, `/categories/`): their pagers
        /// redirect to blogbuild's list of tags, and the entry ids their feeds lose are reported
        /// (part of `oldListAddresses`).
        func termListAddresses(_ lists: OldLists, declared: [String], rssFile: String, siteWide: Bool,
                               redirects: inout ImportFields, report: inout ImportReport) {
            let pages = listPages
            // A list of terms' feed has a term's page as an entry's id. blogbuild writes its list
            // of tags there: the ids of terms whose URL changed, and of every term of a taxonomy
            // that became tags, are new.
            for taxonomy in declared where !siteWide {
                let folder = urlize(taxonomy)
                let onPosts = Set((lists.terms[taxonomy] ?? [:]).keys.map(urlizeTerm))
                let changed = Set((lists.terms[taxonomy] ?? [:]).keys.filter { folder != "tags" || urlizeTerm($0) != SiteURLs.tagSlug($0) }
                    .map(urlizeTerm)).union((lists.pageTerms[taxonomy] ?? [:]).keys.map(urlizeTerm).filter { !onPosts.contains($0) })
                guard !changed.isEmpty else { continue }
                report.leave("config", line: nil, "/\(folder)/\(rssFile)",
                             "Hugo's feed of the \(taxonomy) (each entry a term's page) is blogbuild's list of tags there: "
                             + "the entries of \(changed.count) of its terms have new ids (\(folder == "tags" ? "their URLs changed, or only pages had them" : "\(taxonomy) became tags"))")
            }
            for taxonomy in declared {
                let folder = urlize(taxonomy)
                // Hugo's list of terms counts the terms pages have too.
                // And the terms with a page of their own that no page has.
                let terms = Set((Array((lists.terms[taxonomy] ?? [:]).keys) + Array((lists.pageTerms[taxonomy] ?? [:]).keys)).map(urlizeTerm))
                    .union((termPages[taxonomy] ?? [:]).keys).count
                // Hugo's page of the categories (a list, empty or not) goes to the tags they became.
                if folder != "tags" { redirects.append((key: "/\(folder)/", value: .text(SiteURLs.tags))) }
                for k in pages(terms) { redirects.append((key: "/\(folder)/page/\(k)/", value: .text(SiteURLs.tags))) }
            }
        }

        /// The old addresses of each term the posts gave `taxonomy`: its list and pagers redirect
        /// to the tag it became, its feed is that tag's (part of `oldListAddresses`).
        func termAddresses(of taxonomy: String, _ lists: OldLists, rssFile: String, siteWide: Bool, redirects: inout ImportFields,
                           seen: inout Set<String>, report: inout ImportReport) {
            let pages = listPages
            let folder = urlize(taxonomy), counts = lists.terms[taxonomy] ?? [:]
            // A term's list held the pages with it too, `pagerSize` to a page.
            let onPages = Dictionary((lists.pageTerms[taxonomy] ?? [:]).map { (urlizeTerm($0.key), $0.value) }, uniquingKeysWith: +)
            // Hugo lists the terms that urlize alike (`Coding`, `coding`) as one.
            var terms: [String: (name: String, count: Int)] = [:]
            for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
                terms[urlizeTerm(name), default: (name, 0)].count += count
            }
            for (url, term) in terms.sorted(by: { $0.key < $1.key }) {
                let path = termPath(taxonomy, url)
                let old = termAddress(taxonomy, url), new = SiteURLs.tag(slug: SiteURLs.tagSlug(term.name))
                // A category and a tag of one name are one blogbuild tag: its feed has the posts of both.
                let byTaxonomy = lists.members[SiteURLs.tagSlug(term.name)] ?? [:]
                let own = byTaxonomy[taxonomy] ?? [], all = byTaxonomy.values.reduce(into: Set<String>()) { $0.formUnion($1) }
                if !siteWide, taxonomies.contains(taxonomy), all.count > own.count {
                    let others = byTaxonomy.keys.filter { $0 != taxonomy }.sorted().joined(separator: ", ")
                    report.leave("config", line: nil, old + rssFile,
                                 "\(taxonomy) and \(others) of one name are one blogbuild tag: the feed here is the tag's, with \(all.count - own.count) posts more than the old one had")
                }
                // Terms Hugo keeps apart that blogbuild's slug joins (`conférence`, `conference`): one tag.
                let joined = terms.filter { $0.key != url && SiteURLs.tagSlug($0.value.name) == SiteURLs.tagSlug(term.name) }.keys.sorted()
                if !siteWide, taxonomies.contains(taxonomy), !joined.isEmpty {
                    report.leave("config", line: nil, old + rssFile,
                                 "Hugo's term here and " + joined.map { "`/\(folder)/\($0)/`" }.joined(separator: ", ")
                                 + " are one blogbuild tag (\(SiteURLs.tagSlug(term.name))): the feed here is the tag's, with the posts of both")
                }
                if old != new, seen.insert(old).inserted { redirects.append((key: old, value: .text(new))) }
                if !siteWide, path != SiteURLs.tagSlug(term.name) || termURLs[taxonomy]?[url] != nil, seen.insert(old + rssFile).inserted {
                    redirects.append((key: old + rssFile, value: .text(FeedLink.collectionFeedPath(new))))
                }
                // A term under this one's address (`ci/cd` under `ci`): Hugo's list of this term has its posts too.
                let nested = terms.filter { $0.key.hasPrefix(url + "/") }.values
                let listed = nested.isEmpty ? term.count : nested.reduce(into: lists.members[SiteURLs.tagSlug(term.name)]?[taxonomy] ?? []) {
                    $0.formUnion(lists.members[SiteURLs.tagSlug($1.name)]?[taxonomy] ?? [])
                }.count
                for k in pages(listed + (onPages[url] ?? 0)) where seen.insert(old + "page/\(k)/").inserted {
                    redirects.append((key: old + "page/\(k)/", value: .text(new)))
                }
            }
        }

        /// Reports the terms' lists and feeds that held pages (not posts), which blogbuild's tags
        /// do not list, and the terms with a page of their own that no page has (part of
        /// `oldListAddresses`, without a site-wide feed template).
        func reportTermsOfPagesOnly(_ lists: OldLists, rssFile: String, report: inout ImportReport) {
            let pages = listPages
            // A term pages had: Hugo's list and feed of it held them; blogbuild's tag holds posts only.
            for taxonomy in tagTaxonomies where taxonomies.contains(taxonomy) {
                var onPosts = Set<String>()
                for name in (lists.terms[taxonomy] ?? [:]).keys { onPosts.insert(urlizeTerm(name)) }
                for (url, count) in Dictionary((lists.pageTerms[taxonomy] ?? [:]).map { (urlizeTerm($0.key), $0.value) }, uniquingKeysWith: +)
                    .sorted(by: { $0.key < $1.key }) {
                    let old = termAddress(taxonomy, url)
                    if onPosts.contains(url) {
                        report.leave("content", line: nil, old + rssFile,
                                     "Hugo's feed of this term also listed the \(count) pages (not posts) that have it; blogbuild's tag feed lists posts")
                    } else {
                        report.leave("content", line: nil, ([old] + pages(count).map { old + "page/\($0)/" } + [old + rssFile]).joined(separator: " "),
                                     "only pages (not posts) have this term: blogbuild's tags are of posts, so its list and feed are lost")
                    }
                }
                // A term with a page of its own that no page has: Hugo still writes its (empty) list and feed.
                let used = onPosts.union((lists.pageTerms[taxonomy] ?? [:]).keys.map(urlizeTerm))
                for term in (termPages[taxonomy] ?? [:]).keys.sorted() where !used.contains(term) {
                    let old = termAddress(taxonomy, term)
                    report.leave("content/\(taxonomy)/\(term)/_index", line: nil, [old, old + "page/1/", old + rssFile].joined(separator: " "),
                                 "a term page that no page has: Hugo wrote its empty list and feed; blogbuild has no tag without posts, so they are lost")
                }
            }
        }

        /// Reports the term feeds that also listed the posts of the terms under their address
        /// (part of `oldListAddresses`, without a site-wide feed template).
        func reportNestedTermFeeds(_ lists: OldLists, rssFile: String, report: inout ImportReport) {
            // A term whose address has a `/` (`CI/CD` → `/tags/ci/cd/`) sits under another term's
            // (`/tags/ci/`) in Hugo's tree, whose feed then lists its posts too.
            for taxonomy in tagTaxonomies where taxonomies.contains(taxonomy) {
                let urls = Set((lists.terms[taxonomy] ?? [:]).keys.map(urlizeTerm))
                for url in urls.sorted() {
                    let nested = urls.filter { $0.hasPrefix(url + "/") }.sorted()
                    guard !nested.isEmpty else { continue }
                    report.leave("content", line: nil, "/\(urlize(taxonomy))/\(url)/\(rssFile)",
                                 "Hugo's feed of this term also listed the posts of " + nested.map { "`/\(urlize(taxonomy))/\($0)/`" }.joined(separator: ", ")
                                 + ", a term whose address is under it; blogbuild's tag feed lists the tag's own posts")
                }
            }
        }

        /// The `feeds:` (and `redirects:`) config that keeps the old addresses (part of `oldListAddresses`).
        func feedsConfig(alsoAt: [String], tagFeeds: [String], tagLists: [String], redirects: ImportFields,
                         report: inout ImportReport) -> ImportFields {
            // Hugo's feeds hold `rssLimit` items (`services.rss.limit` since 0.114; -1 or none: every page).
            // A template of the site's own that takes `first 15` takes 15, whatever the config says.
            let limit = feedTemplate?.limit ?? Int(config["services"]?["rss"]?["limit"]?.scalarText ?? config["rssLimit"]?.scalarText ?? "") ?? -1
            if limit > 0 { report.count("the feeds' item count (rssLimit → feeds.items)") }
            var out: ImportFields = [(key: "feeds", value: .map((limit > 0 ? [(key: "items", value: .number(String(limit)))] : []) + [
                // `baseName = "feed"` puts Hugo's home feed at blogbuild's own `/feed.xml`.
                (key: "also_at", value: .list(alsoAt.filter { $0 != FeedLink.rssPath }.map(ImportValue.text))),
                (key: "tags_also_at", value: .list(tagFeeds.map(ImportValue.text))),
                (key: "tag_list_at", value: .list(tagLists.map(ImportValue.text))),
            ].filter { ($0.key != "tag_list_at" || !tagLists.isEmpty) && ($0.key != "tags_also_at" || !tagFeeds.isEmpty) }))]
            if !redirects.isEmpty { out.append((key: "redirects", value: .map(redirects))) }
            return out
        }

        /// The numbers of a list's pages at Hugo's `pagerSize`: `[1, 2, 3]` for 5 pages, 2 a page; an empty list has one.
        func listPages(_ count: Int) -> [Int] {
            let pagerSize = max(1, Int(config["pagination"]?["pagerSize"]?.scalarText ?? config["paginate"]?.scalarText ?? "") ?? 10)
            return Array(1...max(1, (count + pagerSize - 1) / pagerSize))
        }

        /// The `series` taxonomy's old addresses (part of `oldListAddresses`).
        func seriesAddresses(_ lists: OldLists, rssFile: String, siteWide: Bool, alsoAt: inout [String], redirects: inout ImportFields,
                             seen: inout Set<String>, report: inout ImportReport) {
            let pages = listPages
            // Hugo's `series` taxonomy became blogbuild's series: a term's page is the series' page
            // (`/series/x/`), its pagers redirect there and its feed is a copy of the series' feed.
            if taxonomies.contains("series") {
                for k in pages(Set((lists.terms["series"] ?? [:]).keys.map(urlizeTerm)).count) where seen.insert("/series/page/\(k)/").inserted {
                    redirects.append((key: "/series/page/\(k)/", value: .text(SiteURLs.seriesIndex)))
                }
                var terms: [String: (name: String, count: Int)] = [:]
                for (name, count) in (lists.terms["series"] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    terms[urlizeTerm(name), default: (name, 0)].count += count
                }
                for (url, term) in terms.sorted(by: { $0.key < $1.key }) {
                    let old = "/series/\(url)/", new = SiteURLs.series(slug: Slug.make(term.name))
                    if old != new, seen.insert(old).inserted { redirects.append((key: old, value: .text(new))) }
                    if siteWide { alsoAt.append(old + rssFile) }
                    else if seen.insert(old + rssFile).inserted { redirects.append((key: old + rssFile, value: .text(FeedLink.collectionFeedPath(new)))) }
                    for k in pages(term.count) where seen.insert(old + "page/\(k)/").inserted {
                        redirects.append((key: old + "page/\(k)/", value: .text(new)))
                    }
                }
                // Hugo writes the list of series and its feed whether or not a page has a series.
                if siteWide { alsoAt.append("/series/\(rssFile)") } else {
                    report.leave("config", line: nil, "/series/\(rssFile)", "Hugo's feed of the series (each entry a series' page) has no blogbuild feed: blogbuild's feeds list posts")
                }
            }
        }

        /// The old addresses of the sections' lists that are not the blog's own (part of `oldListAddresses`).
        func sectionAddresses(rssFile: String, siteWide: Bool, alsoAt: inout [String], redirects: inout ImportFields,
                              seen: inout Set<String>, report: inout ImportReport) {
            let pages = listPages
            // The other sections' lists: their pages are pages now, which blogbuild does not list.
            // A section with a page of its own at its URL keeps it, its pagers redirecting there.
            var namedParents = Set<String>()
            for (section, size) in sectionSizes.sorted(by: { $0.key < $1.key }) {
                let top = String(section.split(separator: "/").first ?? "")
                let folder = "/" + section.split(separator: "/").map { urlize(String($0)) }.joined(separator: "/") + "/"
                guard !taxonomies.contains(top), !postSections.contains(section) else { continue }
                if postSections.contains(top) {
                    // A section inside the blog (`posts/go/`): its list goes to the archive, as the blog's
                    // own does, unless it has a page of its own; its feed becomes the feed of all posts.
                    let target = sectionPages.contains(section) ? folder : SiteURLs.archive
                    if target != folder, seen.insert(folder).inserted { redirects.append((key: folder, value: .text(target))) }
                    for k in pages(size) where seen.insert(folder + "page/\(k)/").inserted {
                        redirects.append((key: folder + "page/\(k)/", value: .text(target)))
                    }
                    alsoAt.append(folder + rssFile)
                    if !siteWide {
                        report.leave("content/\(section)", line: nil, folder + rssFile,
                                     "Hugo's feed of this section lists its \(size) posts only; blogbuild's feed of all posts is written here")
                        // The blog's own feed listed this section's list page among its entries.
                        let parent = "/" + urlize(top) + "/" + rssFile
                        if namedParents.insert(parent).inserted {
                            report.leave("content/\(top)", line: nil, parent,
                                         "Hugo's feed of the section also listed its sections' list pages (\(folder), …); blogbuild's feed lists posts")
                        }
                    }
                    continue
                }
                if siteWide { alsoAt.append(folder + rssFile) }
                if sectionPages.contains(section) {
                    for k in pages(size) where seen.insert(folder + "page/\(k)/").inserted {
                        redirects.append((key: folder + "page/\(k)/", value: .text(folder)))
                    }
                    if !siteWide {
                        report.leave("content/\(section)", line: nil, folder + rssFile,
                                     "Hugo's feed of the section's \(size) pages: blogbuild's feeds list posts, so it is not kept")
                    }
                } else {
                    let urls = [folder] + pages(size).map { folder + "page/\($0)/" } + (siteWide ? [] : [folder + rssFile])
                    report.leave("content/\(section)", line: nil, urls.joined(separator: " "),
                                 "Hugo's list of the section's \(size) pages, with its pagers\(siteWide ? "" : " and feed"): blogbuild lists no pages, so these old URLs are lost (its pages keep theirs)")
                }
            }
        }

        func siteConfig(report: inout ImportReport) -> ImportFields {
            var out: ImportFields = []
            if let title = config["title"] { out.append((key: "title", value: title)) }
            if let description = config["params"]?["description"] ?? config["description"] { out.append((key: "description", value: description)) }
            if let author = config["params"]?["author"] ?? config["author"] {
                if let name = author.scalarText { out.append((key: "author", value: .map([(key: "name", value: .text(name))]))) }
                else if let name = author["name"] {
                    out.append((key: "author", value: .map([(key: "name", value: name)] + (author["email"].map { [(key: "email", value: $0)] } ?? []))))
                }
            }
            if let base = config["baseURL"]?.scalarText, base.hasPrefix("http") {
                out.append((key: "base_url", value: .text(base.hasSuffix("/") ? base : base + "/")))
            }
            if let language = config["languageCode"]?.scalarText ?? config["defaultContentLanguage"]?.scalarText {
                out.append((key: "language", value: .text(language)))
            }
            if let zone = config["timeZone"]?.scalarText ?? config["timezone"]?.scalarText, TimeZone(identifier: zone) != nil {
                out.append((key: "timezone", value: .text(zone)))
            }
            if let per = config["pagination"]?["pagerSize"]?.scalarText ?? config["paginate"]?.scalarText, Int(per) != nil {
                out.append((key: "posts_per_page", value: .number(per)))
            }
            if blogbuildPattern != SiteConfig().postPermalink {
                out.append((key: "permalinks", value: .map([(key: "post", value: .text(blogbuildPattern))])))
            }
            let nav = self.nav()
            if !nav.isEmpty {
                out.append((key: "nav", value: .list(nav.map { .map([(key: "title", value: .text($0.title)), (key: "url", value: .text($0.url))]) })))
                report.count("menus.main → nav")
            }
            let known: Set<String> = ["title", "baseURL", "languageCode", "timeZone", "permalinks", "taxonomies", "params", "pagination",
                                      "paginate", "defaultContentLanguage", "menus", "menu"]
            let dropped = config.entries.map(\.key).filter { !known.contains($0) }
            if !dropped.isEmpty {
                report.skip("config", "not carried over (no blogbuild equivalent or theme settings): " + dropped.joined(separator: ", "))
            }
            return out
        }
    }
}
