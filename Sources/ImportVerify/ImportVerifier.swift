import Foundation
import Yams
import Support
import Diagnostics
import Output
import BlogBuild
import Import
import Feeds

/// `import --verify`: the user's own blog as the test. The old site is built with
/// its own generator (Hugo, Jekyll) into a temporary folder, or for WordPress read
/// from the export; the imported site is built by blogbuild in memory (the user's
/// `public/` is not touched); every old HTML page and feed is then looked up in
/// the new build.
public enum ImportVerifier {
    /// A feed keeps its readers when its newest entries are the same: this many are compared.
    public static let newestEntries = 5

    /// The generator that builds a site of `kind` (`hugo`, `jekyll`); nil for a WordPress export.
    public static func generatorName(_ kind: ImportKind) -> String? {
        switch kind {
        case .hugo: return "hugo"
        case .jekyll: return "jekyll"
        case .wordpress: return nil
        }
    }

    /// The generator's executable on `PATH`, or nil.
    public static func findGenerator(_ kind: ImportKind) -> URL? {
        generatorName(kind).flatMap { GeneratorProcess.find($0) }
    }

    /// Why verification could not run at all: the old site could not be built or read.
    public struct Failure: Error, Sendable {
        public var message: String
        /// What was tried, one line each.
        public var notes: [String]
    }

    /// Verifies the import in `site` (written from `source`, of `kind`). `generator` is
    /// the `hugo` or `jekyll` executable (ignored for WordPress); `cacheDirectory` the
    /// image cache the new site's build uses (nil: the site's own, as `build` would).
    public static func verify(_ kind: ImportKind, source: URL, site: URL, generator: URL?,
                              cacheDirectory: URL? = nil) throws(Failure) -> VerifyReport {
        let listing: OldSiteListing
        var oldIDs: [String: [String]] = [:]
        var oldAway: [String: String] = [:]
        var notes: [String] = []
        let oldSite: String
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("blogbuild-verify-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        switch kind {
        case .wordpress:
            let old: WordPressOldSite
            do { old = try WordPressOldSite.read(source) } catch {
                throw Failure(message: "cannot read the export: \(error.message)", notes: [])
            }
            listing = old.listing
            oldIDs = old.feedIDs
            oldSite = "the export's published item links, and its feeds (`/feed/`, each category's and tag's)"
            if old.queryLinks > 0 {
                notes.append("\(old.queryLinks) item link\(old.queryLinks == 1 ? "" : "s") with a query (`/?p=ID`) not counted: a static site cannot answer a query")
            }
        case .hugo, .jekyll:
            guard let generator else {
                throw Failure(message: "`\(kind.rawValue)` is not on PATH", notes: [])
            }
            do { try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true) } catch {
                throw Failure(message: "cannot make a temporary folder: \(error.localizedDescription)", notes: [])
            }
            let built: OldSiteBuild
            do { built = try OldSiteBuild.build(kind, source: source, generator: generator, work: work) } catch {
                throw Failure(message: error.message, notes: error.notes)
            }
            oldSite = "built with \(built.how) into a temporary folder, offline"
            notes = built.notes
            listing = OldSiteListing.list(built.output)
            for page in listing.pages {
                // An old page that only sent readers to another host (`redirect_to:` a URL):
                // the new site keeps it by sending them to the same place.
                let path = SitePaths.percentDecoded(page.hasSuffix("/") ? page + "index.html" : page)
                if let handle = FileHandle(forReadingAtPath: built.output.path + path) {
                    let head = (try? handle.read(upToCount: NewSiteAnswers.refreshWindow)) ?? nil
                    try? handle.close()
                    if let head, let target = NewSiteAnswers.refreshTarget([UInt8](head)), target.contains("://") {
                        oldAway[page] = target
                    }
                }
            }
            for feed in listing.feeds {
                let file = built.output.appendingPathComponent(SitePaths.percentDecoded(feed))
                let ids = FileManager.default.contents(atPath: file.path).flatMap { FeedEntryIDs.ids([UInt8]($0)) } ?? []
                oldIDs[feed] = Array(ids.prefix(newestEntries))
            }
        }

        var request = BuildRequest(siteDirectory: site, mode: .build(includeDrafts: false))
        // The site's own cache (nil: `SITE/.blogbuild-cache`), where the import's build check
        // left the processed images: they are not made twice.
        request.cacheDirectory = cacheDirectory
        let rendered = SiteBuilder.render(request)
        if !rendered.isWritable(in: request.mode) {
            let first = rendered.diagnostics.first { $0.severity.fails(in: request.mode) }?.description ?? "errors"
            let why = "the imported site does not build: \(first)"
            return VerifyReport(oldSite: oldSite, notes: notes,
                                pages: listing.pages.map { .init(url: $0, outcome: .lost(why)) },
                                feeds: listing.feeds.map { .init(url: $0, outcome: .lost(why)) })
        }
        let new = NewSiteAnswers(files: rendered.files, baseURL: baseURL(of: site))
        if !new.hasAddress, !listing.feeds.isEmpty {
            notes.append("the site has no address yet (content/site.yml's base_url is the placeholder): feed entry ids are compared "
                         + "without their host, which is the address you write there")
        }
        return VerifyReport(oldSite: oldSite, notes: notes,
                            pages: listing.pages.map { .init(url: $0, outcome: new.answer($0, oldTarget: oldAway[$0])) },
                            feeds: listing.feeds.map { .init(url: $0, outcome: new.answerFeed($0, oldIDs: oldIDs[$0] ?? [])) })
    }

    /// `base_url` of the site's `content/site.yml`, or nil.
    static func baseURL(of site: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: site.appendingPathComponent("content/site.yml").path),
              let config = (try? Yams.load(yaml: String(decoding: data, as: UTF8.self))) as? [String: Any] else { return nil }
        return config["base_url"] as? String
    }
}
