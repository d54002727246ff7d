/// One token of `HTMLScanner`, as byte offsets into the scanned buffer. The
/// tokens of a buffer come in order and never overlap; bytes no token covers
/// (an unterminated tag at the end of the input, which the standard drops) are
/// simply not reported, so a rewriter that copies "everything up to the next
/// change" keeps them.
public enum HTMLToken: Sendable, Hashable {
    /// Character data between markup; may hold character references
    /// (`HTMLEntities.decode`). Includes any `<` that does not start markup
    /// (`a < b`).
    case text(Range<Int>)
    /// The content of a raw-text element (`<script>`, `<style>`, `<textarea>`,
    /// see `HTMLRawTextElement`), after its start tag and before its end tag.
    /// It is not markup; only RCDATA elements' content holds character references.
    case rawText(Range<Int>, HTMLRawTextElement)
    /// A start tag; its attributes are `HTMLScanner.attributes` until the next token.
    case startTag(Tag)
    /// An end tag (any attributes written on it are read past and dropped, as the
    /// standard does).
    case endTag(Tag)
    /// `<!-- … -->`, a bogus comment (`<?…>`, `<!…>` other than a doctype,
    /// `<![CDATA[…>` outside SVG/MathML, `</ …>`) or the empty end tag `</>`: markup
    /// that is neither text nor an element. The range is the whole construct.
    case comment(Range<Int>)
    /// `<!DOCTYPE …>`, any case; ends at the first `>`.
    case doctype(Range<Int>)

    /// A start or end tag.
    public struct Tag: Sendable, Hashable {
        /// The whole tag, `<` to `>` inclusive.
        public var range: Range<Int>
        /// The name as written (compare with `HTMLScanner.equals`, which ignores case).
        public var name: Range<Int>
        /// Written `<br/>`. Only meaningful on void and foreign elements; a
        /// `<script/>` still starts a script, as in a browser.
        public var isSelfClosing: Bool
    }

    /// The bytes the token covers.
    public var range: Range<Int> {
        switch self {
        case .text(let r), .rawText(let r, _), .comment(let r), .doctype(let r): r
        case .startTag(let tag), .endTag(let tag): tag.range
        }
    }
}
