/// A value `blogbuild init` writes into site.yml for the user to replace, still
/// there: the site would go live at `https://example.com/`, or by "Your Name".
public struct InitPlaceholder: Sendable, Hashable {
    public enum Key: String, Sendable, Hashable {
        case baseURL = "base_url"
        case author
    }

    public var key: Key
    /// Where site.yml writes it (the value of `base_url:`, the author's name).
    public var location: SourceLocation?

    /// What is said about it: a notice while the site is being written (`build`,
    /// `serve`), an error where it would go live (`publish`, and `check`, which
    /// reports what publish fails on).
    func diagnostic(strict: Bool) -> Diagnostic {
        let message: String
        switch key {
        case .baseURL:
            message = "'base_url' is the placeholder \(ConfigLoader.placeholderBaseURL) that blogbuild init writes: "
                + "set it to the address the site is published at"
                + (strict ? " (or give it with --base-url URL, as init's GitHub workflow does)" : "")
        case .author:
            message = "'author' is the placeholder name \"\(ConfigLoader.placeholderAuthorName)\" that blogbuild init writes: "
                + (strict ? "write your own name" : "pages and feeds show it as the author")
        }
        return Diagnostic(file: ConfigLoader.path, line: location?.line, column: location?.column,
                          message: message, severity: strict ? .error : .notice)
    }
}
