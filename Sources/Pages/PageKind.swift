import Diagnostics
import Load
import Site
import Render

/// A kind of page the site has (a post, a home page, a tag, a redirect, …),
/// declared once, in a file of its own: which pages of it a site has (their
/// URLs, from `SiteURLs`), the templates they render with and the names each
/// template's context adds, what a page of it is made from (`RouteInputs`), how
/// its context is filled, and its date in the sitemap. The router, the render
/// keys, the template contracts, the sitemap and the incremental layer all read
/// this table (`PageKinds.all`) and know no kind by name.
public final class PageKind: Sendable {
    /// Where a page of this kind stands in the sitemap.
    public enum SitemapEntry {
        /// Not a page to index (a redirect, the 404 page).
        case unlisted
        /// Listed, last changed then (nil: unknown, e.g. a standalone page).
        case listed(PostDate?)
    }

    /// The kind's name in routes and messages (`post`, `home`, `alias`).
    let name: String
    /// The templates its pages render with, each with the names its context adds to
    /// `site`, `page` and `strings`. Made anew on each call: every template gets a
    /// shape tree of its own (`ContextShapes`).
    let templates: @Sendable () -> [(name: String, own: ContextShapes.Fields)]
    /// Its pages in `site`; a problem with one (an alias that is the page's own URL) is a diagnostic.
    let routes: @Sendable (Site, inout [Diagnostic]) -> [Route]
    /// For a kind whose pages each belong to one post and are made from that post
    /// alone (its own page, redirects from its old URLs): one post's pages, `item` its
    /// index. `routes` is then every post's, in the posts' order, and a patched plan
    /// makes them again only for the posts that changed (`Router.patchedRoutes`).
    let postRoutes: (@Sendable (Site, Int, inout [Diagnostic]) -> [Route])?
    /// The template a page renders with; nil for a page the engine writes itself (`redirect`).
    let template: @Sendable (Route, Site) -> String?
    /// What a page is made from besides the site as a whole.
    public let inputs: @Sendable (Route, Site) -> RouteInputs
    /// Fills the page's context: `page` and the kind's own names.
    let context: @Sendable (Route, inout PageContext) -> Void
    /// Its entry in the sitemap.
    public let sitemap: @Sendable (Route, Site) -> SitemapEntry
    /// For a page the engine writes itself: the title and site path it sends readers to.
    let redirect: (@Sendable (Route, Site) -> (title: String, url: String))?

    /// A kind whose pages belong to each post (`postRoutes`).
    convenience init(name: String,
                     templates: @escaping @Sendable () -> [(name: String, own: ContextShapes.Fields)],
                     postRoutes: @escaping @Sendable (Site, Int, inout [Diagnostic]) -> [Route],
                     inputs: @escaping @Sendable (Route, Site) -> RouteInputs,
                     context: @escaping @Sendable (Route, inout PageContext) -> Void = { _, _ in },
                     sitemap: @escaping @Sendable (Route, Site) -> SitemapEntry,
                     redirect: (@Sendable (Route, Site) -> (title: String, url: String))? = nil) {
        self.init(name: name, templates: templates,
                  routes: { site, diagnostics in
                      var all: [Route] = []
                      all.reserveCapacity(site.posts.count)
                      for i in site.posts.indices { all += postRoutes(site, i, &diagnostics) }
                      return all
                  },
                  postRoutes: postRoutes, inputs: inputs, context: context, sitemap: sitemap, redirect: redirect)
    }

    init(name: String,
         templates: @escaping @Sendable () -> [(name: String, own: ContextShapes.Fields)],
         routes: @escaping @Sendable (Site, inout [Diagnostic]) -> [Route],
         postRoutes: (@Sendable (Site, Int, inout [Diagnostic]) -> [Route])? = nil,
         template: (@Sendable (Route, Site) -> String?)? = nil,
         inputs: @escaping @Sendable (Route, Site) -> RouteInputs,
         context: @escaping @Sendable (Route, inout PageContext) -> Void = { _, _ in },
         sitemap: @escaping @Sendable (Route, Site) -> SitemapEntry,
         redirect: (@Sendable (Route, Site) -> (title: String, url: String))? = nil) {
        self.name = name
        self.templates = templates
        self.routes = routes
        self.postRoutes = postRoutes
        // Most kinds have one template.
        let only = templates().first?.name
        self.template = template ?? { _, _ in only }
        self.inputs = inputs
        self.context = context
        self.sitemap = sitemap
        self.redirect = redirect
    }
}
