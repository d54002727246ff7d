import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file read from disk at request time (nothing is cached, so a rebuild
/// shows at once), with what the validators need.
struct ServedFile: Sendable {
    var bytes: [UInt8]
    var size: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    /// Whether `bytes` carry the live-reload script (then they differ from the file).
    var injected = false

    /// Strong validator from the file's size and modification time.
    var etag: String {
        let base = "\(String(size, radix: 16))-\(String(modifiedSeconds, radix: 16))-\(String(modifiedNanoseconds, radix: 16))"
        return injected ? "\"\(base)-lr\"" : "\"\(base)\""
    }

    /// Adds the live-reload script to the bytes (never to the file on disk).
    mutating func injectLiveReload() {
        bytes = LiveReloadScript.inject(into: bytes)
        injected = true
    }

    /// The length of what is sent.
    var bodyLength: Int { injected ? bytes.count : size }

    var lastModified: String { HTTPDate.format(secondsSince1970: modifiedSeconds) }

    /// Opens `path` (already resolved and checked by the caller), and reads it if it
    /// is a regular file; nil otherwise. `readBody: false` only stats (for HEAD).
    static func load(path: String, readBody: Bool) -> ServedFile? {
        // O_NONBLOCK: opening a FIFO must not block; O_NOFOLLOW: the caller resolved symlinks.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        #if canImport(Darwin)
        let seconds = Int(info.st_mtimespec.tv_sec), nanos = Int(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int(info.st_mtim.tv_sec), nanos = Int(info.st_mtim.tv_nsec)
        #endif
        var bytes: [UInt8] = []
        if readBody {
            bytes.reserveCapacity(size)
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { continue }
                    return nil
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
        }
        return ServedFile(bytes: bytes, size: readBody ? bytes.count : size,
                          modifiedSeconds: seconds, modifiedNanoseconds: nanos)
    }
}

extension ServedFile {
    /// A page rendered in memory: its validators come from its bytes (a hash for the
    /// entity tag, now for the modification time).
    init(rendered bytes: [UInt8]) {
        var h = Hasher()
        h.combine(bytes)
        let now = Date().timeIntervalSince1970
        self.init(bytes: bytes, size: bytes.count, modifiedSeconds: Int(now),
                  modifiedNanoseconds: Int(UInt(bitPattern: h.finalize()) % 1_000_000_000))
    }
}
