import Foundation

extension SiteConfig {
    /// `text` as a base URL, ending with `/`; nil unless it is an absolute http(s)
    /// URL with a host and no query or fragment. site.yml's `base_url` and the
    /// `--base-url` that overrides it are held to the same rule.
    public static func checkedBaseURL(_ text: String) -> String? {
        let trimmed = ContentText.trimmed(text)
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil else { return nil }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }
}
