import Foundation
import Load
import Support
import Diagnostics
import Output

/// The images under `content/` that are published as they are (not made by
/// libvips: a file a page links to, an image no page shows, every image when
/// libvips is missing or `images: { resize: false }`), without their metadata:
/// a phone photo's GPS position must never leave. JPEG, PNG, WebP, HEIC and
/// AVIF are stripped losslessly (`MetadataStripper`); a broken file cannot be,
/// and is a warning naming it, so `publish` fails (`build` still copies it, for
/// a look at the site).
public enum PublishedOriginals {
    /// The names of files looked into (the format is then told by the bytes).
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "apng", "webp", "heic", "heif", "hif", "avif"]

    /// `files` with each copy of a static image whose metadata went replaced by
    /// the stripped bytes. `staticFiles`: the site's, to tell its images from
    /// the cache's derived ones (which libvips stripped already).
    public static func stripping(_ files: [OutputFile], staticFiles: [StaticFile]) -> (files: [OutputFile], diagnostics: [Diagnostic]) {
        let images = Dictionary(staticFiles.filter { imageExtensions.contains(($0.relativePath as NSString).pathExtension.lowercased()) }
            .map { ($0.absolutePath, $0.relativePath) }, uniquingKeysWith: { a, _ in a })
        guard !images.isEmpty else { return (files, []) }
        var sources = Set<String>()
        for file in files {
            if case .copy(let from) = file.contents, images[from] != nil { sources.insert(from) }
        }
        let ordered = sources.sorted()
        let outcomes = ordered.parallelMap { path -> MetadataStripper.Outcome in
            guard let data = FileManager.default.contents(atPath: path) else { return .malformed("cannot read the file") }
            return MetadataStripper.strip([UInt8](data))
        }
        var stripped: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        for (path, outcome) in zip(ordered, outcomes) {
            let name = "content/" + (images[path] ?? path)
            switch outcome {
            case .unchanged, .notAnImage: continue
            case .stripped(let bytes): stripped[path] = bytes
            case .malformed(let why):
                diagnostics.append(Diagnostic(file: name, message: "image '\(name)' would be published as it is, with whatever metadata it holds: "
                                              + "\(why), so blogbuild cannot remove it; fix or remove the file", severity: .warning))
            }
        }
        guard !stripped.isEmpty else { return (files, diagnostics) }
        let out = files.map { file -> OutputFile in
            guard case .copy(let from) = file.contents, let bytes = stripped[from] else { return file }
            return OutputFile(path: file.path, contents: .bytes(bytes))
        }
        return (out, diagnostics)
    }
}
