import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `load` read last time, so a rebuild reads again only the Markdown files
/// that changed on disk. A file is read again when its stamp (device, inode,
/// size, modification and change time) differs, or the site's time zone (which
/// dates without a zone are read in) changed; an editor's save always changes
/// the stamp.
///
/// Each loaded file gets a version number, new every time the file is read
/// again; later stages use it as "this file's contents" in their cache keys.
/// Not thread-safe: one build uses it at a time (`BuildCache` serialises builds).
final class ContentCache {
    struct Stamp: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64
    }

    struct Entry: Sendable {
        var stamp: Stamp
        var kind: ContentEntry.Kind
        var timeZone: String
        var result: (value: ContentLoader.Document?, diagnostics: [Diagnostic])
        var version: Int
    }

    private var entries: [String: Entry] = [:]
    private var nextVersion = 1
    /// Source path (`content/posts/x.md`) → version of what was loaded from it.
    private(set) var versions: [String: Int] = [:]

    /// The loaded document for each entry: from the cache when its file is unchanged.
    func load(_ markdown: [ContentEntry], timeZone: TimeZone) -> [(value: ContentLoader.Document?, diagnostics: [Diagnostic])] {
        let zone = timeZone.identifier
        let stamps = markdown.parallelMap { Self.stamp($0.absolutePath) }
        let previous = entries
        let results = Array(markdown.indices).parallelMap { i -> (Bool, (value: ContentLoader.Document?, diagnostics: [Diagnostic])) in
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

    /// The version of what was loaded from `sourcePath`; 0 when it was not loaded.
    func version(of sourcePath: String) -> Int { versions[sourcePath] ?? 0 }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let m = info.st_mtimespec, c = info.st_ctimespec
        #else
        let m = info.st_mtim, c = info.st_ctim
        #endif
        return Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
                     changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec))
    }
}
