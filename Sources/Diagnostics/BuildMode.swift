import Foundation

/// How strict a build is and what it includes.
public enum BuildMode: Sendable, Hashable {
    /// `blogbuild build`: drafts and future posts only with `--drafts`; warnings do not fail.
    case build(includeDrafts: Bool)
    /// `blogbuild publish`: absolute URLs, no drafts or future posts, every warning fails.
    case publish
    /// `blogbuild check`: like `publish`, without writing.
    case check

    /// Whether drafts and future-dated posts are part of the site.
    public var includesDrafts: Bool {
        if case .build(let drafts) = self { return drafts }
        return false
    }

    /// Whether warnings fail the build.
    public var isStrict: Bool {
        if case .build = self { return false }
        return true
    }

    /// Whether links in pages are absolute URLs from `base_url`.
    public var usesAbsoluteURLs: Bool { isStrict }
}
