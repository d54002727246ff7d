import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A polling watcher over a site's `content/` and `templates/` (recursively; new
/// folders are picked up because every poll walks the whole tree), woken by inotify
/// on Linux (`InotifyWatcher`) and polling elsewhere or when inotify is unusable.
public struct SiteWatcher: Sendable {
    /// Size, modification time, inode and kind of one path: any save changes one of them.
    struct Stamp: Hashable, Sendable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
        var mode: UInt32

        var isFolder: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    }

    /// Every watched path and its stamp at one moment.
    public struct Snapshot: Equatable, Sendable {
        var stamps: [String: Stamp]
    }

    public var folders: [URL]
    /// Paths left out with everything under them (an output folder inside `content/`
    /// must not trigger rebuilds of itself).
    public var excluded: [String]
    public var interval: Duration
    /// How `nextChange` waits.
    public var mechanism: Mechanism = .automatic

    public enum Mechanism: Sendable {
        /// inotify on Linux when it works, polling otherwise.
        case automatic
        /// Polling every `interval`, everywhere.
        case polling
    }

    public init(siteDirectory: URL, excluding: [URL] = [], interval: Duration = .milliseconds(300)) {
        self.folders = [siteDirectory.appendingPathComponent("content"),
                        siteDirectory.appendingPathComponent("templates")]
        self.excluded = excluding.map { $0.standardizedFileURL.path }
        self.interval = interval
    }

    /// Watches `folders` (recursively) instead of a site's `content/` and `templates/`.
    public init(folders: [URL], excluding: [URL] = [], interval: Duration = .milliseconds(300)) {
        self.folders = folders
        self.excluded = excluding.map { $0.standardizedFileURL.path }
        self.interval = interval
    }

    /// Files (not folders) added, changed or removed between two snapshots, as paths
    /// relative to `folder` with a leading `/` (`/posts/x/index.html`), sorted.
    public static func changedFiles(from old: Snapshot, to new: Snapshot, under folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        var changed: [String] = []
        for (path, stamp) in new.stamps where old.stamps[path] != stamp && !stamp.isFolder {
            changed.append(path)
        }
        for (path, stamp) in old.stamps where new.stamps[path] == nil && !stamp.isFolder {
            changed.append(path)
        }
        return changed.compactMap { path in
            path.hasPrefix(prefix) ? "/" + path.dropFirst(prefix.count) : nil
        }.sorted()
    }

    private func isExcluded(_ path: String) -> Bool {
        excluded.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    public func snapshot() -> Snapshot {
        var stamps: [String: Stamp] = [:]
        for folder in folders {
            let base = folder.standardizedFileURL.path
            guard !isExcluded(base), let root = Self.stamp(base) else { continue }
            stamps[base] = root
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = base + "/" + relative
                if isExcluded(path) {
                    walker.skipDescendants()
                    continue
                }
                if let stamp = Self.stamp(path) { stamps[path] = stamp }
            }
        }
        return Snapshot(stamps: stamps)
    }

    /// Waits until the tree differs from `previous`; returns the new snapshot. Throws
    /// `CancellationError` when the task is cancelled. With `mechanism` `.automatic`
    /// on Linux, inotify wakes it (falling back to polling when inotify is unusable);
    /// otherwise it polls every `interval`.
    public func nextChange(after previous: Snapshot) async throws -> Snapshot {
        #if os(Linux)
        if mechanism == .automatic, let inotify = try? InotifyWatcher(
            folders: folders, excluding: excluded.map { URL(fileURLWithPath: $0) }) {
            // Watches are in place before this snapshot: a later save is never missed.
            defer { inotify.stop() }
            let current = snapshot()
            if current != previous { return current }
            for await _ in inotify.changes {
                let current = snapshot()
                if current != previous { return current }
                if inotify.isDegraded { break }  // a new folder is unwatched: poll below
            }
            // Cancelled, or the watcher ended (poll failed): poll below.
            try Task.checkCancellation()
        }
        #endif
        return try await pollForChange(after: previous)
    }

    /// Calls `onChange` after every change (changes close together count as one)
    /// until the task is cancelled; `onChange` runs to the end before the next call.
    /// It is given the files that changed (absolute paths) when the watcher knows
    /// them exactly, nil when anything may have changed.
    /// `initial` is a snapshot taken before the caller's first build, so a save made
    /// during that build is not missed.
    ///
    /// On Linux one inotify watcher serves the whole session, and a change costs no
    /// walk of the tree (which matters with thousands of posts); where inotify is
    /// unusable, or once a new folder could not be watched, it polls every `interval`.
    /// `moreWaiting` (given to `onChange`) tells whether later changes have already been
    /// seen, so work that the next call makes again anyway can be left.
    public func watch(after initial: Snapshot,
                      onChange: @Sendable (Set<String>?, _ moreWaiting: @escaping @Sendable () -> Bool) async -> Void) async throws {
        var last = initial
        #if os(Linux)
        if mechanism == .automatic, let inotify = try? InotifyWatcher(
            folders: folders, excluding: excluded.map { URL(fileURLWithPath: $0) }) {
            defer { inotify.stop() }
            _ = inotify.takeChangedPaths()  // what happened so far is in the snapshot below
            last = snapshot()
            if last != initial { await onChange(nil, { inotify.hasChangesWaiting }) }
            for await _ in inotify.changes {
                await onChange(inotify.takeChangedPaths(), { inotify.hasChangesWaiting })
                if inotify.isDegraded { break }
            }
            try Task.checkCancellation()
            last = snapshot()
            await onChange(nil, { false })  // what happened while inotify was failing
        }
        #endif
        while true {
            last = try await pollForChange(after: last)
            await onChange(nil, { false })
        }
    }

    /// Polls every `interval` until the tree differs from `previous`.
    public func pollForChange(after previous: Snapshot) async throws -> Snapshot {
        while true {
            try await Task.sleep(for: interval)
            let current = snapshot()
            if current != previous { return current }
        }
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let seconds = Int(info.st_mtimespec.tv_sec), nanos = Int(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int(info.st_mtim.tv_sec), nanos = Int(info.st_mtim.tv_nsec)
        #endif
        return Stamp(size: Int64(info.st_size), seconds: seconds, nanoseconds: nanos,
                     inode: UInt64(info.st_ino), mode: UInt32(info.st_mode))
    }
}
