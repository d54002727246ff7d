import Foundation

/// A front-matter image (`social_image`, `image`) whose value names a file the
/// import does not write at that path: a bare name that the old site's own
/// templates put in a folder of theirs (`image: {file: statusbar.jpg}` shown from
/// `/img/blog/`). The one copied file of that name is used; when there are
/// several, or none, the key is left out and listed, never written broken.
enum FrontMatterImageFiles {
    static func resolved(_ documents: [ImportedSite.Document], copies: [ImportedSite.Copy],
                         report: inout ImportReport) -> [ImportedSite.Document] {
        let paths = Set(copies.map(\.path))
        var byName: [String: [String]] = [:]
        for path in copies.map(\.path).sorted() { byName[(path as NSString).lastPathComponent, default: []].append(path) }
        return documents.map { document in
            var document = document
            for key in ["social_image", "image"] {
                guard let index = document.fields.firstIndex(where: { $0.key == key }) else { continue }
                let value = document.fields[index].value
                guard let written = value.scalarText ?? value["src"]?.scalarText else { continue }
                switch find(written, in: document.path, paths: paths, byName: byName) {
                case .there:
                    break
                case .found(let path):
                    if value.scalarText != nil {
                        document.fields[index].value = .text(path)
                    } else if case .map(var entries) = value, let src = entries.firstIndex(where: { $0.key == "src" }) {
                        entries[src].value = .text(path)
                        document.fields[index].value = .map(entries)
                    }
                    report.count("front-matter image named without its folder → the one file of that name")
                case .several(let candidates):
                    document.fields.remove(at: index)
                    report.leave(document.source, line: nil, "\(key): \(written)",
                                 "no file at \(written); several files have its name (\(candidates.joined(separator: ", "))): not written, write the one you mean")
                case .missing:
                    document.fields.remove(at: index)
                    report.leave(document.source, line: nil, "\(key): \(written)",
                                 "no file of that name in the site's files: not written (it would be a broken image)")
                }
            }
            return document
        }
    }

    private enum Lookup { case there, found(String), several([String]), missing }

    /// Where the image `written` in the document at `path` is: at its path
    /// (root-relative, or relative to the document's folder, as blogbuild reads it),
    /// else the site path of the one copied file of its name.
    private static func find(_ written: String, in path: String, paths: Set<String>, byName: [String: [String]]) -> Lookup {
        let value = written.removingPercentEncoding ?? written
        // A URL of another host, or a template: not a file of this site.
        if value.contains("://") || value.hasPrefix("//") || value.contains("{{") || value.hasPrefix("data:") { return .there }
        let local = value.hasPrefix("/") ? "content" + value
            : RelativeURLs.resolveInside(value, folder: (path as NSString).deletingLastPathComponent)
        if let local, paths.contains(local) { return .there }
        let candidates = byName[(value as NSString).lastPathComponent] ?? []
        switch candidates.count {
        case 0: return .missing
        case 1: return .found("/" + candidates[0].dropFirst("content/".count))
        default: return .several(candidates.map { "/" + $0.dropFirst("content/".count) })
        }
    }
}
