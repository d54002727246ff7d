/// The media type of an image file blogbuild can show as a logo or icon, from
/// its extension (`logo.svg` → `image/svg+xml`); nil for anything else.
public enum ImageMediaType {
    public static func of(_ path: String) -> String? {
        let cut = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        let name = path[..<cut].lowercased()
        for (suffix, type) in [(".svg", "image/svg+xml"), (".png", "image/png"), (".ico", "image/x-icon"),
                               (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"), (".gif", "image/gif"), (".webp", "image/webp")]
        where name.hasSuffix(suffix) { return type }
        return nil
    }
}
