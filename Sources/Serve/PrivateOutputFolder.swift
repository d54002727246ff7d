import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `serve` renders when no `--output` is given: a new folder of its own in
/// the system's temporary folder (mode 0700), never the site's `public/`. `build`
/// and `publish` write `public/` and people deploy it; a draft or a localhost URL
/// that serve wrote there would be published with it, and a `publish` run while
/// serving would change what serve shows.
public struct PrivateOutputFolder: Sendable {
    public let url: URL

    /// Makes `TMPDIR/blogbuild-serve-XXXXXX`.
    public static func make() throws -> PrivateOutputFolder {
        let base = FileManager.default.temporaryDirectory.standardizedFileURL.path
        var template = Array((base + "/blogbuild-serve-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            mkdtemp(buffer.baseAddress!) != nil
        }
        guard made else {
            let code = errno
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSLocalizedDescriptionKey: "cannot make a folder in \(base): " + String(cString: strerror(code)),
            ])
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return PrivateOutputFolder(url: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// Removes the folder and everything serve wrote into it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
