import Foundation
import Load
import Markdown
import Support
import Diagnostics
import Output

/// Checks what authors link to: every internal link, `#fragment` and image in
/// Markdown, and front-matter images, must resolve to a file the build writes.
/// Problems are warnings (so `build` shows them and `publish` fails on them),
/// reported at the line where the link is written.
public struct LinkChecker: Sendable {
    public let baseURL: String
    /// Output paths (`2021/03/x/index.html`) → bytes, for fragment look-ups.
    public let outputs: [String: OutputFile]
    /// Output paths of pages not built because their files have errors (`Site.failedPageOutputs`):
    /// a link there is not a second problem.
    public var unbuilt: Set<String> = []
    /// Where the outputs that are `.written` (serve's unchanged pages) are, to read their ids.
    public var outputFolder: URL?

    public func check(_ docs: [SourceDocument]) -> [Diagnostic] {
        let results = docs.parallelMap { doc in
            var probes: [String: String?] = [:]
            return check(doc, probes: &probes)
        }
        return results.flatMap { $0 }
    }

    /// `probes` gets each site path the document links to, with the output file found (nil: none).
    public func check(_ doc: SourceDocument, probes: inout [String: String?]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var idsCache: [String: Set<String>] = [:]
        func ids(of outputPath: String) -> Set<String> {
            if let c = idsCache[outputPath] { return c }
            var found = Set<String>()
            if let bytes = outputs[outputPath]?.bytes(writtenIn: outputFolder) { found = Self.ids(in: bytes) }
            idsCache[outputPath] = found
            return found
        }
        let pageOutput = SiteURLs.outputPath(doc.url)

        // Each use is reported where it is written: Markdown links and images at
        // cmark's position of that use, front-matter images at their key.
        var bodyLines: [Substring]?
        func problem(_ ref: String, _ message: String, key: String?, position: SourceLocation?) {
            var at: SourceLocation?
            if let position {
                // At the URL when it is written on the link's line (`[x](URL)`, `<a href="URL">`),
                // else (a reference-style link) at the link.
                if bodyLines == nil { bodyLines = doc.body.split(separator: "\n", omittingEmptySubsequences: false) }
                var column = position.column
                if let lines = bodyLines, position.line <= lines.count {
                    let text = lines[position.line - 1].utf8
                    let from = text.index(text.startIndex, offsetBy: min(position.column - 1, text.count))
                    if let found = Self.find(Array(ref.utf8), in: text[from...]) {
                        column = text.distance(from: text.startIndex, to: found) + 1
                    }
                }
                at = SourceLocation(line: doc.bodyLine + position.line - 1, column: column)
            } else if let key {
                at = doc.keyLocations[key]
            }
            out.append(Diagnostic(file: doc.sourcePath, line: at?.line, column: at?.column, message: message, severity: .warning))
        }

        func verify(_ checked: String, isImage: Bool, key: String? = nil, shownAs written: String? = nil,
                    at position: SourceLocation? = nil) {
            let ref = written ?? checked
            let trimmed = checked.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            var local = trimmed
            if local.hasPrefix(baseURL) {
                local = "/" + local.dropFirst(baseURL.count)
            } else if URLReference.isExternal(local) {
                return
            }
            let (rawPath, fragment) = SitePaths.split(local)
            let what = isImage ? "image" : "link"
            var targetOutput = pageOutput
            if !rawPath.isEmpty {
                let path = SitePaths.percentDecoded(rawPath)
                guard let site = SitePaths.resolve(path, against: SitePaths.folder(of: doc.url)) else {
                    problem(ref, "broken \(what) '\(ref)': it points above the site root", key: key, position: position)
                    return
                }
                let resolved = resolveOutput(site)
                probes[site] = .some(resolved)
                guard let found = resolved else {
                    if !isImage, Self.isUnbuilt(site, in: unbuilt) { return }
                    // An image is a file the author puts in content/: name the file looked for. A relative
                    // one is looked for beside the Markdown file (`RelativeFiles` copies it beside the page).
                    let source = isImage && !local.hasPrefix("/") ? SitePaths.resolve(path, against: doc.sourceFolder) ?? site : site
                    problem(ref, isImage ? "broken image '\(ref)': there is no content\(source)" : "broken link '\(ref)': nothing is built at \(site)",
                            key: key, position: position)
                    return
                }
                targetOutput = found
            }
            if let fragment, !fragment.isEmpty, targetOutput.hasSuffix(".html") {
                let id = SitePaths.percentDecoded(fragment)
                if !ids(of: targetOutput).contains(id) {
                    problem(ref, "broken link '\(ref)': no element with id '\(id)' on /\(targetOutput)", key: key, position: position)
                }
            }
        }

        // A link still naming a .md file is one `MarkdownFileLinks` found no page for, and reported.
        for (link, position) in zip(doc.rendered.links, doc.rendered.linkPositions) where !MarkdownFileLinks.isMarkdownFileLink(link) {
            verify(link, isImage: false, at: position)
        }
        for (image, position) in zip(doc.rendered.images, doc.rendered.imagePositions) {
            verify(image, isImage: true, at: position)
        }
        // Another generator's syntax would show as text on the page.
        for found in doc.rendered.templateSyntax {
            out.append(Diagnostic(file: doc.sourcePath, line: doc.bodyLine + found.line - 1,
                                  message: "template syntax of another generator reaches the page as text: \(found.snippet) "
                                    + "(write it as Markdown, or put it in `code` if it is meant to show)",
                                  severity: .warning))
        }
        // Like a hero image's: a reader who cannot see the picture gets nothing.
        for index in doc.rendered.imagesWithoutAlt where index < doc.rendered.images.count {
            let image = doc.rendered.images[index]
            problem(image, "image '\(image)' has no alt text (describe it; alt=\"\" in an <img> marks a decorative one)",
                    key: nil, position: doc.rendered.imagePositions[index])
        }
        for (key, image) in doc.frontMatterImages {
            verify(ImageReference.sitePath(image.src, from: doc.sourcePath), isImage: true, key: key, shownAs: image.src)
            if (image.alt ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                let at = doc.keyLocations[key]
                out.append(Diagnostic(file: doc.sourcePath, line: at?.line, column: at?.column,
                                      message: "front matter: image '\(image.src)' has no alt text", severity: .warning))
            }
        }
        return out
    }

    /// Whether the page at `sitePath` (`/2026/11/kettle/`, or without the last `/`) is one of
    /// `unbuilt`'s output paths: a page left out for its file's errors.
    static func isUnbuilt(_ sitePath: String, in unbuilt: Set<String>) -> Bool {
        guard !unbuilt.isEmpty else { return false }
        return unbuilt.contains(SiteURLs.outputPath(sitePath)) || unbuilt.contains(SiteURLs.outputPath(sitePath + "/"))
    }

    /// Where `needle` first occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: Substring.UTF8View.SubSequence) -> String.Index? {
        guard !needle.isEmpty else { return nil }
        var i = haystack.startIndex
        while i < haystack.endIndex {
            if haystack[i...].starts(with: needle) { return i }
            i = haystack.index(after: i)
        }
        return nil
    }

    /// Every site path (with `#fragment`) that documents link to or show, as
    /// `PageLinkChecker` resolves the URLs of pages: what is left to this checker.
    public static func targets(of docs: [SourceDocument], baseURL: String) -> Set<String> {
        var out = Set<String>()
        func add(_ ref: String, against page: String) {
            var local = ref.trimmingCharacters(in: .whitespaces)
            if local.hasPrefix(baseURL) {
                local = "/" + local.dropFirst(baseURL.count)
            } else if local.isEmpty || URLReference.isExternal(local) {
                return
            }
            let (rawPath, fragment) = SitePaths.split(local)
            let suffix = fragment.map { "#" + $0 } ?? ""
            if rawPath.isEmpty {
                out.insert(page + suffix)
            } else if let resolved = SitePaths.resolve(rawPath, against: SitePaths.folder(of: page)) {
                out.insert(resolved + suffix)
            }
        }
        for doc in docs {
            for ref in doc.rendered.links { add(ref, against: doc.url) }
            for ref in doc.rendered.images { add(ref, against: doc.url) }
            for (_, image) in doc.frontMatterImages { add(ImageReference.sitePath(image.src, from: doc.sourcePath), against: doc.url) }
        }
        return out
    }

    /// The output file a site path names, trying `x`, `x/index.html`, `x/index.xml`.
    public func resolveOutput(_ sitePath: String) -> String? {
        Self.resolveOutput(sitePath, in: outputs)
    }

    /// The output file a site path names in `outputs`, trying `x`, then for a folder
    /// its `index.html` and, as a static host does, its `index.xml` (a feed: `FeedAddress`).
    public static func resolveOutput(_ sitePath: String, in outputs: [String: OutputFile]) -> String? {
        let direct = String(sitePath.dropFirst())
        if !sitePath.hasSuffix("/"), outputs[direct] != nil { return direct }
        let folder = sitePath.hasSuffix("/") ? direct : direct + "/"
        return [folder + "index.html", folder + FeedAddress.folderFile].first { outputs[$0] != nil }
    }

    /// Every fragment target in an HTML document (`id`, and `name` on `<a>`).
    static func ids(in bytes: [UInt8]) -> Set<String> {
        PageLinks.scan(bytes).ids
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(
        baseURL: String,
        outputs: [String: OutputFile],
        unbuilt: Set<String> = [],
        outputFolder: URL? = nil
    ) {
        self.baseURL = baseURL
        self.outputs = outputs
        self.unbuilt = unbuilt
        self.outputFolder = outputFolder
    }
}
