/// The elements whose content the HTML parser does not read as markup: after
/// their start tag, everything up to the matching end tag is text, so a `<a href>`
/// or `id=` inside them is neither a link nor a fragment target.
///
/// The list is the HTML living standard's (tree construction, "in body" and "in
/// head" insertion modes), as a browser with scripting enabled would parse:
///
/// - RCDATA (`title`, `textarea`): text with character references decoded;
/// - RAWTEXT (`style`, `xmp`, `iframe`, `noembed`, `noframes`): text as written;
/// - script data (`script`): text as written, with the standard's rules for
///   `<!--` and a nested `<script>` (see `HTMLScanner`);
/// - PLAINTEXT (`plaintext`): everything to the end of the input is text.
///
/// `noscript` is not in the list. The standard makes it RAWTEXT only when
/// scripting is enabled; with scripting disabled (a feed reader, a crawler, a
/// reader with JavaScript off) its content is markup, and those readers are
/// exactly the ones that see it, so its links are checked and rewritten.
///
/// The scanner does not build a tree, so it cannot know that a `<style>` or
/// `<title>` inside `<svg>` or `<math>` (foreign content) is ordinary markup
/// there; it reads them as raw text everywhere. Their content is then skipped by
/// every user, which errs on the side of leaving bytes alone.
public enum HTMLRawTextElement: UInt8, Sendable, Hashable {
    case title, textarea
    case style, xmp, iframe, noembed, noframes
    case script
    case plaintext

    /// The element a start tag named `p[name]` opens, if it is one of these (any case).
    static func named(_ p: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> HTMLRawTextElement? {
        // Dispatch on length and first letter: almost every tag is none of these.
        switch name.count {
        case 3: return HTMLScanner.equals(p, name, "xmp") ? .xmp : nil
        case 5:
            if HTMLScanner.equals(p, name, "title") { return .title }
            return HTMLScanner.equals(p, name, "style") ? .style : nil
        case 6:
            if HTMLScanner.equals(p, name, "script") { return .script }
            return HTMLScanner.equals(p, name, "iframe") ? .iframe : nil
        case 7: return HTMLScanner.equals(p, name, "noembed") ? .noembed : nil
        case 8:
            if HTMLScanner.equals(p, name, "textarea") { return .textarea }
            return HTMLScanner.equals(p, name, "noframes") ? .noframes : nil
        case 9: return HTMLScanner.equals(p, name, "plaintext") ? .plaintext : nil
        default: return nil
        }
    }

    /// The element's name, lower-case: what its end tag must say.
    var name: StaticString {
        switch self {
        case .title: "title"
        case .textarea: "textarea"
        case .style: "style"
        case .xmp: "xmp"
        case .iframe: "iframe"
        case .noembed: "noembed"
        case .noframes: "noframes"
        case .script: "script"
        case .plaintext: "plaintext"
        }
    }

    /// RCDATA: character references in the content are decoded.
    var decodesCharacterReferences: Bool { self == .title || self == .textarea }

    /// Whether a reader sees the content as text on the page: a `textarea`'s
    /// value, `xmp` and `plaintext` shown as written. A `title` in the body is
    /// not displayed, `script` and `style` are code, and browsers that support
    /// `iframe`, `embed` and frames never show the fallback content.
    public var isShownAsText: Bool { self == .textarea || self == .xmp || self == .plaintext }
}
