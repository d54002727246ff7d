import Load
import Markdown

/// Body images without alt text in documents whose importer already listed some
/// at the source line (a jekyll-assets `{% asset x.png %}`, a Hugo image
/// shortcode without `alt`), which `ImportAssembler.listImagesWithoutAlt` leaves
/// to that list: each image `check` will report gets the written file's line
/// beside the importer's item for it, or an item of its own when the importer
/// listed none (a Markdown `![](x.png)` in the same post), so every such
/// warning is named in IMPORT.md where `check` reports it.
enum ListedAltTextPlaces {
    /// What IMPORT.md says of a body image without alt text.
    static let note = "no alt text (the old site had none): describe it, or write alt=\"\" in an <img> if it is decorative; publish requires one"

    /// Runs before `listImagesWithoutAlt`, on the documents it skips.
    static func list(_ documents: [ImportedSite.Document], report: inout ImportReport) {
        var options = MarkdownOptions()
        options.highlight = false
        var bySource: [String: [Int]] = [:]
        for (index, item) in report.untranslated.enumerated() where item.note.contains("alt text") {
            bySource[item.source, default: []].append(index)
        }
        var placed = Set<Int>()
        var added: [ImportReport.Item] = []
        for document in documents where document.kind != .series {
            guard let items = bySource[document.source] else { continue }
            let body = String(document.body.drop { $0 == "\n" })
            let bodyLine = ImportAssembler.bodyLine(document)
            let rendered = MarkdownRenderer.render(body, options: options)
            for index in rendered.imagesWithoutAlt where index < rendered.images.count {
                let image = rendered.images[index]
                let line = bodyLine + rendered.imagePositions[index].line - 1
                let name = image.split(separator: "/").last.map(String.init) ?? image
                if let item = items.first(where: { report.untranslated[$0].line != nil && !placed.contains($0)
                        && report.untranslated[$0].construct.contains(name) }) {
                    placed.insert(item)
                    report.untranslated[item].note += " (written at `\(document.path):\(line)`)"
                } else {
                    added.append(ImportReport.Item(source: document.path, line: line, construct: "image '\(image)'", note: note))
                }
            }
        }
        report.untranslated += added
    }

    /// A hero image (`image:` in front matter) without alt text, which the importer
    /// lists at its source file: `check` reports it at the written file's line of its
    /// value (the map's first entry, or the path after `image:`), so that line is named too.
    static func listHeroImages(_ documents: [ImportedSite.Document], report: inout ImportReport) {
        var added: [ImportReport.Item] = []
        for document in documents where document.kind == .post || document.kind == .page {
            guard let image = document.fields.first(where: { $0.key == "image" })?.value else { continue }
            let src: String
            switch image {
            case .text(let path): src = path
            case .map(let entries):
                guard !entries.contains(where: { $0.key == "alt" }), let path = entries.first(where: { $0.key == "src" })?.value.scalarText else { continue }
                src = path
            default: continue
            }
            let lines = FrontMatterText.document(document.fields, body: "").split(separator: "\n", omittingEmptySubsequences: false)
            guard let key = lines.firstIndex(where: { $0.hasPrefix("image:") }) else { continue }
            // `check` points at the value: the path after `image:`, or the map's first entry on the next line.
            var line = key + 1
            if case .map = image { line += 1 }
            if let item = report.untranslated.firstIndex(where: { $0.source == document.source && $0.construct == "image" && $0.note.contains("alt text") }) {
                report.untranslated[item].note += " (written at `\(document.path):\(line)`)"
            } else {
                added.append(ImportReport.Item(source: document.path, line: line, construct: "image '\(src)'",
                                               note: "the hero image has no alt text; add 'alt' (publish requires it)"))
            }
        }
        report.untranslated += added
    }
}
