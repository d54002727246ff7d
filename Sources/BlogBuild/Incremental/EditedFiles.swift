import Foundation
import Load
import Render

/// The files a rebuild's watcher named, sorted into what a patched plan (`PlanPatch`)
/// can take: posts edited, new or gone; series and app files edited; the theme's
/// assets edited; templates. Nil when any of them needs the whole plan: site.yml, a
/// page or static file, a new or deleted series, app or asset, a new post that is not
/// a plain file. Files that came and went between two walks (an editor's scratch
/// files) and junk the walk never loads are left out.
struct EditedFiles {
    var posts: [String] = []
    var newPosts: [(path: String, relative: String)] = []
    var gonePosts: [String] = []
    var seriesAndApps: [String] = []
    var templates = false
    /// Edited assets: the name the theme knows each by, and its file.
    var assets: [(name: String, path: String)] = []

    var isEmpty: Bool {
        posts.isEmpty && newPosts.isEmpty && gonePosts.isEmpty && seriesAndApps.isEmpty && assets.isEmpty && !templates
    }
    /// Posts came or went: the order, lists and routes change.
    var postsCameOrWent: Bool { !newPosts.isEmpty || !gonePosts.isEmpty }

    init?(_ changed: Set<String>, siteDirectory: URL, theme: Theme, documents: DocumentMemo) {
        let contentFolder = siteDirectory.appendingPathComponent("content").standardizedFileURL.path + "/"
        let templatesFolder = siteDirectory.appendingPathComponent("templates").standardizedFileURL.path + "/"
        let assetsFolder = templatesFolder + "assets/"
        for path in changed.sorted() {
            let exists = FileManager.default.fileExists(atPath: path)
            if path.hasPrefix(assetsFolder) {
                let name = String(path.dropFirst(assetsFolder.count))
                // An editor's temporary file, renamed over the asset, came and went.
                if !exists && theme.assets[name] == nil { continue }
                // A new or deleted asset changes which files the output has.
                guard exists, theme.assets[name] != nil else { return nil }
                assets.append((name, path))
                continue
            }
            if path.hasPrefix(templatesFolder) {
                templates = true
                continue
            }
            guard path.hasPrefix(contentFolder) else { return nil }
            let relative = String(path.dropFirst(contentFolder.count))
            // Junk is never loaded (`.x.md.swp`, `x.md~`); a file that is gone and that the last
            // walk did not find came and went (an editor's scratch file: vim's `4913`).
            let found = documents.wasFound(path)
            if ContentWalker.isJunk(relativePath: relative) || (!exists && !found) { continue }
            let kind = ContentEntry.kind(of: relative)
            if kind == .series || kind == .app {
                // Edited (`SeriesAppPatch`); a new or deleted one changes every index after it.
                guard exists, found else { return nil }
                seriesAndApps.append(path)
                continue
            }
            guard kind == .post else { return nil }
            if !exists {
                gonePosts.append(path)
            } else if found {
                posts.append(path)
            } else {
                guard Self.isPlainFile(path) else { return nil }
                newPosts.append((path, relative))
            }
        }
    }

    /// Whether `path` is a regular file (not a folder or a link), as the walk of content/ takes it.
    private static func isPlainFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
