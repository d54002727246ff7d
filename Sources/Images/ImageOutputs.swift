import Foundation
import Load
import Synchronization
import Support
import Diagnostics
import Output
import Site

/// The files of processed images: every variant, made (or found in the cache)
/// on all cores, as copies of the cache's files.
public enum ImageOutputs {
    /// `sources`: each source's hash, kept by file stamp between builds, so a warm
    /// build reads no image at all.
    public static func files(for sets: [String: ImageVariantSet], quality: Int, cache: DerivedImageCache, sources: ImageSourceIndex,
                      uses: [String: ImagePlanner.Use],
                      counted: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> (files: [OutputFile], diagnostics: [Diagnostic], made: Int) {
        let ordered = sets.values.sorted { $0.sourcePath < $1.sourcePath }
        // Each source is hashed once (or its hash found in the index), then each of its variants looked up or made.
        let hashes: [String?] = ordered.parallelMap { sources.sha256(of: $0.file) }
        let jobs: [(set: ImageVariantSet, variant: ImageVariantSet.Variant, hash: String?)] = zip(ordered, hashes).flatMap { set, hash in
            set.variants.map { (set, $0, hash) }
        }
        // A first build after an import makes thousands of variants (30 s and more): told as they finish.
        let done = Mutex(0)
        let total = jobs.count
        let results = jobs.parallelMap { job -> Result<(file: URL, cached: Bool), ImageLibrary.Failure> in
            defer { if let counted { counted(done.withLock { $0 += 1; return $0 }, total) } }
            guard let hash = job.hash else { return .failure(ImageLibrary.Failure(message: "cannot read the file")) }
            return cache.file(.init(source: job.set.file, width: job.variant.width, format: job.variant.format, quality: quality),
                              sourceHash: hash)
        }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        var failed = Set<String>()
        var made = 0
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let found):
                files.append(OutputFile(path: job.variant.path, contents: .copy(from: found.file.path)))
                if !found.cached { made += 1 }
            case .failure(let failure):
                guard failed.insert(job.set.sourcePath).inserted else { continue }
                let use = uses[job.set.sourcePath]
                diagnostics.append(Diagnostic(file: use?.document ?? "content/" + job.set.sourcePath, line: use?.location?.line,
                                              column: use?.location?.column,
                                              message: "image 'content/\(job.set.sourcePath)' cannot be used: \(failure.message)"))
            }
        }
        return (files, diagnostics, made)
    }
}
