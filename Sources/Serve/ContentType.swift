import Foundation

/// The `Content-Type` the dev server sends for a file, from its extension.
enum ContentType {
    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "webp": "image/webp",
        "gif": "image/gif",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "xml": "application/xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "map": "application/json",
        "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "wasm": "application/wasm",
    ]

    /// Files known by their whole name. Apple fetches `apple-app-site-association`
    /// (universal links, no extension) and requires it to be served as JSON.
    private static let byName: [String: String] = [
        "apple-app-site-association": "application/json",
    ]

    /// `style.css` → `text/css; charset=utf-8`; unknown or no extension → `application/octet-stream`.
    static func forFileName(_ name: String) -> String {
        if let known = byName[name] { return known }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? fallback
    }
}
