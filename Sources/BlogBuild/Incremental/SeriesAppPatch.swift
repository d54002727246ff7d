import Foundation
import Diagnostics
import Load
import Markdown
import Site
import Images

/// The part of a patched plan (`PlanPatch`) for edited series and app files
/// (`content/series/x.md`, `content/apps/x.md`): the file is read again and its
/// values and rendered Markdown replace the last build's, in place. A series or
/// app keeps its slug (the name posts use). An app keeps its place among the
/// others (by status and release date); a series whose new title moves it among
/// the others (they are listed by title) is moved, and the caller moves its posts'
/// series indices with it (`Outcome.seriesMove`): the series between changed places.
///
/// It gives up (the caller makes the whole plan) for a file that is new or gone,
/// has an error, changes its slug, its `order:`, its `draft:`, an app's place, or links a
/// Markdown file (those links are other pages' URLs), and for a series that moves
/// while a series intro shows an image (the series' order is the order of the
/// images' first uses). Images go through `ImagePlanner.update` like a post's.
enum SeriesAppPatch {
    /// What the edit changed, for the caller's reach and problems.
    struct Outcome {
        /// Series and apps (indices, after any move) whose file changed.
        var series: Set<Int> = []
        var apps: Set<Int> = []
        /// The edited files' part of the image plan, before and after.
        var images: [ImagePlanner.Change] = []
        /// Site paths of the files read again, and what loading them found.
        var files: [String] = []
        var problems: [Diagnostic] = []
        /// A series moved among the others (from, to): posts' series indices follow it
        /// (`movedIndex`), and the series' routes must be made again.
        var seriesMove: (from: Int, to: Int)?
        var seriesMoved: Bool { seriesMove != nil }
    }

    /// Where a series at index `i` is after the one at `from` moved to `to`.
    static func movedIndex(_ i: Int, from: Int, to: Int) -> Int {
        if i == from { return to }
        if i < min(from, to) || i > max(from, to) { return i }
        return from < to ? i - 1 : i + 1
    }

    /// Reads each file at `paths` (absolute; each a series or app file the last walk
    /// found) again and puts it in `plan`; nil when the whole plan must be made.
    static func apply(_ paths: [String], to plan: inout SitePlan, documents: DocumentMemo,
                      options: MarkdownOptions) -> Outcome? {
        var outcome = Outcome()
        for path in paths {
            guard let (entry, loaded) = documents.reload(path),
                  !loaded.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
            switch loaded.value {
            case .series(let series)?:
                guard let si = plan.site.series.indices.first(where: { plan.site.series[$0].series.sourcePath == entry.sitePath }),
                      let c = plan.content.series.firstIndex(where: { $0.sourcePath == entry.sitePath }) else { return nil }
                let old = plan.site.series[si]
                let intro = MarkdownRenderer.render(series.body, options: options)
                // A draft held back or let in changes which series the site has: the whole plan.
                guard series.slug == old.series.slug, series.order == old.series.order, series.draft == old.series.draft,
                      !intro.linksMarkdownFiles, !old.intro.linksMarkdownFiles else { return nil }
                let before = DocumentImageUses.of(.series(si), in: plan.site)
                plan.site.series[si].series = series
                plan.site.series[si].intro = intro
                plan.content.series[c] = series
                var at = si
                // Series are listed by title (`SiteSeries.listedBefore`): one whose title moves it is moved.
                let precedes = SiteSeries.listedBefore
                if !inOrder(plan.site.series, around: si, by: precedes) {
                    guard plan.site.series.allSatisfy({ $0.intro.images.isEmpty }) else { return nil }
                    let moving = plan.site.series.remove(at: si)
                    at = plan.site.series.firstIndex(where: { precedes(moving, $0) }) ?? plan.site.series.count
                    plan.site.series.insert(moving, at: at)
                    // Indices already noted belong to the old order.
                    outcome.series = Set(outcome.series.map { Self.movedIndex($0, from: si, to: at) })
                    // A second move in one rebuild would need the two composed: the whole plan.
                    guard outcome.seriesMove == nil else { return nil }
                    outcome.seriesMove = (si, at)
                }
                outcome.images.append(.init(sourcePath: series.sourcePath, images: intro.images, before: before,
                                            after: DocumentImageUses.of(.series(at), in: plan.site)))
                outcome.series.insert(at)
            case .app(let app)?:
                guard let ai = plan.site.apps.indices.first(where: { plan.site.apps[$0].app.sourcePath == entry.sitePath }),
                      let c = plan.content.apps.firstIndex(where: { $0.sourcePath == entry.sitePath }) else { return nil }
                let old = plan.site.apps[ai]
                let description = MarkdownRenderer.render(app.body, options: options)
                // Apps are listed by status, then release date, then slug (`SiteApp.listedBefore`): those stay.
                guard app.slug == old.app.slug, app.status == old.app.status, app.draft == old.app.draft,
                      app.released?.instant == old.app.released?.instant,
                      !description.linksMarkdownFiles, !old.description.linksMarkdownFiles else { return nil }
                let before = DocumentImageUses.of(.app(ai), in: plan.site)
                plan.site.apps[ai].app = app
                plan.site.apps[ai].description = description
                plan.content.apps[c] = app
                outcome.images.append(.init(sourcePath: app.sourcePath, images: description.images, before: before,
                                            after: DocumentImageUses.of(.app(ai), in: plan.site)))
                outcome.apps.insert(ai)
            default:
                return nil
            }
            outcome.files.append(entry.sitePath)
            outcome.problems += loaded.diagnostics
        }
        return outcome
    }

    /// After the sizes and variants of the image plan are known: the edited series'
    /// intros and apps' descriptions get their images' sizes and `<picture>`s, as
    /// the whole plan gives every document.
    static func finishImages(_ outcome: Outcome, in site: inout Site) {
        let sizes = site.imageSizes, variants = site.imageVariants
        for si in outcome.series {
            let path = site.series[si].series.sourcePath
            BodyImageSizes.apply(&site.series[si].intro, path, sizes)
            PictureMarkup.apply(&site.series[si].intro, path, variants)
        }
        for ai in outcome.apps {
            let path = site.apps[ai].app.sourcePath
            BodyImageSizes.apply(&site.apps[ai].description, path, sizes)
            PictureMarkup.apply(&site.apps[ai].description, path, variants)
        }
    }

    /// Whether `list[at]` is still after the one before it and before the one after it.
    private static func inOrder<T>(_ list: [T], around at: Int, by precedes: (T, T) -> Bool) -> Bool {
        (at == 0 || precedes(list[at - 1], list[at])) && (at + 1 == list.count || precedes(list[at], list[at + 1]))
    }
}
