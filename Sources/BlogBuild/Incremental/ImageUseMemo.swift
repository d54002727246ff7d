/// Each document's part of the image plan (`DocumentImageUses`) from the last
/// build, by source path: a document whose images, links, body line and
/// front-matter images are those of the last build gets its part without
/// resolving a path again. Not thread-safe: one build uses it at a time (`BuildMemo`).
final class ImageUseMemo {
    /// What `DocumentImageUses` reads of a document.
    private struct Inputs {
        var images: [String]
        var positions: [SourceLocation]
        var links: [String]
        var bodyLine: Int
        var frontMatter: [String]
        var frontMatterLocations: [SourceLocation?]

        /// Whether `doc` has these inputs (without making a copy of them first).
        func match(_ doc: SourceDocument) -> Bool {
            guard images == doc.rendered.images, positions == doc.rendered.imagePositions, links == doc.rendered.links,
                  bodyLine == doc.bodyLine, frontMatterLocations.count == doc.frontMatterImages.count else { return false }
            for (n, (key, image)) in doc.frontMatterImages.enumerated() {
                guard frontMatter[2 * n] == key, frontMatter[2 * n + 1] == image.src,
                      frontMatterLocations[n] == doc.keyLocations[key] else { return false }
            }
            return true
        }

        init(_ doc: SourceDocument) {
            images = doc.rendered.images
            positions = doc.rendered.imagePositions
            links = doc.rendered.links
            bodyLine = doc.bodyLine
            frontMatter = doc.frontMatterImages.flatMap { [$0.key, $0.image.src] }
            frontMatterLocations = doc.frontMatterImages.map { doc.keyLocations[$0.key] }
        }
    }

    private var entries: [String: (inputs: Inputs, uses: DocumentImageUses)] = [:]

    /// Runs `plan` (the image plan, or its candidates) with each document's part
    /// taken from the last build where its inputs are unchanged; remembers exactly
    /// the parts this call asked for.
    func planning<T>(_ plan: ((SourceDocument) -> DocumentImageUses) -> T) -> T {
        let previous = entries
        var fresh: [String: (inputs: Inputs, uses: DocumentImageUses)] = [:]
        let result = plan { doc in
            if let hit = previous[doc.sourcePath], hit.inputs.match(doc) {
                fresh[doc.sourcePath] = hit
                return hit.uses
            }
            let uses = DocumentImageUses(doc)
            fresh[doc.sourcePath] = (Inputs(doc), uses)
            return uses
        }
        entries = fresh
        return result
    }
}
