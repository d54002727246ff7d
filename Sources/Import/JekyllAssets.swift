import Foundation

/// Finds the files jekyll-assets serves (`{% asset name.png %}`) where it looks
/// for them, and gives each its URL on the old site, `/assets/NAME`, which the
/// import keeps by copying the file there.
struct JekyllAssets {
    /// jekyll-assets' default source folders, in its order, then the site's own (`assets: sources:`).
    static let defaultSources = ["_assets/images", "_assets/img", "_assets/image", "_assets/css", "_assets/stylesheets",
                                 "_assets/js", "_assets/javascript", "_assets/javascripts", "_assets/fonts", "_assets/videos",
                                 "_assets/video", "_assets", "assets/images", "assets/img", "assets/image", "assets/css",
                                 "assets/stylesheets", "assets/js", "assets/javascript", "assets/javascripts", "assets/fonts",
                                 "assets/videos", "assets/video", "assets", "images", "img", "css", "js", "fonts", "videos"]
    var root: URL
    var sources: [String]
    /// Files found so far: the copy to write for each URL.
    private(set) var copies: [String: String] = [:]

    init(root: URL, config: ImportValue) {
        self.root = root
        let own = config["assets"]?["sources"]?.texts() ?? []
        sources = own.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 } + Self.defaultSources
    }

    /// The URL of asset `name` (`x.png`, `articles/x.css`, or without its extension), nil when no source folder has it.
    mutating func url(of name: String) -> String? {
        var name = name
        while name.hasPrefix("/") { name.removeFirst() }
        guard !name.isEmpty, !name.contains("..") else { return nil }
        let fm = FileManager.default
        for folder in sources {
            let candidate = root.appendingPathComponent(folder).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            var found: URL?
            if fm.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                found = candidate
            } else if (name as NSString).pathExtension.isEmpty {
                // Sprockets finds `name` by its logical name, without the extension.
                let dir = candidate.deletingLastPathComponent()
                let base = candidate.lastPathComponent
                found = (try? fm.contentsOfDirectory(atPath: dir.path))?.sorted()
                    .first { ($0 as NSString).deletingPathExtension == base }.map { dir.appendingPathComponent($0) }
            }
            if let found {
                let folderPart = name.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                let url = "/assets/" + (folderPart.isEmpty ? "" : folderPart + "/") + found.lastPathComponent
                copies[url] = found.path
                return url
            }
        }
        return nil
    }
}
