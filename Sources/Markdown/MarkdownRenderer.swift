import CCmarkGFM
import Foundation
import HTML
import Highlight
import Load

/// How Markdown is rendered.
public struct MarkdownOptions: Sendable, Hashable {
    /// Pass raw HTML through (the author is trusted). When false, raw HTML is
    /// left out (`<!-- raw HTML omitted -->`), dangerous URLs are emptied and
    /// GitHub's tag filter is on.
    public var rawHTML: Bool
    /// Highlight fenced code at build time (see `Highlighter`). When false, code
    /// blocks are exactly cmark's: escaped text in `<code class="language-X">`.
    /// Sites highlight by default (`SiteConfig.highlight`); a bare
    /// `MarkdownOptions()` does not, so plain rendering stays cmark's.
    public var highlight: Bool
    /// Smart punctuation: `"a"` → “a”, `--` → –, `---` → —, `...` → … (never in code).
    public var smart: Bool

    public init(rawHTML: Bool = true, highlight: Bool = false, smart: Bool = false) {
        self.rawHTML = rawHTML
        self.highlight = highlight
        self.smart = smart
    }

    /// The options a site's `markdown:` settings ask for.
    public init(config: SiteConfig) {
        self.init(rawHTML: config.rawHTML, highlight: config.highlight, smart: config.smartPunctuation)
    }
}

/// Renders GitHub-flavoured Markdown (tables, strikethrough, autolinks, task
/// lists, footnotes) with cmark-gfm, and post-processes it for the site:
///
/// - headings get GitHub-style unique `id`s on the `<hN>` element (see `HeadingIDs`),
///   and every one is listed in `toc`;
/// - images get `loading="lazy"`;
/// - tables align with `style="text-align: …"` (valid HTML5), fenced code keeps its
///   language as `class="language-X"` and, with `highlight`, is highlighted (token
///   spans, and line numbers or marked lines from the info string: `swift {linenos, hl=3-5}`);
/// - a footnote reference written inside a link or image is moved just after it
///   (an `<a>` inside an `<a>` is invalid HTML, and an image's alt text would drop
///   it), and a link inside a link's text (`[<https://a.example>](https://b.example)`)
///   is unwrapped, keeping its text;
/// - a top-level `<!--more-->` block ends the summary and is not itself output.
///
/// All of this is done on cmark's syntax tree, not on the HTML text, so raw HTML
/// written by the author (an `<h2>` or `<img>` of their own) is never mistaken for
/// Markdown's. The only passes over the output are one linear scan of the
/// document's bytes (word count and ids) and one over the short summary.
public enum MarkdownRenderer {
    /// Renders one document. Thread-safe; called from many tasks at once (see
    /// `CmarkEnvironment` for why that is safe with cmark-gfm).
    public static func render(_ markdown: String, options: MarkdownOptions = MarkdownOptions()) -> RenderedMarkdown {
        let environment = CmarkEnvironment.shared
        var flags = CMARK_OPT_FOOTNOTES | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if options.rawHTML { flags |= CMARK_OPT_UNSAFE }
        if options.smart { flags |= CMARK_OPT_SMART }

        guard let parser = cmark_parser_new(flags) else { return RenderedMarkdown(html: "", summaryHTML: "") }
        defer { cmark_parser_free(parser) }
        for ext in environment.extensions { cmark_parser_attach_syntax_extension(parser, ext) }
        if !options.rawHTML, let tagfilter = environment.tagfilter {
            cmark_parser_attach_syntax_extension(parser, tagfilter)
        }
        var source = markdown
        // Strikethrough only where it can match; see `CmarkEnvironment`.
        let hasTilde = source.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
            return memchr(base, Int32(UInt8(ascii: "~")), bytes.count) != nil
        }
        let withStrikethrough = environment.strikethrough != nil && hasTilde
        if withStrikethrough, let strikethrough = environment.strikethrough {
            cmark_parser_attach_syntax_extension(parser, strikethrough)
        }

        let parsed: OpaquePointer? = environment.parsing(withStrikethrough: withStrikethrough) {
            source.withUTF8 { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
            }
            return cmark_parser_finish(parser)
        }
        guard let root = parsed else { return RenderedMarkdown(html: "", summaryHTML: "") }

        let document = MarkdownDocument(root: root, parser: parser, flags: flags, rawHTML: options.rawHTML,
                                        highlight: options.highlight)
        defer { document.free() }
        return document.render()
    }
}

/// One document on its way through: the parsed tree, what the walk found in it,
/// and the nodes taken out of it (freed at the end, because the text nodes of a
/// heading point into the heading's own buffer).
private final class MarkdownDocument {
    let root: OpaquePointer
    let parser: OpaquePointer
    let flags: Int32
    let rawHTML: Bool
    let highlight: Bool

    struct Heading {
        var node: OpaquePointer
        var level: Int
        var text: String
    }

    struct Image {
        var node: OpaquePointer
        var url: String
        var title: String
        var alt: String
    }

    // Found by `walk()`, in document order.
    var headings: [Heading] = []
    var images: [Image] = []
    var links: [String] = []
    var imageSources: [String] = []
    var linkPositions: [SourceLocation] = []
    var imagePositions: [SourceLocation] = []
    /// Indices into `imageSources` written without alt text.
    var imagesWithoutAlt: [Int] = []
    /// Template syntax found in prose, at lines of the Markdown text.
    var templateSyntax: [TemplateSyntax.Found] = []
    /// `id`s in raw HTML: headings must not take them.
    var rawIDs: Set<String> = []
    /// Footnote references inside a link or image, with the outermost one.
    var footnotesToHoist: [(reference: OpaquePointer, anchor: OpaquePointer)] = []
    /// Links inside another link's text.
    var nestedLinks: [OpaquePointer] = []
    /// Code blocks to highlight (only when `highlight`).
    var codeBlocks: [OpaquePointer] = []
    var moreMarker: OpaquePointer?
    /// Set by `takeMoreMarker`: the summary is the whole document.
    var summaryIsWhole = false
    var firstTopLevelParagraph: OpaquePointer?
    var firstParagraph: OpaquePointer?

    /// The custom inline that prints each heading's `<hN id="…">`, with its level.
    var headingOpeners: [(node: OpaquePointer, level: Int)] = []
    /// Unlinked nodes, freed last.
    var graveyard: [OpaquePointer] = []
    var ownedRoots: [OpaquePointer] = []

    init(root: OpaquePointer, parser: OpaquePointer, flags: Int32, rawHTML: Bool, highlight: Bool) {
        self.root = root
        self.parser = parser
        self.flags = flags
        self.rawHTML = rawHTML
        self.highlight = highlight
        ownedRoots.append(root)
    }

    func free() {
        for node in ownedRoots { cmark_node_free(node) }
        for node in graveyard { cmark_node_free(node) }
        ownedRoots = []
        graveyard = []
    }

    func render() -> RenderedMarkdown {
        walk()
        unwrapNestedLinks()
        hoistFootnoteReferences()
        replaceImages()
        replaceCodeBlocks()
        let toc = replaceHeadings()
        let summaryNodes = takeMoreMarker()

        var words = 0
        var ids = Set<String>()
        let html = renderHTML(root) { bytes in
            (words, ids) = Self.scanOutput(bytes)
        }
        let summary = renderSummary(summaryNodes)

        return RenderedMarkdown(html: html, summaryHTML: summary, hasMoreMarker: moreMarker != nil,
                                summaryIsWhole: summaryIsWhole, toc: toc,
                                wordCount: words, links: links, images: imageSources, ids: ids,
                                linkPositions: linkPositions, imagePositions: imagePositions,
                                imagesWithoutAlt: imagesWithoutAlt, templateSyntax: templateSyntax)
    }

    // MARK: Walk

    private func walk() {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }

        var headingText: String?
        var headingLevel = 0
        // Text of the outermost image being walked (cmark prints an image's
        // content, nested images included, as its plain-text alt).
        var alt: String?
        var imageDepth = 0
        var imageURL = ""
        var imageTitle = ""
        var imageIndex = 0
        var linkDepth = 0
        // The outermost link or image we are inside.
        var anchor: OpaquePointer?
        var footnoteDepth = 0
        // The inline text of the paragraph or heading being walked, code spans
        // blanked, and its first line: where template syntax is looked for.
        var prose: String?
        var proseLine = 1

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE: prose?.append(Self.literal(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: prose?.append("\n")
            case CMARK_NODE_CODE: prose?.append(" ")
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if entering {
                    prose = ""
                    proseLine = Self.position(node).line
                } else if let text = prose {
                    for var found in TemplateSyntax.find(in: text) {
                        found.line += proseLine
                        templateSyntax.append(found)
                    }
                    prose = nil
                }
            case CMARK_NODE_HTML_BLOCK:
                for var found in TemplateSyntax.find(in: Self.literal(node)) {
                    found.line += Self.position(node).line
                    templateSyntax.append(found)
                }
            default: break
            }
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if alt != nil {
                    alt?.append(Self.literal(node))
                } else if headingText != nil {
                    headingText?.append(Self.literal(node))
                }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                if alt != nil {
                    alt?.append(" ")
                } else {
                    headingText?.append(" ")
                }
            case CMARK_NODE_HTML_INLINE:
                if alt != nil {
                    alt?.append(Self.literal(node))
                } else if rawHTML {
                    scanRawHTML(Self.literal(node), at: Self.position(node))
                }
            case CMARK_NODE_HTML_BLOCK:
                let text = Self.literal(node)
                if moreMarker == nil, cmark_node_parent(node) == root, Self.isMoreMarker(text) {
                    moreMarker = node
                } else if rawHTML {
                    scanRawHTML(text, at: Self.position(node))
                }
            case CMARK_NODE_HEADING:
                if entering {
                    headingText = ""
                    headingLevel = Int(cmark_node_get_heading_level(node))
                } else {
                    // Trimmed: a footnote reference or raw HTML at either end leaves a space.
                    let text = (headingText ?? "").trimmingCharacters(in: .whitespaces)
                    headings.append(Heading(node: node, level: headingLevel, text: text))
                    headingText = nil
                }
            case CMARK_NODE_IMAGE:
                if entering {
                    if imageDepth == 0 {
                        imageURL = Self.string(cmark_node_get_url(node))
                        imageTitle = Self.string(cmark_node_get_title(node))
                        imageIndex = imageSources.count
                        imageSources.append(imageURL)
                        imagePositions.append(Self.position(node))
                        alt = ""
                        if anchor == nil { anchor = node }
                    }
                    imageDepth += 1
                } else {
                    imageDepth -= 1
                    if imageDepth == 0 {
                        images.append(Image(node: node, url: imageURL, title: imageTitle, alt: alt ?? ""))
                        if (alt ?? "").allSatisfy(\.isWhitespace) { imagesWithoutAlt.append(imageIndex) }
                        alt = nil
                        if anchor == node { anchor = nil }
                    }
                }
            case CMARK_NODE_LINK:
                if entering {
                    if imageDepth == 0 {
                        if linkDepth > 0 {
                            nestedLinks.append(node)
                        } else {
                            links.append(Self.string(cmark_node_get_url(node)))
                            linkPositions.append(Self.position(node))
                            if anchor == nil { anchor = node }
                        }
                    }
                    linkDepth += 1
                } else {
                    linkDepth -= 1
                    if anchor == node { anchor = nil }
                }
            case CMARK_NODE_CODE_BLOCK:
                if highlight { codeBlocks.append(node) }
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                if let anchor { footnotesToHoist.append((node, anchor)) }
            case CMARK_NODE_FOOTNOTE_DEFINITION:
                footnoteDepth += entering ? 1 : -1
            case CMARK_NODE_PARAGRAPH:
                if entering, footnoteDepth == 0 {
                    if firstParagraph == nil { firstParagraph = node }
                    if firstTopLevelParagraph == nil, cmark_node_parent(node) == root { firstTopLevelParagraph = node }
                }
            default:
                break
            }
        }
    }

    /// Where cmark says `node` starts.
    private static func position(_ node: OpaquePointer) -> SourceLocation {
        SourceLocation(line: max(1, Int(cmark_node_get_start_line(node))), column: max(1, Int(cmark_node_get_start_column(node))))
    }

    /// Collects `href`, `src` and `id` from the author's raw HTML (of each
    /// attribute name the first, as a browser reads it): `src` of an `<img>` is an
    /// image, any other `src` or `href` a link. `start` is where the HTML starts
    /// in the Markdown, for the position of each attribute.
    private func scanRawHTML(_ text: String, at start: SourceLocation) {
        var text = text
        text.withUTF8 { p in
            var cursor = 0, line = start.line, lineStart = -1
            var scanner = HTMLScanner(p)
            while let token = scanner.next() {
                guard case .startTag(let tag) = token else { continue }
                let isImg = HTMLScanner.equals(p, tag.name, "img")
                if isImg, !scanner.attributes.contains(where: { HTMLScanner.equals(p, $0.name, "alt") }),
                   scanner.attributes.contains(where: { HTMLScanner.equals(p, $0.name, "src") }) {
                    // The `src` below is this image's entry.
                    imagesWithoutAlt.append(imageSources.count)
                }
                for attribute in scanner.attributes where !attribute.isDuplicate {
                    let name = attribute.name
                    let isHref = HTMLScanner.equals(p, name, "href")
                    let isSrc = !isHref && HTMLScanner.equals(p, name, "src")
                    guard isHref || isSrc || HTMLScanner.equals(p, name, "id") else { continue }
                    let value = HTMLEntities.decode(p, attribute.value, inAttribute: true)
                    guard isHref || isSrc else {
                        rawIDs.insert(value)
                        continue
                    }
                    // The attribute's line and column: count the newlines before it
                    // (attributes come in order: each byte is counted once).
                    let at = name.lowerBound
                    while cursor < at {
                        if p[cursor] == UInt8(ascii: "\n") {
                            line += 1
                            lineStart = cursor
                        }
                        cursor += 1
                    }
                    let position = SourceLocation(line: line, column: lineStart < 0 ? start.column + at : at - lineStart)
                    if isSrc && isImg {
                        imageSources.append(value)
                        imagePositions.append(position)
                    } else {
                        links.append(value)
                        linkPositions.append(position)
                    }
                }
            }
        }
    }

    // MARK: Tree changes

    /// `[<https://a>](https://b)` nests a link in a link; keep the outer one.
    private func unwrapNestedLinks() {
        for link in nestedLinks {
            while let child = cmark_node_first_child(link) {
                if cmark_node_insert_before(link, child) == 0 { break }
            }
            cmark_node_unlink(link)
            graveyard.append(link)
        }
    }

    /// A footnote reference is a link; inside another link it would nest `<a>`s,
    /// inside an image's alt it would vanish (and leave its back-link dangling).
    private func hoistFootnoteReferences() {
        for (reference, anchor) in footnotesToHoist.reversed() {
            // `[text [^1]](url)`: drop the space that would end the link text.
            if cmark_node_next(reference) == nil, let previous = cmark_node_previous(reference),
               cmark_node_get_type(previous) == CMARK_NODE_TEXT {
                let text = Self.literal(previous)
                var end = text.utf8.endIndex
                while end > text.utf8.startIndex, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: " ") {
                    end = text.utf8.index(before: end)
                }
                if end != text.utf8.endIndex, let trimmed = String(text.utf8[..<end]) {
                    cmark_node_set_literal(previous, trimmed)
                }
            }
            cmark_node_unlink(reference)
            if cmark_node_insert_after(anchor, reference) == 0 { graveyard.append(reference) }
        }
    }

    /// Markdown images become a custom inline holding the whole `<img>`, built as
    /// cmark builds it (same escaping, same safe-mode URL check) plus `loading="lazy"`.
    private func replaceImages() {
        for image in images {
            var tag: [UInt8] = Array("<img src=\"".utf8)
            if rawHTML || !HTMLBytes.isDangerousURL(image.url) {
                HTMLBytes.appendEscapedHref(image.url.utf8, to: &tag)
            }
            tag.append(contentsOf: "\" alt=\"".utf8)
            HTMLBytes.appendEscapedText(image.alt.utf8, to: &tag)
            if !image.title.isEmpty {
                tag.append(contentsOf: "\" title=\"".utf8)
                HTMLBytes.appendEscapedText(image.title.utf8, to: &tag)
            }
            tag.append(contentsOf: "\" loading=\"lazy\" />".utf8)
            guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(custom, String(decoding: tag, as: UTF8.self))
            if cmark_node_insert_before(image.node, custom) == 0 {
                cmark_node_free(custom)
                continue
            }
            cmark_node_unlink(image.node)
            graveyard.append(image.node)
        }
    }

    /// A fenced code block that names a language, or has line options in its
    /// info string (`swift {linenos, hl=3-5}`), becomes a custom block holding
    /// `<pre data-lang="Swift"><code class="language-swift">`, highlighted when
    /// the highlighter knows the language; any other stays cmark's. The language
    /// is the info string's first word, any case; the `data-lang` label
    /// (`LanguageLabels`) is for the stylesheet to show, so an unknown language is
    /// named too. Only with `highlight` (without it, code blocks are exactly cmark's).
    private func replaceCodeBlocks() {
        for node in codeBlocks {
            let info = Self.literalBytes(cmark_node_get_fence_info(node))
            var split = info.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? info.count
            // `swift{linenos}` (no space) is the language and options too.
            if let brace = info[..<split].firstIndex(of: UInt8(ascii: "{")), brace > 0 { split = brace }
            let name = String(decoding: info[..<split], as: UTF8.self)
            let language = Highlighter.language(name)
            let lines = split < info.count ? LineOptions.parse(String(decoding: info[split...], as: UTF8.self)) : nil
            guard split > 0 || lines != nil else { continue }

            var html: [UInt8] = Array("<pre".utf8)
            // `{linenos}` alone names no language: no label for it.
            if split > 0, info[0] != UInt8(ascii: "{") {
                html.append(contentsOf: " data-lang=\"".utf8)
                HTMLBytes.appendEscapedText(LanguageLabels.label(for: name).utf8, to: &html)
                html.append(UInt8(ascii: "\""))
            }
            html.append(contentsOf: "><code".utf8)
            if split > 0 {
                html.append(contentsOf: " class=\"language-".utf8)
                HTMLBytes.appendEscapedText(info[..<split], to: &html)
                html.append(UInt8(ascii: "\""))
            }
            html.append(UInt8(ascii: ">"))
            if let literal = cmark_node_get_literal(node) {
                let code = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self),
                                               count: strlen(literal))
                Highlighter.append(code, language: language, lines: lines, to: &html)
            }
            html.append(contentsOf: "</code></pre>".utf8)
            html.append(0)
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            html.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_node_set_on_enter(block, base) }
                }
            }
            guard cmark_node_insert_before(node, block) != 0 else {
                cmark_node_free(block)
                continue
            }
            cmark_node_unlink(node)
            graveyard.append(node)
        }
    }

    /// cmark's heading renderer has no hook for attributes, so each heading
    /// becomes a custom block (which prints nothing) around a custom inline that
    /// prints `<hN id="…">` and `</hN>` around the heading's own inlines. The
    /// output is byte-for-byte cmark's heading plus the id.
    private func replaceHeadings() -> [TOCEntry] {
        var ids = HeadingIDs(reserved: rawIDs)
        var toc: [TOCEntry] = []
        toc.reserveCapacity(headings.count)
        for heading in headings {
            let id = ids.next(for: heading.text)
            toc.append(TOCEntry(level: heading.level, id: id, text: heading.text))
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            guard let opener = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else {
                cmark_node_free(block)
                continue
            }
            var open: [UInt8] = Array("<h\(heading.level) id=\"".utf8)
            HTMLBytes.appendEscapedText(id.utf8, to: &open)
            open.append(contentsOf: "\">".utf8)
            cmark_node_set_on_enter(opener, String(decoding: open, as: UTF8.self))
            cmark_node_set_on_exit(opener, "</h\(heading.level)>")
            guard cmark_node_append_child(block, opener) != 0, cmark_node_insert_before(heading.node, block) != 0 else {
                cmark_node_free(block)
                continue
            }
            while let child = cmark_node_first_child(heading.node) {
                if cmark_node_append_child(opener, child) == 0 { break }
            }
            cmark_node_unlink(heading.node)
            graveyard.append(heading.node)
            headingOpeners.append((opener, heading.level))
        }
        return toc
    }

    /// The top-level nodes before `<!--more-->` (taken out of the document), or
    /// else the first paragraph.
    /// Sets `summaryIsWhole`: whether those nodes are all the document has.
    private func takeMoreMarker() -> [OpaquePointer] {
        var nodes: [OpaquePointer] = []
        if let marker = moreMarker {
            var next = cmark_node_first_child(root)
            while let node = next, node != marker {
                nodes.append(node)
                next = cmark_node_next(node)
            }
            // Footnote definitions are moved to the end of the document: after the marker.
            summaryIsWhole = !nodes.isEmpty && cmark_node_next(marker) == nil
            cmark_node_unlink(marker)
            graveyard.append(marker)
        }
        if nodes.isEmpty {
            if let paragraph = firstTopLevelParagraph ?? firstParagraph {
                nodes = [paragraph]
                summaryIsWhole = cmark_node_first_child(root) == paragraph && cmark_node_last_child(root) == paragraph
            } else {
                summaryIsWhole = cmark_node_first_child(root) == nil
            }
        }
        return nodes
    }

    // MARK: Rendering

    private func renderHTML(_ node: OpaquePointer, scan: (UnsafeBufferPointer<UInt8>) -> Void) -> String {
        guard let output = cmark_render_html(node, flags, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { Foundation.free(output) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(output).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(output))
        scan(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Renders the summary nodes on their own, after the full document: they are
    /// moved to a document of their own, headings lose their ids, footnote
    /// references are removed, and any `id` in raw HTML is cut.
    private func renderSummary(_ nodes: [OpaquePointer]) -> String {
        guard !nodes.isEmpty, let summaryRoot = cmark_node_new(CMARK_NODE_DOCUMENT) else { return "" }
        ownedRoots.append(summaryRoot)
        for (opener, level) in headingOpeners { cmark_node_set_on_enter(opener, "<h\(level)>") }
        for node in nodes {
            cmark_node_unlink(node)
            if cmark_node_append_child(summaryRoot, node) == 0 { graveyard.append(node) }
        }

        var references: [OpaquePointer] = []
        if let iterator = cmark_iter_new(summaryRoot) {
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                   cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_REFERENCE {
                    references.append(node)
                }
            }
            cmark_iter_free(iterator)
        }
        for reference in references {
            cmark_node_unlink(reference)
            graveyard.append(reference)
        }

        var stripped: [UInt8]?
        let html = renderHTML(summaryRoot) { bytes in stripped = Self.removingIDs(bytes) }
        return stripped.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    // MARK: Output scans

    /// Words (`WordCounter`: text and the raw text a page shows, not tags,
    /// comments or scripts) and `id`s of the rendered HTML, in one pass.
    static func scanOutput(_ p: UnsafeBufferPointer<UInt8>) -> (words: Int, ids: Set<String>) {
        var ids = Set<String>()
        var words = WordCounter()
        var scanner = HTMLScanner(p)
        // Text is counted as the scanner looks for its end, in one pass.
        while let token = scanner.next(readingText: { words.text(p, from: $0) }) {
            switch token {
            case .rawText(let range, let element) where element.isShownAsText:
                words.add(p, range)
            case .startTag:
                for attribute in scanner.attributes where !attribute.isDuplicate && HTMLScanner.equals(p, attribute.name, "id") {
                    ids.insert(HTMLEntities.decode(p, attribute.value, inAttribute: true))
                }
            default:
                break
            }
        }
        return (words.words, ids)
    }

    /// The HTML without any `id` attribute (duplicates included: none may be
    /// left to clash with the page it is shown on); nil when it has none.
    static func removingIDs(_ p: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var cuts: [Range<Int>] = []
        var scanner = HTMLScanner(p)
        while let token = scanner.next() {
            guard case .startTag = token else { continue }
            for attribute in scanner.attributes where HTMLScanner.equals(p, attribute.name, "id") { cuts.append(attribute.range) }
        }
        guard !cuts.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(p.count)
        var start = 0
        for cut in cuts {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<cut.lowerBound]))
            start = cut.upperBound
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<p.count]))
        return out
    }

    // MARK: Helpers

    static func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    static func literalBytes(_ c: UnsafePointer<CChar>?) -> [UInt8] {
        guard let c else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c)))
    }

    static func string(_ c: UnsafePointer<CChar>?) -> String {
        guard let c else { return "" }
        return String(cString: c)
    }

    /// `<!--more-->`, also with spaces inside or another case.
    static func isMoreMarker(_ html: String) -> Bool {
        var bytes = Array(html.utf8)
        while let last = bytes.last, HTMLScanner.isWhitespace(last) { bytes.removeLast() }
        var i = 0
        while i < bytes.count, HTMLScanner.isWhitespace(bytes[i]) { i += 1 }
        guard bytes.count - i >= 11, bytes[i...].starts(with: "<!--".utf8), bytes.suffix(3).elementsEqual("-->".utf8)
        else { return false }
        let inner = bytes[(i + 4)..<(bytes.count - 3)].drop { HTMLScanner.isWhitespace($0) }
        var word = Array(inner)
        while let last = word.last, HTMLScanner.isWhitespace(last) { word.removeLast() }
        return word.map(HTMLScanner.lower).elementsEqual("more".utf8)
    }
}
