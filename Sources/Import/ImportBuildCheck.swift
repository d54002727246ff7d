import Foundation
import Load
import Support
import Diagnostics
import Output
import BlogBuild
import Site

/// The import's promise: the site it writes builds. Before `import` finishes, the
/// written site is built in memory by the pipeline `build` runs (`SiteBuilder.render`,
/// the loader `check` uses), and each error is resolved by the least change that
/// keeps the most, a round at a time, since one fix can show the next error:
///
/// 1. two items on one URL: an alias the other item owns is dropped; a page (or a
///    post) whose own URL is taken, by another item or by a page blogbuild builds
///    itself (`/search/`, `/tags/`, a feed), moves to a URL of its own;
/// 2. a front-matter value blogbuild cannot read is kept as `imported_KEY`, where
///    a theme can still read it (`page.params.imported_KEY`);
/// 3. anything else: the item is written as a draft, which `build` leaves out;
/// 4. an item that fails even as a draft is written outside `content/`
///    (`imported-unbuilt/`), so nothing loads it.
///
/// Every change is named in IMPORT.md with the build's own message.
enum ImportBuildCheck {
    /// The folder, beside `content/`, of what could not be made to build.
    static let setAsideFolder = "imported-unbuilt"

    /// The errors `build` would stop on for the site folder `siteFolder` (no page is written).
    /// Images are processed into `cache`, as `build` does (an image libvips cannot read fails
    /// the build): the site's own cache, where the next `build` finds them.
    static func errors(siteFolder: URL, now: Date, cache: URL) -> [Diagnostic] {
        var request = BuildRequest(siteDirectory: siteFolder, mode: .build(includeDrafts: false), now: now)
        request.cacheDirectory = cache
        // A message quoting a file by its absolute path (libvips's) names the staging
        // folder, whose name holds the process id: as a site path, IMPORT.md is the same
        // from one import to the next.
        let folders = Set([siteFolder.standardizedFileURL.path, siteFolder.standardizedFileURL.resolvingSymlinksInPath().path])
        return SiteBuilder.render(request).diagnostics.filter { $0.severity.fails(in: .build(includeDrafts: false)) }.map {
            var error = $0
            for folder in folders { error.message = error.message.replacingOccurrences(of: folder + "/", with: "") }
            return error
        }
    }

    /// `site` with one change for each document, copy or site.yml key that `errors`
    /// blame; nil when no error could be blamed on anything the import wrote.
    static func resolving(_ site: ImportedSite, errors: [Diagnostic]) -> ImportedSite? {
        var site = site
        var changed = false
        var done: Set<String> = []
        var taken = Set(site.documents.map(\.path) + site.copies.map(\.path))
        // A link the build cannot follow (above content/, to a file that is no page): it led
        // nowhere on the old site either, so its text stays and the link goes. Every such
        // link of a document in one round (a note may hold dozens).
        var unlinked: Set<Diagnostic> = []
        for error in errors.sorted() where error.message.hasPrefix("link to '") {
            guard let line = error.line, let end = error.message.range(of: "': ", options: .backwards),
                  let i = site.documents.firstIndex(where: { $0.path == error.file }) else { continue }
            let link = String(error.message[error.message.index(error.message.startIndex, offsetBy: "link to '".count)..<end.lowerBound])
            guard unlink(link, line: line, in: &site.documents[i]) else { continue }
            site.report.leave(error.file, line: line, link, "\(error.message): written as the link's text alone so that the site builds; link it again by hand")
            unlinked.insert(error)
            changed = true
        }
        for error in errors.sorted() where !unlinked.contains(error) && done.insert(error.file).inserted {
            if error.file == "content/site.yml" {
                changed = dropConfigKey(at: error, in: &site) || changed
            } else if let i = site.documents.firstIndex(where: { $0.path == error.file }) {
                changed = true
                resolve(error, document: i, in: &site, taken: &taken)
            } else if let c = site.copies.firstIndex(where: { $0.path == error.file }) {
                changed = true
                let copy = site.copies.remove(at: c)
                site.report.leave(copy.path, line: nil, "static file", "not copied: \(error.message)")
            }
        }
        return changed ? site : nil
    }

    /// The build errors no change could resolve, named in IMPORT.md.
    static func leave(_ errors: [Diagnostic], in report: inout ImportReport) {
        for error in errors {
            report.leave(error.file, line: error.line, "build error", "\(error.message): the import could not resolve it; the site does not build until it is fixed")
        }
    }

    private static func resolve(_ error: Diagnostic, document i: Int, in site: inout ImportedSite, taken: inout Set<String>) {
        var document = site.documents[i]
        let prefix = "duplicate output path "
        if error.message.hasPrefix(prefix) {
            let url = String(error.message.dropFirst(prefix.count).prefix { $0 != ":" && $0 != " " })
            let owner = error.message.range(of: "written by both ").map { String(error.message[$0.upperBound...]) } ?? "another item"
            if removeAlias(url, from: &document) {
                site.report.leave(document.source, line: nil, url, "also the URL of another item (\(owner)), which keeps it; not an alias here")
                site.documents[i] = document
                return
            }
            if document.kind != .series {
                taken.remove(document.path)
                moveOff(url, &document, taken: &taken)
                taken.insert(document.path)
                site.report.leave(document.source, line: nil, url,
                                  "\(error.message); this \(document.kind == .post ? "post" : "page") moved to a URL of its own (\(document.path))")
                site.documents[i] = document
                return
            }
        }
        if let line = error.line, let key = frontMatterKey(at: line, in: document), !key.hasPrefix("imported_"),
           !["title", "date", "draft"].contains(key) {
            var name = "imported_" + key
            while document.fields.contains(where: { $0.key == name }) { name += "_" }
            if let k = document.fields.firstIndex(where: { $0.key == key }) { document.fields[k].key = name }
            site.report.leave(document.path, line: line, key, "\(error.message): blogbuild cannot read it, so it is kept as \(name) (a theme reads it as page.params.\(name))")
            site.documents[i] = document
            return
        }
        if document.fields.first(where: { $0.key == "draft" })?.value.bool != true {
            document.fields.removeAll { $0.key == "draft" || $0.key == "published" }
            document.fields.append((key: "draft", value: .bool(true)))
            let urls = document.oldURLs.isEmpty ? "" : "; until then its old URL is not answered ("
                + document.oldURLs.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (document.oldURLs.count > 3 ? ", ..." : "") + ")"
            site.report.leave(document.path, line: error.line, "build error", "\(error.message): written as a draft so that the site builds; fix it and remove draft: true" + urls)
            if document.kind == .post {
                site.report.counts["posts", default: 1] -= 1
                site.report.counts["drafts", default: 0] += 1
            }
            site.documents[i] = document
            return
        }
        site.documents.remove(at: i)
        if document.kind == .post { site.report.counts["drafts", default: 1] -= 1 }
        let path = setAsideFolder + "/" + document.path.dropFirst("content/".count)
        document.path = path
        site.setAside.append(document)
        site.report.leave(path, line: nil, "build error", "\(error.message): fails even as a draft, so it is written outside content/ for you to fix and move back")
    }

    /// Writes the Markdown link (or image) to `link` on file line `line` of the document
    /// as its text alone; whether there was one to write so. Only a link whose `[text]`
    /// and `(destination)` are on that line is rewritten.
    static func unlink(_ link: String, line: Int, in document: inout ImportedSite.Document) -> Bool {
        var lines = String(document.body.drop { $0 == "\n" }).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let k = line - ImportAssembler.bodyLine(document)
        guard k >= 0, k < lines.count else { return false }
        let chars = Array(lines[k])
        let wanted = SitePaths.percentDecoded(link)
        var i = 0
        while i + 1 < chars.count {
            defer { i += 1 }
            guard chars[i] == "]", chars[i + 1] == "(" else { continue }
            // The destination: `<...>`, or up to a space or the unbalanced `)`.
            var j = i + 2, destination = ""
            if j < chars.count, chars[j] == "<" {
                j += 1
                while j < chars.count, chars[j] != ">" { destination.append(chars[j]); j += 1 }
                j += 1
            } else {
                var depth = 0
                while j < chars.count, !chars[j].isWhitespace, chars[j] != ")" || depth > 0 {
                    if chars[j] == "(" { depth += 1 } else if chars[j] == ")" { depth -= 1 }
                    destination.append(chars[j]); j += 1
                }
            }
            guard SitePaths.percentDecoded(destination) == wanted,
                  let close = chars[min(j, chars.count)...].firstIndex(of: ")") else { continue }
            // The `[` that opens the text, brackets balanced.
            var open = i - 1, depth = 0
            while open >= 0 {
                if chars[open] == "]" { depth += 1 } else if chars[open] == "[" { if depth == 0 { break }; depth -= 1 }
                open -= 1
            }
            guard open >= 0 else { continue }
            let start = open > 0 && chars[open - 1] == "!" ? open - 1 : open
            lines[k] = String(chars[..<start]) + String(chars[(open + 1)..<i]) + String(chars[(close + 1)...])
            document.body = lines.joined(separator: "\n")
            return true
        }
        return false
    }

    /// Drops `url` from the document's aliases; whether it was one.
    private static func removeAlias(_ url: String, from document: inout ImportedSite.Document) -> Bool {
        let target = SiteURLs.outputPath(url)
        guard let k = document.fields.firstIndex(where: { $0.key == "aliases" }) else { return false }
        let aliases = document.fields[k].value.texts()
        let kept = aliases.filter { SiteURLs.outputPath($0) != target }
        guard kept.count < aliases.count else { return false }
        if kept.isEmpty { document.fields.remove(at: k) } else { document.fields[k].value = .list(kept.map(ImportValue.text)) }
        return true
    }

    /// Gives the document a URL of its own: a page loses its `permalink` and takes
    /// its file's name with `-page` (then `-2`, …); a post takes a slug with `-2`, ….
    private static func moveOff(_ url: String, _ document: inout ImportedSite.Document, taken: inout Set<String>) {
        let base = String(document.path.dropLast(3))
        switch document.kind {
        case .page:
            let hadPermalink = document.fields.contains { $0.key == "permalink" }
            document.fields.removeAll { $0.key == "permalink" }
            let stem = base.hasSuffix("/index") ? String(base.dropLast("/index".count)) : base
            let path = hadPermalink && !taken.contains(stem + ".md") ? stem + ".md" : stem + "-page.md"
            document.path = ImportAssembler.unique(path, taken: &taken)
        case .post:
            let name = PostLoader.nameForDateAndSlug(document.path)
            let written = document.fields.first { $0.key == "slug" }?.value.scalarText
            let slug = written ?? DateParsing.fileNamePrefix(name)?.rest ?? name
            var n = 2
            while taken.contains(base + "-\(n).md") { n += 1 }
            document.fields.removeAll { $0.key == "slug" }
            document.fields.append((key: "slug", value: .text("\(slug)-\(n)")))
            document.fields = ImportAssembler.ordered(document.fields)
        case .series:
            break
        }
    }

    /// The top-level front-matter key written on or above `line` of the document's file, if
    /// `line` is in its front matter.
    static func frontMatterKey(at line: Int, in document: ImportedSite.Document) -> String? {
        let lines = FrontMatterText.document(document.fields, body: "").split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 2, line - 1 < lines.count, lines[line - 1] != "---" else { return nil }
        for index in stride(from: line - 1, through: 1, by: -1) {
            let text = lines[index]
            guard let first = text.first, first != " ", first != "-", first != "#", let colon = text.firstIndex(of: ":") else { continue }
            return String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
        }
        return nil
    }

    /// Leaves out the site.yml key the error is on; whether there was one.
    private static func dropConfigKey(at error: Diagnostic, in site: inout ImportedSite) -> Bool {
        let document = ImportedSite.Document(kind: .page, path: "content/site.yml", fields: site.config, body: "", source: "content/site.yml")
        // site.yml is written without the `---` line the document form starts with.
        // A key that is missing is not resolved by leaving out the one written where the error points.
        guard !error.message.contains("is required"), let line = error.line, let key = frontMatterKey(at: line + 1, in: document),
              let k = site.config.firstIndex(where: { $0.key == key }) else { return false }
        site.config.remove(at: k)
        site.report.leave("content/site.yml", line: line, key, "\(error.message): left out so that the site builds; set it by hand")
        return true
    }
}
