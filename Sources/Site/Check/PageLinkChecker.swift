import Foundation
import Support
import Diagnostics
import Output

/// Checks every URL of every generated HTML page, template-made ones included
/// (app cards, navigation, feeds' links, pagination): each internal `href`, `src`,
/// `srcset` candidate and `#fragment` must resolve to a file the build writes.
///
/// What Markdown or front matter wrote is reported by `LinkChecker` at the line
/// where it is written, so a URL a document wrote is left to it here. The rest is
/// reported once per URL at the line of the template (or `site.yml`) that writes
/// it, when it is written there literally, with the number of pages it is on.
public struct PageLinkChecker: Sendable {
    /// `base_url`, ending in `/`.
    let baseURL: String
    /// The path part of `base_url` (`/blog/`): pages link root-relative under it in `build`.
    let basePath: String
    public let outputs: [String: OutputFile]
    /// Texts to look for a URL in, to say where it comes from: `site.yml` and the templates.
    let sources: [(label: String, text: String)]
    /// Output paths of pages not built because their files have errors (`Site.failedPageOutputs`):
    /// a link there (`nav:` to `/about/` while about.md has an error) is not a second problem.
    public var unbuilt: Set<String> = []
    /// Where the outputs that are `.written` (serve's unchanged pages) are, to read them.
    public var outputFolder: URL?

    public init(baseURL: String, outputs: [String: OutputFile], sources: [(label: String, text: String)]) {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        self.basePath = URLMaker(baseURL: baseURL, absolute: false).basePath
        self.outputs = outputs
        self.sources = sources
    }

    /// A URL of a page that does not resolve.
    /// Why nothing answers at `sitePath`. An image is a file the author puts in content/
    /// (a static file is published at its path there): name that file.
    static func nothingAt(_ sitePath: String, isImage: Bool) -> String {
        isImage ? "there is no content\(sitePath)" : "nothing is built at \(sitePath)"
    }

    struct Broken: Sendable, Hashable {
        /// As the page has it.
        var url: String
        var isImage: Bool
        /// Why, the same on every page with this URL (`no element with id 'x'` for
        /// `#x` alone, whichever page it is on).
        var reason: String
    }

    /// What was found on one page, with what that depends on besides its bytes.
    public struct PageFindings: Sendable {
        var found: [(Broken, target: String)]
        /// The other pages whose ids it looked at for a `#fragment` (output paths).
        public var fragmentTargets: Set<String>
        /// Every site path the page links to, as its id in the `LinkProbes` the
        /// findings were made with (which holds the output file it resolved to), sorted.
        public var probes: [Int32]
    }

    /// The generated HTML pages, by output path, sorted.
    public var pages: [String] { outputs.keys.filter { $0.hasSuffix(".html") }.sorted() }

    /// The broken URLs of the generated pages, less those `written` (site paths with
    /// `#fragment`, as `target`) by documents, one diagnostic per URL.
    public func check(writtenByDocuments written: () -> Set<String>) -> [Diagnostic] {
        let pages = self.pages
        return report(pages, findings(for: pages), writtenByDocuments: written)
    }

    /// What each of `pages` (output paths) shows that does not resolve, on all cores.
    func findings(for pages: [String]) -> [PageFindings?] {
        var probes = LinkProbes()
        probes.recording = false
        return findings(for: pages, knowing: [:], keepVerdicts: false, probes: &probes).findings
    }

    /// `findings`, starting from `known` verdicts on page-independent URLs (valid
    /// while the set of output paths is the one they were made with); with
    /// `keepVerdicts`, also every verdict known at the end. The site paths the pages
    /// look up go to `probes` (their resolutions replacing those there), and the
    /// findings name them by their ids there.
    public func findings(for pages: [String], knowing known: [String: Known], keepVerdicts: Bool,
                  probes: inout LinkProbes) -> (findings: [PageFindings?], verdicts: [String: Known]) {
        // In runs of pages, so the verdicts on URLs every page repeats (navigation,
        // feeds, tags) are worked out once per run.
        let run = 64
        let runs = stride(from: 0, to: pages.count, by: run).map { pages[$0..<min($0 + run, pages.count)] }
        let recording = probes.recording
        let checked = runs.parallelMap { paths -> (findings: [PageFindings?], verdicts: [String: Known], probes: LinkProbes) in
            // Known verdicts are read where they are; new ones go to this run's own memo,
            // and the site paths looked up to its own table.
            var memo: [String: Known] = [:]
            var runProbes = LinkProbes()
            runProbes.recording = recording
            let findings = paths.map { path -> PageFindings? in
                guard let bytes = outputs[path]?.bytes(writtenIn: outputFolder) else { return nil }
                var fragmentTargets = Set<String>()
                var probed: [Int32] = []
                let found = brokenURLs(in: bytes, at: path, earlier: known, memo: &memo, fragmentTargets: &fragmentTargets,
                                      probes: &runProbes, probed: &probed)
                return PageFindings(found: found, fragmentTargets: fragmentTargets, probes: probed)
            }
            return (findings, keepVerdicts ? memo : [:], runProbes)
        }
        var verdicts = known
        if keepVerdicts { for run in checked where !run.verdicts.isEmpty { verdicts.merge(run.verdicts) { a, _ in a } } }
        guard probes.recording else { return (checked.flatMap(\.findings), verdicts) }
        var all: [PageFindings?] = []
        all.reserveCapacity(pages.count)
        for run in checked {
            let ids = probes.absorb(run.probes)
            for var found in run.findings {
                if var probed = found?.probes.map({ ids[Int($0)] }) {
                    probed.sort()
                    found?.probes = probed.enumerated().compactMap { i, id in i > 0 && probed[i - 1] == id ? nil : id }
                }
                all.append(found)
            }
        }
        return (all, verdicts)
    }

    /// The diagnostics for `findings` of `pages` (in the same order).
    public func report(_ pages: [String], _ checked: [PageFindings?], writtenByDocuments written: () -> Set<String>) -> [Diagnostic] {
        let perPage = checked.map { $0?.found ?? [] }
        guard perPage.contains(where: { !$0.isEmpty }) else { return [] }
        let fromDocuments = written()
        var byURL: [Broken: [String]] = [:]
        var order: [Broken] = []
        for (page, found) in zip(pages, perPage) {
            for (broken, target) in found where !fromDocuments.contains(target)
                && !LinkChecker.isUnbuilt(SitePaths.percentDecoded(SitePaths.split(target).path), in: unbuilt) {
                if byURL[broken] == nil { order.append(broken) }
                if byURL[broken]?.last != page { byURL[broken, default: []].append(page) }
            }
        }
        var out: [Diagnostic] = []
        for broken in order {
            let onPages = byURL[broken] ?? []
            let first = "/" + (onPages.first.map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 } ?? "")
            let pagesText = onPages.count == 1 ? "on \(first)" : "on \(onPages.count) pages (first \(first))"
            let what = broken.isImage ? "image" : "link"
            let message = "broken \(what) '\(broken.url)' \(pagesText): \(broken.reason)"
            if let (label, line, column) = whereWritten(broken.url) {
                out.append(Diagnostic(file: label, line: line, column: column, message: message, severity: .warning))
            } else {
                out.append(Diagnostic(file: "(templates)", message: message + " (made by the templates from data)", severity: .warning))
            }
        }
        return out
    }

    /// What a URL that means the same on every page (absolute, or root-relative
    /// with no fragment) comes to: fine, broken, or not this site's.
    enum Verdict: Sendable {
        case fine
        case notOurs
        case broken(reason: String, target: String)
    }

    /// A verdict, with the site path it looked up among the output files and what it found.
    public struct Known: Sendable {
        var verdict: Verdict
        public var probe: (sitePath: String, output: String?)?
    }

    /// The broken URLs of one page (output path `path`, `2021/03/x/index.html`),
    /// each with the site path (and `#fragment`) it was resolved to. `memo` keeps
    /// the verdicts on page-independent URLs between pages (`earlier`: those of
    /// earlier builds, read only); `fragmentTargets` gets
    /// the other pages whose ids it looked at.
    /// `probes` gets every site path it looked up among the output files, with the file
    /// found, and `probed` their ids there.
    func brokenURLs(in bytes: [UInt8], at path: String, earlier: [String: Known] = [:], memo: inout [String: Known],
                    fragmentTargets: inout Set<String>, probes: inout LinkProbes,
                    probed: inout [Int32]) -> [(Broken, target: String)] {
        let scan = PageLinks.scan(bytes)
        let pagePath = "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
        var out: [(Broken, target: String)] = []
        var otherIDs: [String: Set<String>] = [:]
        for ref in scan.references {
            // `#x`: a place on this page (skip links, footnotes, headings), the commonest kind.
            if ref.url.utf8.first == UInt8(ascii: "#") {
                // By bytes: `#` and the variation selectors after it (`#️-x`) are one Character to Swift.
                let id = SitePaths.percentDecoded(String(decoding: ref.url.utf8.dropFirst(), as: UTF8.self))
                if !id.isEmpty, !scan.ids.contains(id) {
                    out.append((Broken(url: ref.url, isImage: ref.isImage, reason: "no element with id '\(id)' on the page"),
                                pagePath + ref.url))
                }
                continue
            }
            let independent = (ref.url.hasPrefix("/") || ref.url.hasPrefix(baseURL)) && !ref.url.utf8.contains(UInt8(ascii: "#"))
            if independent, let known = earlier[ref.url] ?? memo[ref.url] {
                if let probe = known.probe { probed.append(probes.record(probe.sitePath, probe.output)) }
                if case .broken(var reason, let target) = known.verdict {
                    // Known from the URL's first use, a link or an image: say it for this one.
                    if let probe = known.probe, probe.output == nil { reason = Self.nothingAt(probe.sitePath, isImage: ref.isImage) }
                    out.append((Broken(url: ref.url, isImage: ref.isImage, reason: reason), target))
                }
                continue
            }
            guard let target = sitePath(ref.url, pagePath: pagePath) else {
                if independent { memo[ref.url] = Known(verdict: .notOurs) }
                continue
            }
            let (rawPath, fragment) = SitePaths.split(target)
            var targetOutput = path
            var probe: (sitePath: String, output: String?)?
            if rawPath != pagePath {
                let decoded = SitePaths.percentDecoded(rawPath)
                let resolved = LinkChecker.resolveOutput(decoded, in: outputs)
                probe = (decoded, resolved)
                probed.append(probes.record(decoded, resolved))
                guard let found = resolved else {
                    let reason = Self.nothingAt(decoded, isImage: ref.isImage)
                    if independent { memo[ref.url] = Known(verdict: .broken(reason: reason, target: target), probe: probe) }
                    out.append((Broken(url: ref.url, isImage: ref.isImage, reason: reason), target))
                    continue
                }
                targetOutput = found
            }
            // A link to the page itself is fine here only: not a verdict for other pages.
            if independent, probe != nil { memo[ref.url] = Known(verdict: .fine, probe: probe) }
            guard let fragment, !fragment.isEmpty, targetOutput.hasSuffix(".html") else { continue }
            let id = SitePaths.percentDecoded(fragment)
            let ids: Set<String>
            if targetOutput == path {
                ids = scan.ids
            } else if let known = otherIDs[targetOutput] {
                ids = known
            } else {
                var found = Set<String>()
                if let other = outputs[targetOutput]?.bytes(writtenIn: outputFolder) {
                    found = PageLinks.scan(other).ids
                    fragmentTargets.insert(targetOutput)
                }
                otherIDs[targetOutput] = found
                ids = found
            }
            if !ids.contains(id) {
                let reason = targetOutput == path && rawPath == pagePath && SitePaths.split(ref.url).path.isEmpty
                    ? "no element with id '\(id)' on the page" : "no element with id '\(id)' on /\(targetOutput)"
                out.append((Broken(url: ref.url, isImage: ref.isImage, reason: reason), target))
            }
        }
        return out
    }

    /// The site path (with `#fragment`, without query) a URL of the page at
    /// `pagePath` (`/2021/03/x/`) points at, or nil when it is not this site's
    /// (another scheme or host, a root-relative path outside `base_url`'s path, empty).
    func sitePath(_ url: String, pagePath: String) -> String? {
        let trimmed = url.first == " " || url.last == " " ? url.trimmingCharacters(in: .whitespaces) : url
        guard !trimmed.isEmpty else { return nil }
        var local = trimmed
        if local.hasPrefix(baseURL) {
            local = "/" + local.dropFirst(baseURL.count)
        } else if URLReference.isExternal(local) {
            return nil
        } else if local.hasPrefix("/") {
            guard local.hasPrefix(basePath) || local + "/" == basePath else { return nil }
            local = "/" + local.dropFirst(min(basePath.count, local.count))
        }
        let (rawPath, fragment) = SitePaths.split(local)
        let suffix = fragment.map { "#" + $0 } ?? ""
        // `#x` and `?q` alone point into the page itself.
        if rawPath.isEmpty { return suffix.isEmpty ? nil : pagePath + suffix }
        guard let resolved = SitePaths.resolve(rawPath, against: SitePaths.folder(of: pagePath)) else { return nil }
        return resolved + suffix
    }

    /// The first place a source text writes `url` literally: label, line, column.
    private func whereWritten(_ url: String) -> (String, Int, Int)? {
        var candidates = [url]
        if url.hasPrefix(baseURL) { candidates.append("/" + url.dropFirst(baseURL.count)) }
        if basePath != "/", url.hasPrefix(basePath) { candidates.append("/" + url.dropFirst(basePath.count)) }
        for (label, text) in sources {
            for candidate in candidates {
                guard let range = text.range(of: candidate) else { continue }
                let before = text[..<range.lowerBound]
                let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                return (label, line, text.utf8.distance(from: lineStart, to: range.lowerBound) + 1)
            }
        }
        return nil
    }
}
