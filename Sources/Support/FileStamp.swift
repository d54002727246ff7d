import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells a file's contents changed without reading it: device, inode, size,
/// modification and change time. An editor's save always changes it (a rename
/// over the file gives a new inode, an in-place write new times).
public struct FileStamp: Hashable, Sendable, Codable {
    var device: UInt64
    var inode: UInt64
    public var size: Int64
    public var modified: Int64
    var changed: Int64

    /// The file's stamp; nil when it cannot be stat'ed.
    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let m = info.st_mtimespec, c = info.st_ctimespec
        #else
        let m = info.st_mtim, c = info.st_ctim
        #endif
        return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                         modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
                         changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec))
    }
}
