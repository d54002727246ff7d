#if os(Linux)
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Linux inotify watcher over folders (recursively), reporting "something changed"
/// after a quiet period: events that arrive together (within `quietPeriod` of each
/// other) give one notification. While a file the events named is still open for
/// writing (made or written, not yet closed), the notification waits for its close,
/// up to the cap a steady stream of events has: a program descheduled in the middle
/// of a save (a loaded machine) would otherwise have the file read half written,
/// and one save heard as two changes.
///
/// One dedicated thread (not Swift concurrency's pool) waits in `poll()` on the
/// inotify fd and on a pipe that `stop()` writes to; it owns the watch table.
/// `stop()` wakes it, waits for it to end, and the thread closes both fds.
public final class InotifyWatcher: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        /// `inotify_init1` (or `pipe`) failed: errno.
        case unavailable(Int32)
        /// The per-user watch limit is reached (ENOSPC).
        case watchLimit
        /// `inotify_add_watch` failed on a watched folder: errno.
        case cannotWatch(String, Int32)
    }

    /// What editors' saves produce: in-place writes, temp + rename, delete + create, chmod.
    static let eventMask: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_MOVED_TO)
        | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE) | UInt32(IN_CREATE) | UInt32(IN_ATTRIB)
        | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)

    private struct State {
        var pathsByWatch: [Int32: String] = [:]
        var watchesByPath: [String: Int32] = [:]
        var notifications = 0
        /// A folder created later could not be watched (e.g. ENOSPC): callers should poll.
        var degraded = false
        var stopped = false
        var finished = false
        /// Paths events named since the last `takeChangedPaths()`.
        var changedPaths: Set<String> = []
        /// Something happened that a list of paths does not describe (lost events, a folder moved or deleted).
        var changesUnknown = false
        /// Files made or written since the last notification and not closed since: still being written.
        var writing: Set<String> = []
        /// Watched folders that did not exist yet, by the watch on their parent
        /// (not recursive): a site's `templates/` made while serving.
        var awaited: [Int32: (parent: String, names: Set<String>)] = [:]
    }

    private let inotifyFD: Int32
    /// A pipe `stop()` writes to, to wake the thread.
    private let wakeReadFD: Int32
    private let wakeWriteFD: Int32
    private let excluded: [String]
    private let quietPeriod: Duration
    private let state = Mutex(State())
    private let exited = DispatchSemaphore(value: 0)
    private let continuation: AsyncStream<Void>.Continuation
    /// One element per coalesced change (the newest one is kept while nobody reads);
    /// finishes when the watcher stops.
    public let changes: AsyncStream<Void>

    /// Watches `folders` and everything under them, except `excluding` (and what is
    /// under it). Missing folders are skipped. Throws when inotify is unusable.
    public init(folders: [URL], excluding: [URL] = [], quietPeriod: Duration = .milliseconds(10)) throws(Failure) {
        let fd = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw .unavailable(errno) }
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            let code = errno
            close(fd)
            throw .unavailable(code)
        }
        for end in wake {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        inotifyFD = fd
        wakeReadFD = wake[0]
        wakeWriteFD = wake[1]
        excluded = excluding.map { Self.clean($0.standardizedFileURL.path) }
        self.quietPeriod = quietPeriod
        (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

        var failure: Failure?
        state.withLock { state in
            for folder in folders {
                let path = Self.clean(folder.standardizedFileURL.path)
                var isFolder: ObjCBool = false
                let problem = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                    ? addTree(path, into: &state) : waitForFolder(path, into: &state)
                if let problem {
                    failure = problem
                    return
                }
            }
        }
        if let failure {
            state.withLock { $0.stopped = true; $0.finished = true }
            close(fd)
            close(wake[0])
            close(wake[1])
            continuation.finish()
            throw failure
        }
        let thread = Thread { [self] in run() }
        thread.name = "blogbuild.inotify"
        thread.start()
    }

    /// Coalesced change notifications so far.
    public var notificationCount: Int { state.withLock { $0.notifications } }
    /// How many folders are watched.
    public var watchedFolderCount: Int { state.withLock { $0.watchesByPath.count } }
    /// True once a new folder could not be watched: changes under it may be missed.
    public var isDegraded: Bool { state.withLock { $0.degraded } }
    /// True once the thread has ended and the fds are closed.
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// Whether events came since the last `takeChangedPaths()`: more changes are on their way.
    public var hasChangesWaiting: Bool { state.withLock { !$0.changedPaths.isEmpty || $0.changesUnknown } }

    /// The files (absolute paths) that events named since the last call, and
    /// starts a new list; nil when the events do not tell (events were lost, or
    /// a folder was created, moved or deleted): then anything may have changed.
    public func takeChangedPaths() -> Set<String>? {
        state.withLock { state in
            defer { state.changedPaths = []; state.changesUnknown = false }
            return state.changesUnknown ? nil : state.changedPaths
        }
    }

    /// Wakes the thread and waits (briefly) for it to end; it closes the fds and
    /// finishes `changes`. Safe to call more than once. Must be called: the thread
    /// keeps the watcher alive until then.
    public func stop() {
        // Under the lock: the thread closes the fds under it too, so the pipe is open here.
        let running = state.withLock { state -> Bool in
            guard !state.stopped, !state.finished else { return false }
            state.stopped = true
            var one: UInt8 = 1
            _ = write(wakeWriteFD, &one, 1)
            return true
        }
        guard running else { return }
        _ = exited.wait(timeout: .now() + .seconds(5))
    }

    // MARK: - The thread

    private func run() {
        defer {
            state.withLock { state in
                state.finished = true
                close(inotifyFD)
                close(wakeReadFD)
                close(wakeWriteFD)
            }
            continuation.finish()
            exited.signal()
        }
        let bufferSize = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        let quiet = Self.milliseconds(quietPeriod)
        let longest = max(quiet * 10, 300)  // a steady stream of events still notifies
        var pendingSince: UInt64?  // uptime ms of the first event not yet notified
        var lastEvent: UInt64 = 0

        while true {
            if state.withLock({ $0.stopped }) { return }
            var timeout: Int32 = -1
            if let first = pendingSince {
                let now = Self.nowMilliseconds()
                let quietEnd = lastEvent + UInt64(quiet), cap = first + UInt64(longest)
                // A file still open for writing: its close is an event too, so wait for it (up to the cap).
                let due = state.withLock { $0.writing.isEmpty } ? min(quietEnd, cap) : cap
                if now >= due {
                    pendingSince = nil
                    // One still open at the cap (a long copy) is told again when it closes.
                    state.withLock { $0.notifications += 1; $0.writing = [] }
                    continuation.yield()
                    continue
                }
                timeout = Int32(due - now)
            }
            var fds = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            var relevant = false
            while true {
                let count = read(inotifyFD, buffer, bufferSize)
                if count < 0 {
                    if errno == EINTR { continue }
                    break  // EAGAIN: drained
                }
                if count == 0 { break }
                if handle(buffer, count: count) { relevant = true }
            }
            if relevant {
                lastEvent = Self.nowMilliseconds()
                if pendingSince == nil { pendingSince = lastEvent }
            }
        }
    }

    /// Handles one read's events; true when one of them is a change worth reporting.
    private func handle(_ buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        var relevant = false
        state.withLock { state in
            while offset + header <= count {
                let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                var name = ""
                if length > 0 {
                    let bytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: length)
                    name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                offset += header + length

                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant = true  // events were lost: something changed
                    state.changesUnknown = true
                    continue
                }
                if let awaited = state.awaited[wd] {
                    // Only the creation of an awaited folder matters in its parent.
                    if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0, mask & UInt32(IN_ISDIR) != 0,
                       awaited.names.contains(name) {
                        if addTree(awaited.parent + "/" + name, into: &state) != nil { state.degraded = true }
                        relevant = true
                        state.changesUnknown = true
                    }
                    continue
                }
                guard let folder = state.pathsByWatch[wd] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    forget(watch: wd, in: &state)
                    relevant = true
                    state.changesUnknown = true
                    continue
                }
                if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
                    relevant = true  // IN_IGNORED follows for a deleted folder
                    state.changesUnknown = true
                    continue
                }
                let path = name.isEmpty ? folder : folder + "/" + name
                if isExcluded(path) { continue }
                relevant = true
                guard mask & UInt32(IN_ISDIR) != 0 else {
                    state.changedPaths.insert(path)
                    // A link made (no close follows) or a file opened only to read may wait the cap; a save does not.
                    if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
                        state.writing.remove(path)
                    } else if mask & (UInt32(IN_CREATE) | UInt32(IN_MODIFY)) != 0 {
                        state.writing.insert(path)
                    }
                    continue
                }
                state.changesUnknown = true
                if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
                    // Files may already be inside (a move, or written right after mkdir).
                    if addTree(path, into: &state) != nil { state.degraded = true }
                } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                    removeTree(path, in: &state)
                }
            }
        }
        return relevant
    }

    // MARK: - The watch table

    /// Watches `path` and the folders under it; a failure other than ENOSPC on a
    /// folder that vanished meanwhile is ignored.
    private func addTree(_ path: String, into state: inout State) -> Failure? {
        guard !isExcluded(path) else { return nil }
        let wd = inotify_add_watch(inotifyFD, path, Self.eventMask)
        if wd < 0 {
            let code = errno
            if code == ENOSPC { return .watchLimit }
            if code == ENOENT || code == ENOTDIR { return nil }
            return .cannotWatch(path, code)
        }
        if let old = state.pathsByWatch[wd], old != path { state.watchesByPath[old] = nil }
        state.pathsByWatch[wd] = path
        state.watchesByPath[path] = wd
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        for name in names {
            let child = path + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if let failure = addTree(child, into: &state) { return failure }
        }
        return nil
    }

    /// Watches the parent of a folder that does not exist yet, for its creation.
    /// A parent that is missing too is not waited for.
    private func waitForFolder(_ path: String, into state: inout State) -> Failure? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        let parent = String(path[..<slash]), name = String(path[path.index(after: slash)...])
        let wd = inotify_add_watch(inotifyFD, parent, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR))
        if wd < 0 {
            if errno == ENOSPC { return .watchLimit }
            return nil
        }
        state.awaited[wd, default: (parent, [])].names.insert(name)
        return nil
    }

    /// Stops watching a folder moved away, and the folders under it.
    private func removeTree(_ path: String, in state: inout State) {
        let prefix = path + "/"
        for (watched, wd) in state.watchesByPath where watched == path || watched.hasPrefix(prefix) {
            inotify_rm_watch(inotifyFD, wd)
            forget(watch: wd, in: &state)
        }
    }

    private func forget(watch wd: Int32, in state: inout State) {
        if let path = state.pathsByWatch.removeValue(forKey: wd), state.watchesByPath[path] == wd {
            state.watchesByPath[path] = nil
        }
    }

    private func isExcluded(_ path: String) -> Bool {
        excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    private static func clean(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    private static func nowMilliseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds / 1_000_000
    }
}
#endif
