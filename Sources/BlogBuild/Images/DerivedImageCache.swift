import Foundation

/// Derived images kept between builds, in a folder shared by build, serve and
/// publish (`.blogbuild-cache/images/` in the site, which `init`'s .gitignore
/// leaves out). A derived image is named by what it is made from: the SHA-256 of
/// the source's bytes, the width, format and quality, and libvips's version. So a
/// changed image is made again, an unchanged one never, and two sites' caches
/// cannot disagree.
struct DerivedImageCache: Sendable {
    /// What to make: which source, how wide, in what format.
    struct Request: Sendable, Hashable {
        var source: String
        var width: Int
        var format: ImageFormat
        var quality: Int
    }

    /// The cache folder.
    var folder: URL

    /// Where a site keeps its cache, relative to the site folder.
    static let siteFolder = ".blogbuild-cache/images"

    /// The derived image's bytes: from the cache when it holds them, else made
    /// with libvips and stored.
    func image(_ request: Request, sourceBytes: [UInt8]) -> Result<(bytes: [UInt8], cached: Bool), ImageLibrary.Failure> {
        guard let hash = ImageLibrary.sha256(sourceBytes) else {
            return .failure(ImageLibrary.Failure(message: "cannot hash the image (libvips is not loaded)"))
        }
        return file(request, sourceHash: hash).flatMap { found in
            guard let data = FileManager.default.contents(atPath: found.file.path) else {
                return .failure(ImageLibrary.Failure(message: "cannot read \(found.file.path)"))
            }
            return .success((Array(data), found.cached))
        }
    }

    /// The file holding the derived image: the cache's when it holds it, else
    /// made with libvips and stored first (written to a temporary file and
    /// renamed, so a build killed halfway leaves no half file behind).
    /// `sourceHash`: the SHA-256 of the source's bytes (`ImageLibrary.sha256`).
    func file(_ request: Request, sourceHash hash: String) -> Result<(file: URL, cached: Bool), ImageLibrary.Failure> {
        guard case .success(let version) = ImageLibrary.loaded else {
            if case .failure(let failure) = ImageLibrary.loaded { return .failure(failure) }
            return .failure(ImageLibrary.Failure(message: "libvips is not loaded"))
        }
        let name = "\(hash)-w\(request.width)-q\(request.quality)-vips\(version).\(request.format.fileExtension)"
        let file = folder.appendingPathComponent(String(hash.prefix(2))).appendingPathComponent(name)
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size > 0 {
            return .success((file, true))
        }
        switch ImageLibrary.derive(request.source, width: request.width, format: request.format, quality: request.quality) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes):
            let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp")
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: temporary)
                guard rename(temporary.path, file.path) == 0 else {
                    try? FileManager.default.removeItem(at: temporary)
                    return .failure(ImageLibrary.Failure(message: "cannot store a derived image in \(folder.path)"))
                }
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                return .failure(ImageLibrary.Failure(message: "cannot store a derived image in \(folder.path): \(error.localizedDescription)"))
            }
            return .success((file, false))
        }
    }
}
