import Load
import Support

/// Sizes of image files by path from the last build, kept while the file's stamp
/// is unchanged. Not thread-safe: one build uses it at a time (`BuildMemo`).
final class ImageSizeMemo {
    private var entries: [String: (stamp: FileStamp, size: ImageSize?)] = [:]

    /// The size of the image at `path` (nil: not an image blogbuild reads).
    func size(of path: String) -> ImageSize? {
        guard let stamp = FileStamp.of(path) else { return nil }
        if let hit = entries[path], hit.stamp == stamp { return hit.size }
        let size = ImageSize.fromFile(path)
        entries[path] = (stamp, size)
        return size
    }
}
