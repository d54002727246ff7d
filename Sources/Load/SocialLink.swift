import Foundation

/// One of the author's profiles elsewhere (`social:` in site.yml): a Mastodon
/// account, a GitHub profile, an email address, any page with an http(s) URL.
/// The theme links each in the footer and the home page's author block, and
/// names the profiles in `<head>` with `rel="me"`, which Mastodon's verification
/// and IndieAuth look for.
public struct SocialLink: Sendable, Hashable {
    /// The key as written in site.yml (`mastodon`, `youtube`), for templates and labels.
    public var name: String
    /// Where it links: an http(s) URL, or `mailto:` for `email`.
    public var url: String
    /// `email`: a `mailto:` link, which is no profile (no `rel="me"`).
    public var isEmail: Bool

    public init(name: String, url: String, isEmail: Bool = false) {
        self.name = name
        self.url = url
        self.isEmail = isEmail
    }

    /// Names whose labels are not their key capitalised: the services' own
    /// spelling. `email` and `website` are words, so they come from the theme's strings.
    static let properNames: [String: String] = [
        "mastodon": "Mastodon", "github": "GitHub", "bluesky": "Bluesky", "linkedin": "LinkedIn",
        "gitlab": "GitLab", "youtube": "YouTube", "stackoverflow": "Stack Overflow", "codeberg": "Codeberg",
        "sourcehut": "SourceHut", "threads": "Threads", "instagram": "Instagram", "twitter": "Twitter",
        "pixelfed": "Pixelfed", "peertube": "PeerTube", "twitch": "Twitch", "dribbble": "Dribbble",
    ]

    /// What a reader sees: the service's name (GitHub), the language's word for
    /// `email` and `website`, else the key capitalised (`podcast` → Podcast).
    public func label(strings: ThemeStrings) -> String {
        let key = name.lowercased()
        if key == "email" { return strings[.email] }
        if key == "website" { return strings[.website] }
        if let proper = Self.properNames[key] { return proper }
        let spaced = name.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The link `value` (as written under `name`) stands for, or what was
    /// expected instead. Full URLs are taken for every name; the handles people
    /// write are expanded where they can mean one thing only: `github: jane`,
    /// `bluesky: jane.bsky.social`, `mastodon: @jane@mastodon.social`;
    /// `email` takes an address (or a `mailto:` URL).
    static func parse(name: String, value: String) -> Result<SocialLink, Problem> {
        let text = ContentText.trimmed(value)
        let key = name.lowercased()
        if key == "email" {
            let address = text.lowercased().hasPrefix("mailto:") ? String(text.dropFirst("mailto:".count)) : text
            guard isEmailAddress(address) else {
                return .failure(Problem("must be an email address such as jane@example.com"))
            }
            return .success(SocialLink(name: name, url: "mailto:" + address, isEmail: true))
        }
        if let url = httpURL(text) { return .success(SocialLink(name: name, url: url)) }
        switch key {
        case "github":
            // GitHub user names: letters, digits and single hyphens, at most 39.
            let handle = text.hasPrefix("@") ? String(text.dropFirst()) : text
            if handle.count <= 39, handle.wholeMatch(of: /[A-Za-z0-9](?:-?[A-Za-z0-9])*/) != nil {
                return .success(SocialLink(name: name, url: "https://github.com/" + handle))
            }
            return .failure(Problem("must be a GitHub user name (jane) or a URL (https://github.com/jane)"))
        case "bluesky":
            // A Bluesky handle is a domain name: jane.bsky.social, or the person's own domain.
            let handle = text.hasPrefix("@") ? String(text.dropFirst()) : text
            if isDomain(handle) {
                return .success(SocialLink(name: name, url: "https://bsky.app/profile/" + handle.lowercased()))
            }
            return .failure(Problem("must be a Bluesky handle (jane.bsky.social) or a URL (https://bsky.app/profile/jane.bsky.social)"))
        case "mastodon":
            // `@jane@mastodon.social` (or without the first `@`): the user on their server.
            let parts = (text.hasPrefix("@") ? String(text.dropFirst()) : text).split(separator: "@", omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].wholeMatch(of: /[A-Za-z0-9_]+/) != nil, isDomain(String(parts[1])) {
                return .success(SocialLink(name: name, url: "https://\(parts[1].lowercased())/@\(parts[0])"))
            }
            return .failure(Problem("must be a Mastodon address (@jane@mastodon.social) or a URL (https://mastodon.social/@jane)"))
        default:
            return .failure(Problem("must be an http(s) URL such as https://example.com/jane"))
        }
    }

    /// Why a value was not taken, completing "'social.NAME' …".
    struct Problem: Error, Equatable {
        var expected: String
        init(_ expected: String) { self.expected = expected }
    }

    /// `text` when it is an absolute http(s) URL with a host.
    static func httpURL(_ text: String) -> String? {
        guard !text.contains(where: \.isWhitespace), let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return nil }
        return text
    }

    /// `jane.bsky.social`: dot-separated labels of letters, digits and inner hyphens, two at least.
    static func isDomain(_ text: String) -> Bool {
        text.wholeMatch(of: /(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]/) != nil
    }

    /// One `@`, something before it, a domain after it, nothing that would break the link.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty,
              !parts[0].contains(where: { $0.isWhitespace || "<>\"(),:;[]\\".contains($0) }) else { return false }
        return isDomain(String(parts[1]))
    }
}
