import Foundation

extension SiteSeries {
    /// The series index's order: by title, case-insensitive, ties by slug. Resolve sorts the
    /// series by it, and a rebuild (`SeriesAppPatch`) moves a retitled series by it.
    public static func listedBefore(_ a: SiteSeries, _ b: SiteSeries) -> Bool {
        (a.series.title.lowercased(), a.series.slug) < (b.series.title.lowercased(), b.series.slug)
    }
}

extension SiteApp {
    /// The apps page's order: available apps before retired ones, then by release date,
    /// newest first, ties by slug. A rebuild keeps an app in place only while none of these change.
    public static func listedBefore(_ a: SiteApp, _ b: SiteApp) -> Bool {
        if a.app.status != b.app.status { return a.app.status == .available }
        let da = a.app.released?.instant ?? .distantPast, db = b.app.released?.instant ?? .distantPast
        if da != db { return da > db }
        return a.app.slug < b.app.slug
    }
}
