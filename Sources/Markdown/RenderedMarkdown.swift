import Load

/// One entry of a table of contents: a heading of the rendered Markdown.
public struct TOCEntry: Sendable, Hashable {
    /// 1 to 6.
    public var level: Int
    /// The heading's `id` attribute, unique within the document.
    public var id: String
    /// The heading's text, without markup.
    public var text: String
    public init(level: Int, id: String, text: String) {
        self.level = level
        self.id = id
        self.text = text
    }
}

/// A Markdown document rendered to HTML, with what the site needs to know about it.
public struct RenderedMarkdown: Sendable, Hashable {
    /// The whole document as HTML.
    public var html: String
    /// The summary as HTML: the part before `<!--more-->`, else the first paragraph.
    /// Never carries footnote references.
    public var summaryHTML: String
    /// True when the document has a `<!--more-->` marker.
    public var hasMoreMarker: Bool
    /// True when the summary is all there is (a one-paragraph post, or nothing after
    /// `<!--more-->`): lists show no "Continue reading" then.
    public var summaryIsWhole: Bool
    /// Every heading, in order.
    public var toc: [TOCEntry]
    /// Words of prose, for the reading time.
    public var wordCount: Int
    /// Link destinations (`href`s) in document order, as written.
    public var links: [String] {
        didSet { linksMarkdownFiles = links.contains(where: MarkdownFileLink.test) }
    }
    /// Whether one of `links` names a Markdown file (`MarkdownFileLinks`): known
    /// once per rendering (`MarkdownFileLink`), as every build asks it of every document.
    public private(set) var linksMarkdownFiles: Bool
    /// Image sources (`src`s) in document order, as written.
    public var images: [String]
    /// Where each of `links` is written (same order and count), counted from the
    /// start of the Markdown text (the body, not the file): a reference-style
    /// link is where it is used, not where `[ref]: /url` defines it.
    public var linkPositions: [SourceLocation]
    /// Where each of `images` is written (same order and count).
    public var imagePositions: [SourceLocation]
    /// Every `id` in the HTML (headings, footnotes), for `#fragment` checks.
    public var ids: Set<String>
    /// Indices into `images` of those written without alt text: a Markdown
    /// image with none (`![](x.png)`), or an `<img>` with no `alt` attribute.
    /// `<img alt="">` is a decorative image on purpose and not listed.
    public var imagesWithoutAlt: [Int]
    /// Another generator's template syntax in prose (`{% include %}`, `{{< x >}}`),
    /// each with its line counted from the start of the Markdown text (1-based).
    public var templateSyntax: [TemplateSyntax.Found]

    public init(html: String, summaryHTML: String, hasMoreMarker: Bool = false, summaryIsWhole: Bool = false,
                toc: [TOCEntry] = [], wordCount: Int = 0,
                links: [String] = [], images: [String] = [], ids: Set<String> = [],
                linkPositions: [SourceLocation]? = nil, imagePositions: [SourceLocation]? = nil,
                imagesWithoutAlt: [Int] = [], templateSyntax: [TemplateSyntax.Found] = []) {
        self.html = html
        self.summaryHTML = summaryHTML
        self.hasMoreMarker = hasMoreMarker
        self.summaryIsWhole = summaryIsWhole
        self.toc = toc
        self.wordCount = wordCount
        self.links = links
        linksMarkdownFiles = links.contains(where: MarkdownFileLink.test)
        self.images = images
        self.ids = ids
        self.imagesWithoutAlt = imagesWithoutAlt
        self.templateSyntax = templateSyntax
        self.linkPositions = linkPositions ?? Array(repeating: SourceLocation(line: 1, column: 1), count: links.count)
        self.imagePositions = imagePositions ?? Array(repeating: SourceLocation(line: 1, column: 1), count: images.count)
    }

    /// Minutes to read at 230 words a minute, at least 1.
    public var readingMinutes: Int { max(1, Int((Double(wordCount) / 230.0).rounded())) }
}
