#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One file found under content/, and what the loader should do with it.
struct ContentEntry: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `content/site.yml`
        case config
        /// `content/posts/**/*.md`
        case post
        /// `content/series/*.md`
        case series
        /// `content/apps/*.md`
        case app
        /// `content/pages/*.md`
        case page
        /// A `.md` file anywhere else: not loaded, reported.
        case strayMarkdown
        /// Anything else: copied as it is.
        case staticFile
    }

    /// Relative to content/, `/`-separated: `posts/2021-01-05-x.md`.
    var relativePath: String
    var absolutePath: String
    var kind: Kind

    /// Site-relative path for diagnostics: `content/posts/2021-01-05-x.md`.
    var sitePath: String { "content/" + relativePath }

    static func kind(of relativePath: String) -> Kind {
        if relativePath == "site.yml" { return .config }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard ContentPaths.isMarkdown(relativePath) else { return .staticFile }
        switch (parts.first, parts.count) {
        case ("posts"?, 2...): return .post
        case ("series"?, 2): return .series
        case ("apps"?, 2): return .app
        case ("pages"?, 2): return .page
        default: return .strayMarkdown
        }
    }
}

/// Lists every non-hidden file under content/ in sorted order, following
/// symbolic links but refusing ones that lead back into a folder being walked.
/// Uses `readdir` and one `stat` per folder or link, nothing per plain file.
enum ContentWalker {
    struct Result: Sendable {
        var entries: [ContentEntry] = []
        var diagnostics: [Diagnostic] = []
    }

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    // `d_type` values (the same on Linux and Darwin).
    private static let typeUnknown: UInt8 = 0
    private static let typeDirectory: UInt8 = 4
    private static let typeRegular: UInt8 = 8
    private static let typeLink: UInt8 = 10

    /// Walks `contentDirectory` (an absolute path to content/).
    static func walk(contentDirectory: String) -> Result {
        var result = Result()
        var info = stat()
        guard stat(contentDirectory, &info) == 0 else { return result }
        walkFolder(absolute: contentDirectory, relative: "", ancestors: [id(info)], into: &result)
        return result
    }

    private static func id(_ info: stat) -> FolderID {
        FolderID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    private static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    private static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }

    private static func walkFolder(absolute: String, relative: String, ancestors: Set<FolderID>, into result: inout Result) {
        let here = relative.isEmpty ? "content" : "content/" + relative
        guard let folder = opendir(absolute) else {
            result.diagnostics.append(Diagnostic(file: here, message: "cannot read folder: \(FileBytes.ReadError(errno: errno).reason)"))
            return
        }
        var children: [(name: String, type: UInt8)] = []
        while let entry = readdir(folder) {
            let type = entry.pointee.d_type
            let name: String? = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(validatingCString: $0)
                }
            }
            guard let name else {
                result.diagnostics.append(Diagnostic(file: here, message: "a file name in this folder is not valid UTF-8"))
                continue
            }
            if name.hasPrefix(".") { continue }
            children.append((name, type))
        }
        closedir(folder)
        children.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }

        for child in children {
            let childAbsolute = absolute + "/" + child.name
            let childRelative = relative.isEmpty ? child.name : relative + "/" + child.name
            let sitePath = "content/" + childRelative
            if child.type == typeRegular {
                result.entries.append(ContentEntry(relativePath: childRelative, absolutePath: childAbsolute,
                                                   kind: ContentEntry.kind(of: childRelative)))
                continue
            }
            guard child.type == typeDirectory || child.type == typeLink || child.type == typeUnknown else {
                result.diagnostics.append(Diagnostic(file: sitePath, message: "not a regular file or folder"))
                continue
            }
            var info = stat()
            guard stat(childAbsolute, &info) == 0 else {
                let code = errno
                var linkInfo = stat()
                let isLink = lstat(childAbsolute, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK
                let message: String
                if code == ELOOP {
                    message = "symbolic link loop"
                } else if isLink && code == ENOENT {
                    message = "broken symbolic link"
                } else {
                    message = "cannot read: \(FileBytes.ReadError(errno: code).reason)"
                }
                result.diagnostics.append(Diagnostic(file: sitePath, message: message))
                continue
            }
            if isDirectory(info) {
                let folderID = id(info)
                guard !ancestors.contains(folderID) else {
                    result.diagnostics.append(Diagnostic(file: sitePath, message: "symbolic link loop (it leads to a folder that contains it)"))
                    continue
                }
                var inner = ancestors
                inner.insert(folderID)
                walkFolder(absolute: childAbsolute, relative: childRelative, ancestors: inner, into: &result)
            } else if isRegular(info) {
                result.entries.append(ContentEntry(relativePath: childRelative, absolutePath: childAbsolute,
                                                   kind: ContentEntry.kind(of: childRelative)))
            } else {
                result.diagnostics.append(Diagnostic(file: sitePath, message: "not a regular file or folder"))
            }
        }
    }
}
