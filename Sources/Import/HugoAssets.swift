import Foundation

/// Files of Hugo's `assets/` folder that content refers to. Hugo publishes an
/// asset only when a template takes it (`resources.Get "images/a.png"`), at its
/// path under `assets/` (`/images/a.png`); once the import has written those
/// references as site paths, the files they name are copied there.
enum HugoAssets {
    /// A copy of each `assets/` file that a body names by its site path and that no
    /// other copy already writes.
    static func referenced(root: URL, bodies: [String], copies: [ImportedSite.Copy],
                           report: inout ImportReport) -> [ImportedSite.Copy] {
        let folder = root.appendingPathComponent("assets")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        let assets = SourceTree(folder) { $0.split(separator: "/").last?.hasPrefix(".") == true }
        let files = Set(assets.files)
        let taken = Set(copies.map(\.path))
        guard let regex = try? NSRegularExpression(pattern: #"(?<=["'(\s=])/([^"'()\s?#<>]+)"#) else { return [] }
        var wanted = Set<String>()
        for body in bodies {
            let ns = body as NSString
            for match in regex.matches(in: body, range: NSRange(location: 0, length: ns.length)) {
                let path = ns.substring(with: match.range(at: 1))
                let name = path.removingPercentEncoding ?? path
                if files.contains(name), !taken.contains("content/" + name) { wanted.insert(name) }
            }
        }
        if !wanted.isEmpty { report.count("assets/ files the content shows → copied to their Hugo address", wanted.count) }
        return wanted.sorted().map { ImportedSite.Copy(path: "content/" + $0, from: assets.absolute($0)) }
    }
}
