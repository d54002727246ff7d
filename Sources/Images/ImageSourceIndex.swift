import Foundation
import Support

/// What earlier builds learnt of each source image: the SHA-256 of its bytes
/// (which names its derived images in the cache) and its libvips header, kept
/// in the image cache (`sources.json`) for as long as the file's stamp (device,
/// inode, size, modification and change times) is unchanged. A warm build then
/// reads no image's bytes and does not load libvips at all: it only stats the
/// sources and copies the derived files.
///
/// Used from many threads at once (hashes are taken on all cores), so its state
/// sits behind a lock.
public final class ImageSourceIndex: @unchecked Sendable {
    struct Entry: Codable, Sendable, Equatable {
        var stamp: FileStamp
        var sha256: String?
        var header: ImageLibrary.Header?
    }

    static let fileName = "sources.json"

    private let file: URL?
    private let lock = NSLock()
    private var entries: [String: Entry]
    private var changed = false
    private var read = Set<String>()

    /// How many files were read (header or bytes) since this index was made or last
    /// counted: none in a warm build.
    public var filesRead: Int {
        lock.lock()
        defer { lock.unlock() }
        let count = read.count
        read = []
        return count
    }

    /// The index recorded in `cacheFolder` (empty when there is none or it cannot be read).
    public init(cacheFolder: URL?) {
        file = cacheFolder?.appendingPathComponent(Self.fileName)
        entries = file.flatMap { FileManager.default.contents(atPath: $0.path) }
            .flatMap { try? JSONDecoder().decode([String: Entry].self, from: $0) } ?? [:]
    }

    /// The header of the image at `path`: recorded while its stamp holds, else read.
    /// A failure is not recorded: the next build reads the file again and says why.
    public func header(of path: String) -> Result<ImageLibrary.Header, ImageLibrary.Failure> {
        guard let stamp = FileStamp.of(path) else { return ImageLibrary.header(path) }
        if let header = entry(path, stamp)?.header { return .success(header) }
        noteRead(path)
        let found = ImageLibrary.header(path)
        if case .success(let header) = found { update(path, stamp) { $0.header = header } }
        return found
    }

    /// The SHA-256 of the bytes of the image at `path`: recorded while its stamp holds,
    /// else read and hashed; nil when the file cannot be read (or libvips is absent).
    func sha256(of path: String) -> String? {
        guard let stamp = FileStamp.of(path) else { return nil }
        if let hash = entry(path, stamp)?.sha256 { return hash }
        noteRead(path)
        guard let data = FileManager.default.contents(atPath: path), let hash = ImageLibrary.sha256([UInt8](data)) else { return nil }
        // The file may have changed while it was read: record the hash only if the stamp still holds.
        if FileStamp.of(path) == stamp { update(path, stamp) { $0.sha256 = hash } }
        return hash
    }

    /// Writes the index back when this build learnt something, keeping only the
    /// entries of files that still exist (a deleted image's entry goes). True when
    /// it wrote: then some image changed or went, and the cache may hold images
    /// no source makes any more (`DerivedImageCache.prune`).
    @discardableResult
    public func save() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard changed, let file else { return false }
        // Another build sharing the cache (serve beside a build, another checkout
        // with the same BLOGBUILD_CACHE_DIR) may have recorded images since this
        // index was read: keep those too, or pruning would take their variants.
        let onDisk = FileManager.default.contents(atPath: file.path)
            .flatMap { try? JSONDecoder().decode([String: Entry].self, from: $0) } ?? [:]
        entries.merge(onDisk) { mine, _ in mine }
        entries = entries.filter { FileManager.default.fileExists(atPath: $0.key) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entries) else { return false }
        DerivedImageCache.writeAtomically(data, to: file)
        changed = false
        return true
    }

    /// The hashes of every source the index knows.
    public var hashes: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(entries.values.compactMap(\.sha256))
    }

    private func noteRead(_ path: String) {
        lock.lock()
        read.insert(path)
        lock.unlock()
    }

    private func entry(_ path: String, _ stamp: FileStamp) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry
    }

    private func update(_ path: String, _ stamp: FileStamp, _ change: (inout Entry) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        var entry = entries[path].flatMap { $0.stamp == stamp ? $0 : nil } ?? Entry(stamp: stamp)
        change(&entry)
        entries[path] = entry
        changed = true
    }
}
