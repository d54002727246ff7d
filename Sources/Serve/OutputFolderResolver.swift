import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps decoded request segments onto the output folder, following symlinks with
/// realpath(3) and refusing anything whose real path is outside the folder's real path.
struct OutputFolderResolver: Sendable {
    enum Kind: Equatable, Sendable { case file, folder }

    let root: String

    /// The output folder's real path now (resolved per request: the folder may be
    /// created or replaced between requests).
    func realRoot() -> String? { Self.realPath(root) }

    /// The real path and kind of `segments` under the output folder, or nil when it
    /// does not exist, is not a file or folder, or resolves outside the folder.
    func resolve(_ segments: [String]) -> (path: String, kind: Kind)? {
        guard let realRoot = realRoot() else { return nil }
        var candidate = realRoot
        for segment in segments {
            // RequestTarget already refuses these; checked again so this type is safe alone.
            guard !segment.isEmpty, segment != ".", segment != "..", !segment.contains("/"),
                  !segment.utf8.contains(0) else { return nil }
            candidate += "/" + segment
        }
        guard let real = Self.realPath(candidate), Self.isInside(real, root: realRoot) else { return nil }
        var info = stat()
        guard stat(real, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (real, .file)
        case S_IFDIR: return (real, .folder)
        default: return nil
        }
    }

    static func isInside(_ path: String, root: String) -> Bool {
        // Byte-wise: String comparison is Unicode-canonical, file names are bytes.
        if path.utf8.elementsEqual(root.utf8) { return true }
        let prefix = root.utf8.last == UInt8(ascii: "/") ? root : root + "/"
        return path.utf8.starts(with: prefix.utf8)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
