import Foundation
import Support

/// Links written to another content file by its path (`[next](../../2022-12/b/index.md)`),
/// which Hugo resolves with `relref` from the linking file's folder (a site's link
/// render hook does, as Hugo's own does for a destination that is a page). The
/// import moves the files (`post/2022-12/b/index.md` → `posts/2022-12-01-b/index.md`),
/// so each such link is written as the linked page's new URL.
enum ContentFileLinks {
    /// `body` (of the file `source`, `content/…`) with each Markdown link or
    /// reference definition to a `.md` file that is a document written as `url(of:)`
    /// gives it (the target as a path from `content/`, without a fragment). A link in
    /// fenced code, or to a file that is no document, stays as written.
    static func resolved(_ body: String, source: String, url: (String) -> String?, report: inout ImportReport) -> String {
        guard body.contains(".md") else { return body }
        let folder = (String(source.dropFirst("content/".count)) as NSString).deletingLastPathComponent
        var out: [Substring] = []
        var fence: Substring?
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                out.append(line)
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                out.append(line)
                continue
            }
            out.append(line.contains(".md") ? Substring(rewrite(line, folder: folder, url: url, report: &report)) : line)
        }
        return out.joined(separator: "\n")
    }

    /// Rewrites the `](dest)` and `]: dest` destinations of `line` that end in `.md`
    /// (before a fragment), in angle brackets or not.
    private static func rewrite(_ line: Substring, folder: String, url: (String) -> String?, report: inout ImportReport) -> String {
        var out = ""
        var rest = line[...]
        while let bracket = rest.firstIndex(of: "]") {
            let after = rest[rest.index(after: bracket)...]
            var start: Substring.Index
            if after.hasPrefix("(") {
                start = after.index(after: after.startIndex)
            } else if after.hasPrefix(":") {
                start = after.index(after: after.startIndex)
                while start < after.endIndex, after[start] == " " || after[start] == "\t" { start = after.index(after: start) }
            } else {
                out += rest[...bracket]
                rest = after
                continue
            }
            if start < after.endIndex, after[start] == "<" { start = after.index(after: start) }
            let end = after[start...].firstIndex { $0 == ")" || $0 == " " || $0 == "\t" || $0 == ">" } ?? after.endIndex
            let written = String(after[start..<end])
            let hash = written.firstIndex(of: "#") ?? written.endIndex
            let dest = String(written[..<hash])
            out += rest[..<start]
            if dest.lowercased().hasSuffix(".md"), !URLReference.isExternal(dest), let target = contentPath(dest, folder: folder),
               let found = url(target) {
                out += found + written[hash...]
                report.count("links to a content file (../b/index.md) → its page's URL")
            } else {
                out += written
            }
            rest = after[end...]
        }
        return out + rest
    }

    /// The path from `content/` of `dest`, read from the linking file's `folder` (a
    /// leading `/` from `content/` itself, as `relref` reads it); nil above the root.
    static func contentPath(_ dest: String, folder: String) -> String? {
        let decoded = dest.removingPercentEncoding ?? dest
        var parts = decoded.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
        for part in decoded.split(separator: "/").map(String.init) {
            switch part {
            case ".", "": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
