import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// An output folder that passed the safety check: its real path (symbolic
/// links and `..` resolved), and how diagnostics should name it.
struct OutputLocation: Sendable {
    /// The real absolute path, no trailing slash.
    var root: String
    /// The site folder's real absolute path.
    var site: String
    /// Whether something exists there already (a folder; anything else was refused).
    var exists: Bool
    /// How diagnostics name the folder: relative to the site folder when inside it
    /// (`public`), else the absolute path.
    var displayName: String

    /// How diagnostics name `relative` inside the output folder.
    func display(_ relative: String) -> String {
        relative.isEmpty ? displayName : displayName + "/" + relative
    }

    /// How diagnostics name an absolute path met while writing: relative to
    /// the site folder when inside it, else as it is.
    func display(absolute path: OutputPathBytes) -> String {
        Self.display(String(decoding: path, as: UTF8.self), site: site)
    }

    static func display(_ path: String, site: String) -> String {
        if site != "/" && path.hasPrefix(site + "/") { return String(path.dropFirst(site.count + 1)) }
        return path
    }

    /// Resolves `outputDirectory` and refuses it if owning it could destroy
    /// something that is not generated output.
    static func resolve(_ outputDirectory: URL, siteDirectory: URL) throws(BuildFailure) -> OutputLocation {
        let given = absolutePath(outputDirectory)
        func refuse(_ reason: String) -> BuildFailure {
            BuildFailure([Diagnostic(file: given, message: "refusing to use this as the output folder: \(reason)")])
        }

        let output: String
        switch realPath(given) {
        case .success(let p): output = p
        case .failure(let problem): throw refuse(problem.message)
        }
        let site: String
        switch realPath(absolutePath(siteDirectory)) {
        case .success(let p): site = p
        case .failure(let problem): throw refuse("the site folder: \(problem.message)")
        }
        let resolvedNote = output == given ? "" : " (\(output))"

        /// `a` is `b` or a folder that contains `b`.
        func isSameOrAncestor(_ a: String, of b: String) -> Bool {
            a == b || a == "/" || b.hasPrefix(a + "/")
        }

        if output == "/" { throw refuse("it is the root folder\(resolvedNote)") }
        for home in homeDirectories() where isSameOrAncestor(output, of: home) {
            throw refuse(output == home ? "it is your home folder\(resolvedNote)" : "it contains your home folder \(home)")
        }
        if output == site { throw refuse("it is the site folder itself\(resolvedNote)") }
        if isSameOrAncestor(output, of: site) { throw refuse("it contains the site folder \(site)") }
        for protected in ["content", "templates"] {
            let folder: String
            switch realPath(site + "/" + protected) {
            case .success(let p): folder = p
            case .failure: folder = site + "/" + protected
            }
            if output == folder { throw refuse("it is the site's \(protected)/ folder\(resolvedNote)") }
            if output.hasPrefix(folder + "/") { throw refuse("it is inside the site's \(protected)/ folder\(resolvedNote)") }
            if isSameOrAncestor(output, of: folder) { throw refuse("it contains the site's \(protected)/ folder \(folder)") }
        }

        var st = stat()
        var exists = false
        if stat(output, &st) == 0 {
            guard OutputFS.kind(ofMode: st.st_mode) == .directory else {
                throw refuse("it exists and is not a folder\(resolvedNote)")
            }
            exists = true
        } else if errno != ENOENT {
            throw refuse("\(String(cString: strerror(errno)))\(resolvedNote)")
        }

        return OutputLocation(root: output, site: site, exists: exists, displayName: display(output, site: site))
    }

    /// The URL's path, made absolute against the current folder, not yet resolved.
    static func absolutePath(_ url: URL) -> String {
        let path = url.absoluteURL.path
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The user's home folder, resolved: both $HOME and Foundation's answer
    /// (the password database) when they differ; either may be what the user means.
    static func homeDirectories() -> [String] {
        var candidates: [String] = []
        if let env = getenv("HOME") { candidates.append(String(cString: env)) }
        candidates.append(FileManager.default.homeDirectoryForCurrentUser.path)
        var homes: [String] = []
        for candidate in candidates where candidate.hasPrefix("/") {
            if case .success(let p) = realPath(candidate), !homes.contains(p) { homes.append(p) }
        }
        return homes
    }

    struct PathProblem: Error { var message: String }

    /// Resolves symbolic links and `.`/`..` component by component, like
    /// realpath(3), except that the part that does not exist yet is kept
    /// (normalised) instead of being an error.
    static func realPath(_ path: String) -> Result<String, PathProblem> {
        var resolved = ""  // "" is the root folder
        var missingDepth = 0  // trailing components of `resolved` that do not exist
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                // `resolved` holds no links, so its lexical parent is its real parent.
                if let slash = resolved.lastIndex(of: "/") { resolved = String(resolved[..<slash]) }
                missingDepth = max(0, missingDepth - 1)
                continue
            }
            let candidate = resolved + "/" + component
            if missingDepth > 0 {
                resolved = candidate
                missingDepth += 1
                continue
            }
            if let real = realpath(candidate, nil) {
                resolved = String(cString: real)
                free(real)
                if resolved == "/" { resolved = "" }
            } else if errno == ENOENT {
                var st = stat()
                if lstat(candidate, &st) == 0 {
                    return .failure(PathProblem(message: "\(candidate) is a symbolic link to nothing"))
                }
                resolved = candidate
                missingDepth = 1
            } else {
                return .failure(PathProblem(message: "\(candidate): \(String(cString: strerror(errno)))"))
            }
        }
        return .success(resolved.isEmpty ? "/" : resolved)
    }
}
