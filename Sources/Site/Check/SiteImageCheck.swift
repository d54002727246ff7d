import Diagnostics
import Load

/// site.yml's `image:` is only ever a URL in a `<meta>` tag, which the page link
/// checker does not follow: a missing file would go unnoticed until a link is
/// shared. It is a warning (publish fails) at the line of site.yml that names it.
public enum SiteImageCheck {
    public static func problems(in site: Site, configText: String?) -> [Diagnostic] {
        guard let written = site.config.image, let path = ImageReference.staticPath(written, from: ConfigLoader.path),
              !site.staticFiles.contains(where: { $0.relativePath == path }) else { return [] }
        let at = configText.map(SourceDocument.config)?.location(of: written)
        return [Diagnostic(file: ConfigLoader.path, line: at?.line, column: at?.column,
                           message: "'image' names '\(written)', but content/\(path) does not exist "
                               + "(the picture shared links to pages show)",
                           severity: .warning)]
    }
}
