/// Turns site paths (`/2021/03/x/`) into the URLs written into pages: root-relative
/// under `base_url`'s path for `build`, absolute from `base_url` for `publish`.
/// Absolute URLs are made by `AbsoluteURLs.absolute`, as the feeds' and the sitemap's
/// are: one maker, percent-encoding what a URL cannot hold one way.
public struct URLMaker: Sendable {
    /// The maker of absolute URLs under `base_url`.
    let absoluteURLs: AbsoluteURLs
    /// The path part of `base_url`, ending in `/` (usually just `/`).
    public let basePath: String
    public let absolute: Bool

    public init(baseURL: String, absolute: Bool) {
        let base = BaseURL(baseURL)
        absoluteURLs = AbsoluteURLs(baseURL: baseURL)
        self.absolute = absolute
        basePath = base.path
    }

    /// The URL to write for a site path starting with `/`. Anything else
    /// (`https://…`, relative paths, `mailto:`) is returned as it is.
    public func url(_ sitePath: String) -> String {
        guard sitePath.hasPrefix("/"), !sitePath.hasPrefix("//") else { return sitePath }
        return absolute ? absoluteURLs.absolute(sitePath) : basePath + sitePath.dropFirst()
    }

    /// Always absolute (canonical links, Open Graph).
    public func absoluteURL(_ sitePath: String) -> String {
        absoluteURLs.absolute(sitePath)
    }
}
