import ArgumentParser
import BlogBuild
import Load

/// `--base-url URL` for the commands that make the site's pages (build, publish,
/// check): the address the site is published at, in place of site.yml's
/// `base_url` (CI knows it: init's workflow passes what configure-pages says).
struct BaseURLOption: ParsableArguments {
    @Option(name: .customLong("base-url"),
            help: ArgumentHelp("The address the site is published at, instead of site.yml's base_url (e.g. https://user.github.io/repo/).",
                               valueName: "url"))
    var baseURL: String?

    /// Held to site.yml's rule for `base_url`: a usage error otherwise.
    func validate() throws {
        if let baseURL, SiteConfig.checkedBaseURL(baseURL) == nil {
            throw ValidationError("--base-url must be an absolute http(s) URL with no query or fragment (\"\(baseURL)\")")
        }
    }

    /// The URL as the build takes it (ending with `/`); nil when not given.
    var checked: String? { baseURL.flatMap(SiteConfig.checkedBaseURL) }
}
