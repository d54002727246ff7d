/// The generators `blogbuild import` reads.
public enum ImportKind: String, Sendable, CaseIterable {
    /// A Jekyll site folder (`_config.yml`, `_posts/`).
    case jekyll
    /// A Hugo site folder (`hugo.toml` or `config.*`, `content/`).
    case hugo
    /// A WordPress export file (WXR).
    case wordpress
}

/// Why an import wrote nothing: the source is not a site of the kind asked for,
/// or the target already holds a site.
public struct ImportFailure: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
