import CCmarkGFM
import Foundation

/// The process-wide cmark-gfm set-up, and what makes parallel parsing safe.
///
/// ## The trap
///
/// cmark-gfm's inline parser stops scanning text only at the bytes marked in a
/// process-wide table (`SPECIAL_CHARS`, and `SKIP_CHARS` for emphasis-like
/// extensions; `static` arrays in `inlines.c`). Extensions add their characters
/// (strikethrough `~`; autolink `:` and `w`) with
/// `cmark_manage_extensions_special_characters(parser, 1)` before inline parsing
/// and remove them with `(parser, 0)` after it: `process_inlines` does this
/// around a whole document, the table extension's `row_from_string` around every
/// table row. With parsers on several threads, one parser's "remove" clears the
/// characters while another is mid-paragraph, which then silently loses its
/// strikethrough or autolinks.
///
/// ## Why the characters cannot simply all be frozen
///
/// Setting the table once and emptying every extension's list
/// (`cmark_syntax_extension_set_special_inline_chars(ext, NULL)`) makes "add" and
/// "remove" no-ops, and `try_extensions` still finds the extensions. But
/// `process_emphasis` finds the extension that owns a *delimiter* character with
/// `get_extension_for_special_char`, which searches those same lists. With
/// strikethrough's list empty, a `~` closer is handled by nobody and the loop
/// never advances: `~~x~~` hangs the parser (verified). Autolink pushes no
/// delimiters, so its list is never searched that way.
///
/// ## What we do
///
/// - Once per process (a `static let` initialiser runs once, thread-safely), the
///   characters of every extension except strikethrough are set in the table
///   (`manage…(parser, 1)` on a throw-away parser, which uses each extension's
///   own emphasis flag) and those extensions' lists are emptied. `:` and `w` are
///   then special for good, exactly as a single-threaded parse sees them, and no
///   parser ever clears them.
/// - Strikethrough is attached only to parsers of documents that contain a `~`
///   (without one it cannot match, so the output is the same), and those parses
///   hold `strikethroughLock`. Only they add and remove `~`, and they do it one at
///   a time; every other document parses in parallel, never reading `~`'s entry.
///
/// `MarkdownTests.parallelRenderingMatchesSerial` renders thousands of documents
/// (with and without `~`) in parallel and compares each with a serial render; it
/// fails with the plain set-up.
struct CmarkEnvironment: @unchecked Sendable {
    // @unchecked: the extension objects are only read after `init`, and the
    // lock is itself thread-safe.

    /// table, autolink, tasklist: attached to every parser; their characters are frozen.
    let extensions: [OpaquePointer]
    /// Attached only when the document has a `~`, under `strikethroughLock`.
    let strikethrough: OpaquePointer?
    /// GitHub's tag filter: attached only when raw HTML is not allowed.
    let tagfilter: OpaquePointer?
    /// Held while a parser with strikethrough attached is parsing.
    let strikethroughLock = NSLock()

    /// The one set-up; reading it the first time does the work.
    static let shared = CmarkEnvironment()

    private init() {
        cmark_gfm_core_extensions_ensure_registered()
        let names: [String] = ["table", "autolink", "tasklist"]
        extensions = names.compactMap { cmark_find_syntax_extension($0) }
        strikethrough = cmark_find_syntax_extension("strikethrough")
        tagfilter = cmark_find_syntax_extension("tagfilter")

        let frozen = extensions + (tagfilter.map { [$0] } ?? [])
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return }
        for ext in frozen { cmark_parser_attach_syntax_extension(parser, ext) }
        cmark_manage_extensions_special_characters(parser, 1)
        // The old lists are leaked on purpose: a few bytes, once.
        for ext in frozen { cmark_syntax_extension_set_special_inline_chars(ext, nil) }
        cmark_parser_free(parser)
    }

    /// Runs `parse` (feeding and finishing a parser) under the strikethrough lock
    /// when that parser has strikethrough attached.
    func parsing<T>(withStrikethrough: Bool, _ parse: () -> T) -> T {
        guard withStrikethrough else { return parse() }
        strikethroughLock.lock()
        defer { strikethroughLock.unlock() }
        return parse()
    }
}
