import Foundation

extension StarterImage {
    /// True when the file at `path` holds init's starter picture, by its bytes (it
    /// may have been moved or renamed; a picture of the site's own is never its twin):
    /// `publish` fails while site.yml's `image:` is still this one.
    static func isStarter(atPath path: String) -> Bool {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
              size == bytes.count, let data = FileManager.default.contents(atPath: path) else { return false }
        return [UInt8](data) == bytes
    }
}
