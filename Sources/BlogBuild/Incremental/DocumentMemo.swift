import Foundation
import Load
import Support
import Diagnostics

/// The load stage's Markdown files from the last build, so a rebuild reads again
/// only the files that changed on disk: a file is read again when its stamp
/// (`FileStamp`) differs, or the site's time zone (which dates without a zone are
/// read in) changed.
///
/// Each loaded file gets a version number, new every time the file is read
/// again; the keys of later stages use it as "this file's contents".
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
final class DocumentMemo {
    typealias Loaded = (value: ContentLoader.Document?, diagnostics: [Diagnostic])

    private struct Entry {
        var stamp: FileStamp
        var kind: ContentEntry.Kind
        var timeZone: String
        var result: Loaded
        var version: Int
    }

    private var entries: [String: Entry] = [:]
    private var nextVersion = 1
    /// Source path (`content/posts/x.md`) → version of what was loaded from it.
    private(set) var versions: [String: Int] = [:]

    /// The last survey, and the site it was made of.
    private var lastSurvey: (site: URL, survey: ContentSurvey, paths: Set<String>)?

    /// `ContentLoader.load`, reading only the Markdown files that changed since the last call.
    ///
    /// `changed`: the files (absolute paths) that changed since the last call, when the
    /// caller knows them exactly (the dev server's watcher). When each one under content/
    /// is a file the last survey found and still there, and site.yml is not among them,
    /// the folder is not walked again and only those files are looked at.
    func load(siteDirectory: URL, changed: Set<String>? = nil) -> LoadedContent {
        let survey: ContentSurvey
        var onlyThese: Set<String>?
        let contentFolder = siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        if let changed, let last = lastSurvey, last.site == siteDirectory,
           // Files outside content/ (templates) are not loaded here. A file that is gone and
           // was not there last time came and went (an editor's temporary file, renamed over
           // the one it saves); any other change needs a walk.
           changed.allSatisfy({ path in
               !path.hasPrefix(contentFolder)
                   || (FileManager.default.fileExists(atPath: path) ? last.paths.contains(path) : !last.paths.contains(path))
           }),
           !last.survey.entries.contains(where: { $0.kind == .config && changed.contains($0.absolutePath) }) {
            survey = last.survey
            onlyThese = changed
        } else {
            survey = ContentLoader.survey(siteDirectory: siteDirectory)
            lastSurvey = (siteDirectory, survey, Set(survey.entries.map(\.absolutePath)))
        }
        return ContentLoader.assemble(survey, load(survey.markdown, timeZone: survey.config.timeZone, onlyThese: onlyThese))
    }

    /// The loaded document for each entry: the last build's when its file is unchanged
    /// (by stamp; with `onlyThese`, every other file is taken as unchanged).
    private func load(_ markdown: [ContentEntry], timeZone: TimeZone, onlyThese: Set<String>?) -> [Loaded] {
        if let onlyThese { return load(markdown, timeZone: timeZone, onlyThese: onlyThese) }
        let zone = timeZone.identifier
        let known = entries
        let stamps = markdown.parallelMap { entry -> FileStamp? in
            if let onlyThese, !onlyThese.contains(entry.absolutePath), let hit = known[entry.absolutePath] { return hit.stamp }
            return FileStamp.of(entry.absolutePath)
        }
        let previous = entries
        let results = Array(markdown.indices).parallelMap { i -> (reused: Bool, Loaded) in
            let entry = markdown[i]
            if let stamp = stamps[i], let hit = previous[entry.absolutePath], hit.stamp == stamp, hit.kind == entry.kind,
               hit.timeZone == zone {
                return (true, hit.result)
            }
            return (false, ContentLoader.loadDocument(entry, timeZone: timeZone))
        }
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(markdown.count)
        versions = [:]
        versions.reserveCapacity(markdown.count)
        for i in markdown.indices {
            let entry = markdown[i], stamp = stamps[i], (reused, result) = results[i]
            let version: Int
            if reused, let hit = previous[entry.absolutePath] {
                version = hit.version
            } else {
                version = nextVersion
                nextVersion += 1
            }
            versions[entry.sitePath] = version
            // A file that could not be stat'ed is read every time (its stamp is unknown).
            if let stamp {
                fresh[entry.absolutePath] = Entry(stamp: stamp, kind: entry.kind, timeZone: zone, result: result, version: version)
            }
        }
        entries = fresh
        return results.map { $0.1 }
    }

    /// `load` when the survey is the last one and only `onlyThese` may have changed:
    /// every other entry is the last build's, and the memo is updated in place
    /// rather than made again, so an edit costs its files, not the site's.
    private func load(_ markdown: [ContentEntry], timeZone: TimeZone, onlyThese: Set<String>) -> [Loaded] {
        let zone = timeZone.identifier
        var results: [Loaded] = []
        results.reserveCapacity(markdown.count)
        for entry in markdown {
            let hit = entries[entry.absolutePath]
            if let hit, !onlyThese.contains(entry.absolutePath) {
                results.append(hit.result)
                continue
            }
            let stamp = FileStamp.of(entry.absolutePath)
            if let stamp, let hit, hit.stamp == stamp, hit.kind == entry.kind, hit.timeZone == zone {
                results.append(hit.result)
                continue
            }
            let result = ContentLoader.loadDocument(entry, timeZone: timeZone)
            let version = nextVersion
            nextVersion += 1
            versions[entry.sitePath] = version
            // A file that could not be stat'ed is read every time (its stamp is unknown).
            entries[entry.absolutePath] = stamp.map { Entry(stamp: $0, kind: entry.kind, timeZone: zone, result: result, version: version) }
            results.append(result)
        }
        return results
    }

    /// A Markdown file the last walk did not find, now at `path` (absolute; `relativePath`
    /// under content/): added to the last walk and loaded, with a new version.
    /// Nil without a last walk.
    func add(_ path: String, relativePath: String) -> (entry: ContentEntry, loaded: Loaded)? {
        guard var last = lastSurvey, !last.paths.contains(path) else { return nil }
        lastSurvey = nil  // changed in place, not copied
        let entry = ContentEntry(relativePath: relativePath, absolutePath: path, kind: ContentEntry.kind(of: relativePath))
        last.survey.entries.append(entry)
        last.paths.insert(path)
        lastSurvey = last
        return reload(path)
    }

    /// A file of the last walk that is gone: taken out of the walk and the memo.
    func remove(_ path: String) {
        guard var last = lastSurvey, last.paths.contains(path) else { return }
        lastSurvey = nil  // changed in place, not copied
        if let at = last.survey.entries.firstIndex(where: { $0.absolutePath == path }) {
            versions[last.survey.entries[at].sitePath] = nil
            last.survey.entries.remove(at: at)
        }
        last.paths.remove(path)
        lastSurvey = last
        entries[path] = nil
    }

    /// Whether the last walk of content/ found the file at `path` (absolute).
    func wasFound(_ path: String) -> Bool { lastSurvey?.paths.contains(path) ?? false }

    /// The Markdown file at `path` (absolute), which the last walk found, read again
    /// if its stamp changed (with a new version), as `load` would; the memo is updated
    /// in place. Nil when the last walk did not find it as a Markdown file.
    func reload(_ path: String) -> (entry: ContentEntry, loaded: Loaded)? {
        guard let last = lastSurvey, last.paths.contains(path),
              // The walk's entries, not `markdown` (a filtered copy of all of them), searched in place.
              let entry = last.survey.entries.first(where: { $0.absolutePath == path && ContentSurvey.isMarkdown($0.kind) })
        else { return nil }
        let timeZone = last.survey.config.timeZone
        let zone = timeZone.identifier
        let stamp = FileStamp.of(path)
        if let stamp, let hit = entries[path], hit.stamp == stamp, hit.kind == entry.kind, hit.timeZone == zone {
            return (entry, hit.result)
        }
        let result = ContentLoader.loadDocument(entry, timeZone: timeZone)
        let version = nextVersion
        nextVersion += 1
        versions[entry.sitePath] = version
        entries[path] = stamp.map { Entry(stamp: $0, kind: entry.kind, timeZone: zone, result: result, version: version) }
        return (entry, result)
    }


    /// The version of what was loaded from `sourcePath`; 0 when it was not loaded.
    func version(of sourcePath: String) -> Int { versions[sourcePath] ?? 0 }
}
