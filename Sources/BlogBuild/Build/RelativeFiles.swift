import Load
import Markdown
import Support
import Output
import Site

/// Files a page references by a relative path (`![x](images/a.jpg)`), resolved
/// against the Markdown file's folder, get a copy beside the page's output so
/// the relative link works at the page's permalink.
enum RelativeFiles {
    static func copies(for docs: [SourceDocument], staticFiles: [StaticFile]) -> [OutputFile] {
        let byPath = Dictionary(staticFiles.map { ("/" + $0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [OutputFile] = []
        var seen = Set<String>()
        for doc in docs {
            // Front-matter images are made site paths (`ImageReference.sitePath`): no copy needed.
            let refs = doc.rendered.images + doc.rendered.links
            for ref in refs {
                guard !ref.isEmpty, !ref.hasPrefix("/"), !ref.hasPrefix("#"), !URLReference.isExternal(ref) else { continue }
                let path = SitePaths.percentDecoded(SitePaths.split(ref).path)
                guard !path.isEmpty,
                      let source = SitePaths.resolve(path, against: doc.sourceFolder),
                      let file = byPath[source],
                      let target = SitePaths.resolve(path, against: SitePaths.folder(of: doc.url)),
                      target != source
                else { continue }
                let outputPath = String(target.dropFirst())
                if seen.insert(outputPath).inserted {
                    out.append(OutputFile(path: outputPath, contents: .copy(from: file.absolutePath)))
                }
            }
        }
        return out
    }
}
