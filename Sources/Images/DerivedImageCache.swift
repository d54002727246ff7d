import Foundation
import Support
import Site

/// Derived images kept between builds, in a folder shared by build, serve and
/// publish (`.blogbuild-cache/images/` in the site, which `init`'s .gitignore
/// leaves out). A derived image is named by what it is made from: the SHA-256 of
/// the source's bytes, the width, format and quality, and libvips's version. So a
/// changed image is made again, an unchanged one never, and two sites' caches
/// cannot disagree.
public struct DerivedImageCache: Sendable {
    /// What to make: which source, how wide, in what format.
    struct Request: Sendable, Hashable {
        var source: String
        var width: Int
        var format: ImageFormat
        var quality: Int
    }

    /// The cache folder.
    public var folder: URL
    /// libvips's version (`LibvipsFacts`): a new libvips may encode differently.
    public var libvipsVersion: String

    /// Where a site keeps its cache, relative to the site folder.
    static let siteFolder = ".blogbuild-cache/images"

    /// The version of blogbuild's own encoder settings (`cvips.c`'s savers): raised
    /// whenever they change, so a warm cache never serves bytes a cold one would
    /// not make. 2: PNG at zlib level 6, not 9. 3: untagged images are not sent
    /// through a colour profile (which shifted their colours).
    static let encoderSettings = 3

    /// The file holding the derived image: the cache's when it holds it, else
    /// made with libvips and stored first (written to a temporary file and
    /// renamed, so a build killed halfway leaves no half file behind).
    /// `sourceHash`: the SHA-256 of the source's bytes (`ImageLibrary.sha256`).
    func file(_ request: Request, sourceHash hash: String) -> Result<(file: URL, cached: Bool), ImageLibrary.Failure> {
        let name = "\(hash)-w\(request.width)-q\(request.quality)-vips\(libvipsVersion)-e\(Self.encoderSettings).\(request.format.fileExtension)"
        let file = folder.appendingPathComponent(String(hash.prefix(2))).appendingPathComponent(name)
        if Self.holds(file) { return .success((file, true)) }
        // Two builds in one process (tests, serve's rebuild beside a check) asking for
        // the same image wait for each other rather than both making it.
        let lock = Self.making[abs(name.hashValue) % Self.making.count]
        lock.lock()
        defer { lock.unlock() }
        if Self.holds(file) { return .success((file, true)) }
        switch ImageLibrary.derive(request.source, width: request.width, format: request.format, quality: request.quality) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes):
            guard Self.writeAtomically(Data(bytes), to: file) else {
                return .failure(ImageLibrary.Failure(message: "cannot store a derived image in \(folder.path)"))
            }
            return .success((file, false))
        }
    }

    /// Removes the derived images of sources no longer known (`keeping`: the hashes
    /// of every source the index holds), so replacing a photo does not leave its old
    /// variants behind for ever. Only files older than `minimumAge` seconds go: a
    /// build running beside this one (serve and build, tests sharing a cache) may
    /// have just made an image its index has not recorded yet. Returns how many went.
    @discardableResult
    public func prune(keeping: Set<String>, minimumAge: TimeInterval = 3600, now: Date = Date()) -> Int {
        let fm = FileManager.default
        var removed = 0
        for shard in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] where shard.count == 2 {
            let shardFolder = folder.appendingPathComponent(shard)
            for name in (try? fm.contentsOfDirectory(atPath: shardFolder.path)) ?? [] {
                guard let dash = name.firstIndex(of: "-"), !keeping.contains(String(name[..<dash])) else { continue }
                let file = shardFolder.appendingPathComponent(name)
                guard let stamp = FileStamp.of(file.path), now.timeIntervalSince1970 - Double(stamp.modified) / 1e9 >= minimumAge else { continue }
                if (try? fm.removeItem(at: file)) != nil { removed += 1 }
            }
        }
        return removed
    }

    /// Locks for making derived images, by name: one image is made once at a time in this process.
    private static let making = (0..<64).map { _ in NSLock() }

    /// One stat (FileManager's attributes cost several system calls, and a warm
    /// build asks this of every variant).
    private static func holds(_ file: URL) -> Bool {
        (FileStamp.of(file.path)?.size ?? 0) > 0
    }

    /// Writes `data` to a temporary file beside `file` and renames it into place,
    /// so no reader (another build, serve) ever sees half a file. False when it cannot.
    @discardableResult
    static func writeAtomically(_ data: Data, to file: URL) -> Bool {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        guard rename(temporary.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        return true
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(folder: URL, libvipsVersion: String) {
        self.folder = folder
        self.libvipsVersion = libvipsVersion
    }
}
