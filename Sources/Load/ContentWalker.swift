#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// One file found under content/, and what the loader should do with it.
public struct ContentEntry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `content/site.yml`
        case config
        /// `content/posts/**/*.md`
        case post
        /// `content/series/*.md`
        case series
        /// `content/apps/*.md`
        case app
        /// `content/apps/APP/*.md`: a child page of an app (privacy, support).
        case appPage
        /// `content/pages/**/*.md`: `pages/a/b.md` and `pages/a/b/index.md` are `/a/b/`.
        case page
        /// A Markdown file (`ContentPaths.markdownExtensions`) anywhere else: not loaded, reported.
        case strayMarkdown
        /// Anything else: copied as it is (never a Markdown source).
        case staticFile
    }

    /// Relative to content/, `/`-separated: `posts/2021-01-05-x.md`.
    public var relativePath: String
    public var absolutePath: String
    public var kind: Kind

    /// Site-relative path for diagnostics: `content/posts/2021-01-05-x.md`.
    public var sitePath: String { "content/" + relativePath }

    public static func kind(of relativePath: String) -> Kind {
        if relativePath == "site.yml" { return .config }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard ContentPaths.isMarkdown(relativePath) else { return .staticFile }
        switch (parts.first, parts.count) {
        case ("posts"?, 2...): return .post
        case ("series"?, 2): return .series
        case ("apps"?, 2): return .app
        case ("apps"?, 3): return .appPage
        case ("pages"?, 2...): return .page
        default: return .strayMarkdown
        }
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(relativePath: String, absolutePath: String, kind: Kind) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
        self.kind = kind
    }
}

/// Lists every file under content/ in sorted order, hidden ones included
/// (`.nojekyll`, `.htaccess`, and `.well-known/apple-app-site-association`, the
/// one hidden folder read), but for the junk operating systems and editors leave
/// (`.DS_Store`, `x.md~`, `.x.md.swp`) and other hidden folders (`.git/`,
/// `.drafts/`), which are skipped and named. Follows symbolic links that stay inside
/// the site folder; one whose real path is outside it is an error and is not
/// followed (a pull request's `key.txt -> ~/.ssh/id_rsa` is never published), and
/// one that leads back into a folder being walked is refused.
/// Uses `readdir` and one `stat` per folder or link, nothing per plain file.
public enum ContentWalker {
    struct Result: Sendable {
        var entries: [ContentEntry] = []
        var diagnostics: [Diagnostic] = []
        /// Junk that was skipped, as site paths (`content/.DS_Store`).
        var skipped: [String] = []
    }

    /// Files and folders that are junk, never content: what Finder, Windows,
    /// version control and editors (vim, emacs, backups) leave beside real files.
    /// A hidden Markdown file (`.draft.md`) is an editor's too.
    static func isJunk(_ name: String, isFolder: Bool) -> Bool {
        // Hidden folders are someone's private business (`.git`, `.drafts`, `.vscode`):
        // only `.well-known`, which the web needs, is content.
        if isFolder { return name.hasPrefix(".") && name != ".well-known" }
        if name == ".DS_Store" || name == "Thumbs.db" || name == "desktop.ini" || name == "._.DS_Store" { return true }
        if name.hasSuffix("~") || name.hasPrefix(".#") || name.hasPrefix("._") { return true }
        if name.hasPrefix("#") && name.hasSuffix("#") && name.count > 1 { return true }
        if name.hasPrefix("."), name.hasSuffix(".swp") || name.hasSuffix(".swo") || name.hasSuffix(".swx") || ContentPaths.isMarkdown(name) {
            return true
        }
        return false
    }

    /// Whether a content-relative path is or lies in junk (for the watcher's list of changed files).
    public static func isJunk(relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/")
        for (i, part) in parts.enumerated() where isJunk(String(part), isFolder: i < parts.count - 1) || isJunk(String(part), isFolder: true) {
            return true
        }
        return false
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

    /// Walks `contentDirectory` (an absolute path to content/), following only the
    /// symbolic links whose real path is inside `siteDirectory` (default: content/'s parent).
    static func walk(contentDirectory: String, siteDirectory: String? = nil) -> Result {
        var result = Result()
        var info = stat()
        guard stat(contentDirectory, &info) == 0 else { return result }
        var trimmed = Substring(contentDirectory)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let site = siteDirectory ?? (trimmed.lastIndex(of: "/").map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? ".")
        guard let siteRoot = realPath(site) else { return result }
        guard let contentReal = realPath(contentDirectory), isInside(contentReal, siteRoot) else {
            result.diagnostics.append(Diagnostic(file: "content", message: "links outside the site (to \(shown(realPath(contentDirectory) ?? contentDirectory))); not read"))
            return result
        }
        walkFolder(absolute: contentDirectory, relative: "", ancestors: [id(info)], siteRoot: siteRoot, into: &result)
        result.skipped.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return result
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        if path.utf8.elementsEqual(root.utf8) { return true }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.utf8.starts(with: prefix.utf8)
    }

    /// A path for a message: the home folder as `~`.
    private static func shown(_ path: String) -> String {
        guard let raw = getenv("HOME"), case let home = String(cString: raw), home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    private static func id(_ info: stat) -> FolderID {
        FolderID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    private static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    private static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }

    private static func walkFolder(absolute: String, relative: String, ancestors: Set<FolderID>, siteRoot: String,
                                   into result: inout Result) {
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
            if name == "." || name == ".." { continue }
            if isJunk(name, isFolder: type == typeDirectory) || (type != typeRegular && isJunk(name, isFolder: true)) {
                result.skipped.append(relative.isEmpty ? "content/" + name : "content/" + relative + "/" + name)
                continue
            }
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
            // A link (or an entry of unknown type, which may be one) is followed only
            // when where it really leads is inside the site folder.
            if child.type != typeDirectory, let real = realPath(childAbsolute), !isInside(real, siteRoot) {
                result.diagnostics.append(Diagnostic(file: sitePath, message: "links outside the site (to \(shown(real))); not copied"))
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
                walkFolder(absolute: childAbsolute, relative: childRelative, ancestors: inner, siteRoot: siteRoot, into: &result)
            } else if isRegular(info) {
                result.entries.append(ContentEntry(relativePath: childRelative, absolutePath: childAbsolute,
                                                   kind: ContentEntry.kind(of: childRelative)))
            } else {
                result.diagnostics.append(Diagnostic(file: sitePath, message: "not a regular file or folder"))
            }
        }
    }
}
