/// Turns site paths (`/2021/03/x/`) into the URLs written into pages: root-relative
/// under `base_url`'s path for `build`, absolute from `base_url` for `publish`.
public struct URLMaker: Sendable {
    /// `base_url`, ending in `/`.
    let baseURL: String
    /// The path part of `base_url`, ending in `/` (usually just `/`).
    public let basePath: String
    public let absolute: Bool

    public init(baseURL: String, absolute: Bool) {
        let base = BaseURL(baseURL)
        self.baseURL = base.text
        self.absolute = absolute
        basePath = base.path
    }

    /// The URL to write for a site path starting with `/`. Anything else
    /// (`https://…`, relative paths, `mailto:`) is returned as it is.
    public func url(_ sitePath: String) -> String {
        guard sitePath.hasPrefix("/"), !sitePath.hasPrefix("//") else { return sitePath }
        return (absolute ? baseURL : basePath) + sitePath.dropFirst()
    }

    /// Always absolute (canonical links, Open Graph).
    public func absoluteURL(_ sitePath: String) -> String {
        guard sitePath.hasPrefix("/"), !sitePath.hasPrefix("//") else { return sitePath }
        return baseURL + sitePath.dropFirst()
    }
}
