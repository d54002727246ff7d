import Foundation

/// Checks what authors link to: every internal link, `#fragment` and image in
/// Markdown, and front-matter images, must resolve to a file the build writes.
/// Problems are warnings (so `build` shows them and `publish` fails on them),
/// reported at the line where the link is written.
struct LinkChecker {
    let baseURL: String
    /// Output paths (`2021/03/x/index.html`) → bytes, for fragment look-ups.
    let outputs: [String: OutputFile]

    func check(_ docs: [SourceDocument]) -> [Diagnostic] {
        let results = docs.parallelMap { doc in check(doc) }
        return results.flatMap { $0 }
    }

    /// `check`, reusing last build's findings for a document whose file (by load
    /// version) and URL are unchanged while the set of output paths is too. A
    /// document with a `#fragment` link depends on other pages' ids and is always checked.
    func check(_ docs: [SourceDocument], cache: LinkCache, version: (String) -> Int) -> [Diagnostic] {
        var pathsKey = 0
        for path in outputs.keys { pathsKey = pathsKey &+ path.hashValue }
        func hasFragment(_ ref: String) -> Bool { ref.utf8.contains(UInt8(ascii: "#")) }
        let keys = docs.map { doc -> Int? in
            if doc.rendered.links.contains(where: hasFragment) || doc.rendered.images.contains(where: hasFragment)
                || doc.frontMatterImages.contains(where: { hasFragment($0.image.src) }) { return nil }
            var h = Hasher()
            h.combine(version(doc.sourcePath))
            h.combine(doc.url)
            h.combine(pathsKey)
            return h.finalize()
        }
        let previous = cache.entries
        let results = Array(docs.indices).parallelMap { i -> [Diagnostic] in
            if let key = keys[i], let hit = previous[docs[i].sourcePath], hit.key == key { return hit.diagnostics }
            return check(docs[i])
        }
        var fresh: [String: LinkCache.Entry] = [:]
        fresh.reserveCapacity(docs.count)
        for i in docs.indices {
            if let key = keys[i] { fresh[docs[i].sourcePath] = LinkCache.Entry(key: key, diagnostics: results[i]) }
        }
        cache.entries = fresh
        cache.findings = Dictionary(zip(docs.map(\.sourcePath), results), uniquingKeysWith: { a, b in a + b })
        return results.flatMap { $0 }
    }

    private func check(_ doc: SourceDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var idsCache: [String: Set<String>] = [:]
        func ids(of outputPath: String) -> Set<String> {
            if let c = idsCache[outputPath] { return c }
            var found = Set<String>()
            if let f = outputs[outputPath], case .bytes(let bytes) = f.contents { found = Self.ids(in: bytes) }
            idsCache[outputPath] = found
            return found
        }
        let pageOutput = Route.outputPath(forSitePath: doc.url)

        func problem(_ ref: String, _ message: String, key: String? = nil) {
            var at = doc.location(of: "](\(ref)") ?? doc.location(of: "\"\(ref)\"") ?? doc.location(of: ref)
            if at != nil, doc.location(of: "](\(ref)") != nil { at?.column += 2 }
            if let key, let loc = doc.keyLocations[key] { at = loc }
            out.append(Diagnostic(file: doc.sourcePath, line: at?.line, column: at?.column, message: message, severity: .warning))
        }

        func verify(_ ref: String, isImage: Bool, key: String? = nil) {
            let trimmed = ref.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            var local = trimmed
            if local.hasPrefix(baseURL) {
                local = "/" + local.dropFirst(baseURL.count)
            } else if SitePaths.hasScheme(local) {
                return
            }
            let (rawPath, fragment) = SitePaths.split(local)
            let what = isImage ? "image" : "link"
            var targetOutput = pageOutput
            if !rawPath.isEmpty {
                let path = SitePaths.percentDecoded(rawPath)
                guard let site = SitePaths.resolve(path, against: SitePaths.folder(of: doc.url)) else {
                    problem(ref, "broken \(what) '\(ref)': it points above the site root", key: key)
                    return
                }
                guard let found = resolveOutput(site) else {
                    problem(ref, "broken \(what) '\(ref)': nothing is built at \(site)", key: key)
                    return
                }
                targetOutput = found
            }
            if let fragment, !fragment.isEmpty, targetOutput.hasSuffix(".html") {
                let id = SitePaths.percentDecoded(fragment)
                if !ids(of: targetOutput).contains(id) {
                    problem(ref, "broken link '\(ref)': no element with id '\(id)' on /\(targetOutput)", key: key)
                }
            }
        }

        for link in doc.rendered.links { verify(link, isImage: false) }
        for image in doc.rendered.images { verify(image, isImage: true) }
        for (key, image) in doc.frontMatterImages {
            verify(image.src, isImage: true, key: key)
            if (image.alt ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                let at = doc.keyLocations[key]
                out.append(Diagnostic(file: doc.sourcePath, line: at?.line, column: at?.column,
                                      message: "front matter: image '\(image.src)' has no alt text", severity: .warning))
            }
        }
        return out
    }

    /// The output file a site path names, trying `x`, `x/index.html`.
    private func resolveOutput(_ sitePath: String) -> String? {
        let direct = String(sitePath.dropFirst())
        if sitePath.hasSuffix("/") {
            let index = direct + "index.html"
            return outputs[index] != nil ? index : nil
        }
        if outputs[direct] != nil { return direct }
        let index = direct + "/index.html"
        return outputs[index] != nil ? index : nil
    }

    /// Every `id="…"` value in an HTML document.
    static func ids(in bytes: [UInt8]) -> Set<String> {
        var found = Set<String>()
        let n = bytes.count
        var i = 0
        while i + 4 < n {
            // ` id="` or ` id='`
            if bytes[i] == 0x69, bytes[i + 1] == 0x64, bytes[i + 2] == 0x3D, i > 0,
               bytes[i - 1] == 0x20 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x09 {
                let quote = bytes[i + 3]
                if quote == 0x22 || quote == 0x27 {
                    var j = i + 4
                    while j < n, bytes[j] != quote { j += 1 }
                    found.insert(String(decoding: bytes[(i + 4)..<j], as: UTF8.self))
                    i = j
                }
            }
            i += 1
        }
        return found
    }
}
