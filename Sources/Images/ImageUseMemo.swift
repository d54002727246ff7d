import Site

/// Each document's part of the image plan (`DocumentImageUses`) from the last
/// build, by source path: a document read from the same version of its file
/// (`DocumentMemo`), with the same images rendered (Markdown options can change
/// which raw `<img>`s count), whose links are its own (not links to Markdown
/// files, which other files' URLs decide), gets its part without being read again.
/// Not thread-safe: one build uses it at a time (`BuildMemo`).
public final class ImageUseMemo {
    public init() {}

    private struct Entry {
        var version: Int
        var images: [String]
        var uses: DocumentImageUses
    }

    private var entries: [String: Entry] = [:]
    /// Image path → the documents that show or link it: made with each whole plan
    /// (`planning`), then kept up to date by `record`. Made when the first patch asked
    /// for it, it cost that edit 20 ms at 10,000 posts, between the save and the reload.
    private var byImage: [String: Set<String>] = [:]

    /// Runs `plan` (the image plan, or its candidates) with each document's part
    /// taken from the last build where its file's version is the same; remembers
    /// exactly the parts this call asked for. `version`: the load version of a source path.
    public func planning<T>(version: @escaping (String) -> Int, _ plan: (DocumentImageUses.Source) -> T) -> T {
        let previous = entries
        var fresh: [String: Entry] = [:]
        fresh.reserveCapacity(previous.count)
        let result = plan { ref, site in
            let path = ref.sourcePath(in: site)
            let loaded = version(path), images = ref.images(in: site)
            if !ref.linksMarkdownFiles(in: site), let hit = previous[path], hit.version == loaded, hit.images == images {
                fresh[path] = hit
                return hit.uses
            }
            let uses = DocumentImageUses.of(ref, in: site)
            fresh[path] = Entry(version: loaded, images: images, uses: uses)
            return uses
        }
        entries = fresh
        byImage = Self.index(fresh)
        return result
    }

    /// Whether a whole image plan was made with this memo (the parts are known).
    public var isEmpty: Bool { entries.isEmpty }

    /// A patched plan's change (`ImagePlanner.update`): the document at `path`, read from
    /// its file's `version`, now has `uses` (nil: it is gone).
    public func record(_ path: String, version: Int, images: [String], uses: DocumentImageUses?) {
        for image in entries[path].map({ Self.paths(of: $0.uses) }) ?? [] { byImage[image]?.remove(path) }
        for image in uses.map(Self.paths(of:)) ?? [] { byImage[image, default: []].insert(path) }
        entries[path] = uses.map { Entry(version: version, images: images, uses: $0) }
    }

    /// Each document that shows or links one of `paths`, with its part.
    public func users(of paths: Set<String>) -> [String: DocumentImageUses] {
        var found: [String: DocumentImageUses] = [:]
        for image in paths {
            for path in byImage[image] ?? [] { found[path] = entries[path]?.uses }
        }
        return found
    }

    /// Image path → the documents (of `entries`) that show or link it.
    private static func index(_ entries: [String: Entry]) -> [String: Set<String>] {
        var index: [String: Set<String>] = [:]
        for (path, entry) in entries {
            for shown in entry.uses.shown { index[shown.path, default: []].insert(path) }
            for linked in entry.uses.linked { index[linked, default: []].insert(path) }
        }
        return index
    }

    /// The images a document's part shows or links.
    private static func paths(of uses: DocumentImageUses) -> Set<String> {
        Set(uses.shown.map(\.path)).union(uses.linked)
    }
}
