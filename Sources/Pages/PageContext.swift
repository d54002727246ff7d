import Load
import Site
import Render

/// The context of one page while its kind fills it in (`PageKind.context`):
/// the kind sets `page` (with `values.page(…)`) and its own names on `root`;
/// `RouteValues` adds what every page has (`site`, its nav, `strings`).
struct PageContext {
    let site: Site
    let urls: URLMaker
    let values: TemplateValues
    /// The context's root, laid out by the template's shape: the kind's own names go here.
    var root: TemplateRecord
    /// `page`, holding what every page has (`TemplateValues.pageWithSiteFeeds`) until the kind fills it in.
    var page: TemplateRecord

    var strings: ThemeStrings { site.config.strings }

    /// `page` for a page of kind `kind` (its `page.kind` and `page.is_<kind>`), made from what every page has.
    mutating func setPage(kind: String, title: String, path: String, description: String?,
                          params: [String: FrontMatterValue] = [:], ownFeed: FeedCollection? = nil) {
        page = values.page(page, kind: kind, title: title, path: path, description: description, params: params, ownFeed: ownFeed)
    }

    /// The absolute URL of a `social_image:` written in `file`: its largest
    /// processed variant when it was processed, else the file itself.
    func sharedImage(_ src: String, from file: String) -> String {
        let shared = site.imageVariants(src, in: file).map { "/" + $0.fallbackPath }
        return urls.absoluteURL(shared ?? ImageReference.sitePath(src, from: file))
    }

    /// The absolute URL of app `i`'s icon as a page's og:image: its largest
    /// processed variant (never the original with its metadata), else the file.
    func appIcon(_ i: Int) -> String? {
        let app = site.apps[i].app
        guard let icon = app.icon else { return nil }
        return sharedImage(icon, from: app.sourcePath)
    }
}
