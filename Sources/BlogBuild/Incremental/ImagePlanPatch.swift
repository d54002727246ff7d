import Foundation
import Diagnostics
import Load
import Site
import Images

/// The image plan of a patched plan (`PlanPatch`), changed only for the images the
/// changed documents show or link, as the whole plan (`ImagePlanner.plan`) would
/// decide them: each document's part of the plan is in `ImageUseMemo`, so the
/// documents that use one of those images are found without reading the others.
///
/// For each such image: the documents that use it now decide how it is shown (as a
/// `<picture>`, as an icon, linked as a file), and its first use is the first of them
/// in the documents' order (posts newest first, then pages, series and apps), which
/// is what a problem found while processing it points at. An image no document shows
/// any more leaves the plan; one shown for the first time gets its variant set.
///
/// It gives up (the caller makes the whole plan) where other pages would change or a
/// problem would move: an image whose variant set changes (shown now as an icon too,
/// linked as a file), one with a problem (unusable, animated), one that shares its
/// name with an image of another extension, one that site.yml shows, or a plan made
/// without its parts (`ImageUseMemo` empty) or without libvips while `resize` is on.
enum ImagePlanPatch {
    /// One document's change: its part of the plan before (nil: it is new) and after
    /// (nil: it is gone), and the images its Markdown renders (what the memo compares).
    struct Change {
        var sourcePath: String
        var images: [String]
        var before: DocumentImageUses?
        var after: DocumentImageUses?
    }

    /// Applies `changes` to `plan`'s image plan and sizes; false when the whole plan must be made.
    /// `version`: a source path's load version (for the memo); `size`: an image file's width and height.
    static func apply(_ changes: [Change], to plan: inout SitePlan, memo: ImageUseMemo, version: (String) -> Int,
                      size: (String) -> ImageSize?) -> Bool {
        var affected = Set<String>()
        for change in changes {
            for uses in [change.before, change.after].compactMap({ $0 }) {
                affected.formUnion(uses.shown.map(\.path))
                affected.formUnion(uses.linked)
            }
        }
        if affected.isEmpty { return true }
        let files = Dictionary(plan.site.staticFiles.lazy.filter { affected.contains($0.relativePath) }.map { ($0.relativePath, $0.absolutePath) },
                               uniquingKeysWith: { a, _ in a })
        // What the changed documents show is sized from its file, as resolve sizes it.
        for change in changes {
            for shown in change.after?.shown ?? [] where plan.site.imageSizes[shown.path] == nil {
                if let file = files[shown.path], let found = size(file) { plan.site.imageSizes[shown.path] = found }
            }
        }
        let config = plan.site.config
        guard config.images.resize else { return true }
        guard let library = plan.imageLibrary, let sources = plan.imageSources, !memo.isEmpty else { return false }
        let configImages = [config.icon, config.author?.avatar, config.image].compactMap { written in
            written.flatMap { ImageReference.staticPath($0, from: ConfigLoader.path) }
        }
        guard affected.isDisjoint(with: configImages) else { return false }
        for change in changes {
            memo.record(change.sourcePath, version: version(change.sourcePath), images: change.images, uses: change.after)
        }

        // The images the plan processes: raster files of the site.
        let processed = affected.filter { path in
            files[path] != nil && ImagePlanner.rasterExtensions.contains((path as NSString).pathExtension.lowercased())
        }
        if processed.isEmpty { return true }
        let users = memo.users(of: processed)
        var firstUse: [String: ImagePlanner.Use] = [:]
        for ref in SourceDocument.Ref.all(in: plan.site) where firstUse.count < processed.count {
            guard let uses = users[ref.sourcePath(in: plan.site)] else { continue }
            for shown in uses.shown where processed.contains(shown.path) && firstUse[shown.path] == nil {
                firstUse[shown.path] = shown.use
            }
        }
        let modern = config.images.formats.compactMap(ImageFormat.init(rawValue:)).filter(Set(library.writable).contains)
        for path in processed.sorted() {
            guard let file = files[path], !hasProblem(path, file: file, in: plan) else { return false }
            let stem = (path as NSString).deletingPathExtension
            let sharesStem = plan.site.staticFiles.contains { other in
                other.relativePath != path && (other.relativePath as NSString).deletingPathExtension == stem
                    && ImagePlanner.rasterExtensions.contains((other.relativePath as NSString).pathExtension.lowercased())
            }
            guard !sharesStem else { return false }
            guard let use = firstUse[path] else {
                // No document shows it now.
                plan.site.imageVariants[path] = nil
                plan.imageUses[path] = nil
                continue
            }
            var plain = Set<Int>(), pictured = false, linked = false
            for uses in users.values {
                for shown in uses.shown where shown.path == path {
                    if shown.isIcon { plain.formUnion(ImagePlanner.iconWidths) } else { pictured = true }
                }
                if uses.linked.contains(path) { linked = true }
            }
            let decision = ImagePlanner.decide((path, file, use), header: sources.header(of: file), plainWidths: plain,
                                               isPictured: pictured, isLinked: linked, sharesStem: false,
                                               settings: config.images, modern: modern)
            guard case .variants(let set) = decision else { return false }
            if let old = plan.site.imageVariants[path], old != set { return false }
            plan.site.imageVariants[path] = set
            plan.site.imageSizes[path] = ImageSize(width: set.width, height: set.height)
            plan.imageUses[path] = use
        }
        return true
    }

    /// Whether the last plan found a problem with the image at `path` (its diagnostic
    /// points at its first use, which the edit may move).
    private static func hasProblem(_ path: String, file: String, in plan: SitePlan) -> Bool {
        let named = "'content/\(path)'"
        return plan.unusableImages.contains(file) || plan.problems.images.contains { $0.message.contains(named) }
            || plan.notices.contains { $0.message.contains(named) }
    }
}
