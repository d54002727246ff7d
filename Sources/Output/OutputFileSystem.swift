import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The POSIX layer under OutputWriter: raw byte paths, no FileManager, no
// symlink following where it matters. Everything here is safe to call from
// several threads at once and reports failures as errno codes, which are
// turned into messages on one thread afterwards (strerror is not thread-safe).

/// A path as raw bytes, without a trailing NUL. Names on disk are bytes, so
/// paths read back from a folder are kept as bytes too (Swift's `String`
/// equality would treat NFC and NFD spellings of a name as the same file).
typealias OutputPathBytes = [UInt8]

/// A NUL-terminated path, passed straight to C calls.
typealias OutputCPath = [CChar]

extension Array where Element == UInt8 {
    /// These bytes as a NUL-terminated C string.
    var outputCPath: OutputCPath {
        var c = OutputCPath()
        c.reserveCapacity(count + 1)
        for b in self { c.append(CChar(bitPattern: b)) }
        c.append(0)
        return c
    }

    /// `self + "/" + name`, or `name` when `self` is empty.
    func outputAppending(_ name: OutputPathBytes) -> OutputPathBytes {
        if isEmpty { return name }
        var p = self
        p.reserveCapacity(count + 1 + name.count)
        p.append(UInt8(ascii: "/"))
        p.append(contentsOf: name)
        return p
    }
}

/// A failed system call: which path, what we were doing, and errno.
struct OutputIOError: Error, Sendable {
    var path: OutputPathBytes
    /// "write", "create folder", ... (completes "could not ...").
    var operation: String
    var code: Int32

    /// strerror's text, or the number. Call from one thread at a time.
    var systemMessage: String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}

/// What a directory entry is, without following symbolic links.
enum OutputEntryKind: Sendable {
    case directory
    case regular
    case symlink
    case other
}

enum OutputFS {
    static let fileMode: mode_t = 0o644
    static let directoryMode: mode_t = 0o755
    static let chunkSize = 64 * 1024

    /// The process's umask. On Linux read from /proc (no side effect);
    /// elsewhere umask(2) is set and restored at once.
    static func currentUmask() -> mode_t {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return mask
        }
        #endif
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    @inline(__always)
    static func kind(ofMode mode: mode_t) -> OutputEntryKind {
        switch mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// lstat: the entry itself, never what a link points to.
    static func lstatEntry(_ path: OutputCPath) -> (kind: OutputEntryKind, size: Int64)? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return (kind(ofMode: st.st_mode), Int64(st.st_size))
    }

    /// stat: what the path finally names, following links.
    static func statEntry(_ path: OutputCPath) -> (kind: OutputEntryKind, size: Int64)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (kind(ofMode: st.st_mode), Int64(st.st_size))
    }

    /// The name of a directory entry, as bytes.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> OutputPathBytes {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
            let chars = UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self)
            let length = strlen(chars)
            return OutputPathBytes(UnsafeRawBufferPointer(start: UnsafeRawPointer(chars), count: length))
        }
    }

    static func isDotOrDotDot(_ name: OutputPathBytes) -> Bool {
        name == [0x2E] || name == [0x2E, 0x2E]
    }

    /// The kind of an entry read from the directory open as `directoryFD`,
    /// from d_type when the file system fills it in, else fstatat.
    static func entryKind(_ entry: UnsafeMutablePointer<dirent>, name: OutputPathBytes, directoryFD: Int32) -> OutputEntryKind? {
        switch Int(entry.pointee.d_type) {
        case Int(DT_DIR): return .directory
        case Int(DT_REG): return .regular
        case Int(DT_LNK): return .symlink
        case Int(DT_UNKNOWN):
            var st = stat()
            guard fstatat(directoryFD, name.outputCPath, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return kind(ofMode: st.st_mode)
        default: return .other
        }
    }

    /// Opens a directory for reading without following a symbolic link at its last component.
    static func openDirectory(_ path: OutputCPath) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// Reads every entry (but `.` and `..`) of the directory open as `fd`,
    /// taking ownership of `fd` (it is closed on return).
    static func readEntries(ownedFD fd: Int32) -> (entries: [(name: OutputPathBytes, kind: OutputEntryKind?)], error: Int32?) {
        guard let dir = fdopendir(fd) else {
            let code = errno
            close(fd)
            return ([], code)
        }
        defer { closedir(dir) }
        let dfd = dirfd(dir)
        var entries: [(name: OutputPathBytes, kind: OutputEntryKind?)] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { return (entries, errno) }
                break
            }
            let name = entryName(entry)
            if isDotOrDotDot(name) { continue }
            entries.append((name, entryKind(entry, name: name, directoryFD: dfd)))
        }
        return (entries, nil)
    }

    // MARK: Removing

    /// Removes `path`: a file or link is unlinked (a link's target is never
    /// touched), a directory is emptied depth-first without following any link,
    /// then removed. Returns how many non-directories went.
    static func removeEntry(_ path: OutputPathBytes) -> (removedFiles: Int, error: OutputIOError?) {
        let c = path.outputCPath
        guard let (kind, _) = lstatEntry(c) else {
            return errno == ENOENT ? (0, nil) : (0, OutputIOError(path: path, operation: "remove", code: errno))
        }
        guard kind == .directory else {
            if unlink(c) == 0 || errno == ENOENT { return (1, nil) }
            return (0, OutputIOError(path: path, operation: "remove", code: errno))
        }
        let fd = openDirectory(c)
        guard fd >= 0 else { return (0, OutputIOError(path: path, operation: "open folder", code: errno)) }
        var removed = 0
        if let error = removeContents(ownedFD: fd, path: path, removed: &removed) { return (removed, error) }
        if rmdir(c) == 0 || errno == ENOENT { return (removed, nil) }
        return (removed, OutputIOError(path: path, operation: "remove folder", code: errno))
    }

    /// Empties the directory open as `fd` (taking ownership of it), by names
    /// relative to that descriptor so a link swapped in midway is never followed.
    private static func removeContents(ownedFD fd: Int32, path: OutputPathBytes, removed: inout Int) -> OutputIOError? {
        guard let dir = fdopendir(fd) else {
            let code = errno
            close(fd)
            return OutputIOError(path: path, operation: "read folder", code: code)
        }
        defer { closedir(dir) }
        let dfd = dirfd(dir)
        var names: [(name: OutputPathBytes, kind: OutputEntryKind?)] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { return OutputIOError(path: path, operation: "read folder", code: errno) }
                break
            }
            let name = entryName(entry)
            if isDotOrDotDot(name) { continue }
            names.append((name, entryKind(entry, name: name, directoryFD: dfd)))
        }
        for (name, kind) in names {
            let cname = name.outputCPath
            let childPath = path.outputAppending(name)
            if kind == .directory {
                let child = openat(dfd, cname, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { return OutputIOError(path: childPath, operation: "open folder", code: errno) }
                if let error = removeContents(ownedFD: child, path: childPath, removed: &removed) { return error }
                if unlinkat(dfd, cname, AT_REMOVEDIR) != 0 && errno != ENOENT {
                    return OutputIOError(path: childPath, operation: "remove folder", code: errno)
                }
            } else {
                if unlinkat(dfd, cname, 0) == 0 {
                    removed += 1
                } else if errno != ENOENT {
                    return OutputIOError(path: childPath, operation: "remove", code: errno)
                }
            }
        }
        return nil
    }

    // MARK: Reading and writing

    /// read(2), retried on EINTR, filling as much of `buffer` as the file has.
    static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let n = read(fd, base + filled, buffer.count - filled)
            if n < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// write(2) of all of `bytes`, retried on EINTR and short writes. Returns errno or nil.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let n = write(fd, base + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            done += n
        }
        return nil
    }

    /// Whether the file open as `fd` holds exactly `expected` (its size is already known to match).
    static func contentsEqual(_ fd: Int32, _ expected: UnsafeRawBufferPointer, scratch: UnsafeMutableRawBufferPointer) -> Bool {
        guard let want = expected.baseAddress, let have = scratch.baseAddress else { return expected.isEmpty }
        var offset = 0
        while true {
            let n = readFully(fd, into: scratch)
            if n < 0 { return false }
            if n == 0 { return offset == expected.count }
            if offset + n > expected.count || memcmp(have, want + offset, n) != 0 { return false }
            offset += n
        }
    }

    /// Whether the files open as `a` and `b` hold the same bytes.
    static func contentsEqual(_ a: Int32, _ b: Int32, scratchA: UnsafeMutableRawBufferPointer, scratchB: UnsafeMutableRawBufferPointer) -> Bool {
        guard let pa = scratchA.baseAddress, let pb = scratchB.baseAddress else { return false }
        while true {
            let na = readFully(a, into: scratchA)
            let nb = readFully(b, into: scratchB)
            if na < 0 || nb < 0 || na != nb { return false }
            if na == 0 { return true }
            if memcmp(pa, pb, na) != 0 { return false }
        }
    }
}
