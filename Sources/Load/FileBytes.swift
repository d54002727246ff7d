#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with plain POSIX calls: cheaper than Foundation for
/// thousands of small files, and the error is the system's own words.
enum FileBytes {
    /// The file's bytes, or why they could not be read (`permission denied`).
    static func read(path: String) -> Result<[UInt8], ReadError> {
        // O_NONBLOCK: a FIFO must not hang the build (it is refused below); no effect on files.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { return .failure(ReadError(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { return .failure(ReadError(errno: errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(ReadError(reason: "is a folder, not a file")) }
        if (info.st_mode & S_IFMT) != S_IFREG { return .failure(ReadError(reason: "not a regular file")) }
        // One read for a typical file, straight into the result; the loop
        // also copes with a file that grows while it is read.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: Swift.max(4096, bytes.count))) }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glue.read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(errno: errno))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return .success(bytes)
    }

    /// Why a file could not be read, in lower case (`permission denied`).
    struct ReadError: Error, Sendable {
        var reason: String
        init(reason: String) { self.reason = reason }
        init(errno code: Int32) {
            let text = String(cString: strerror(code))
            reason = text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// The C `read`, named apart from `FileBytes.read`.
    private enum Glue {
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            #if canImport(Darwin)
            return Darwin.read(fd, buffer, count)
            #elseif canImport(Musl)
            return Musl.read(fd, buffer, count)
            #else
            return Glibc.read(fd, buffer, count)
            #endif
        }
    }
}
