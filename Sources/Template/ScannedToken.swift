/// One piece of a template's source as the scanner finds it: a run of text (never
/// spanning a line end: a piece holding a newline ends with it) or one tag. The parser
/// then marks the standalone lines on these.
struct ScannedToken: Sendable {
    enum Kind: Sendable, Equatable {
        case text
        /// `{{x}}` (escaped) or `{{{x}}}` / `{{&x}}` (raw).
        case variable(escaped: Bool)
        case section
        case inverted
        case close
        case comment
        case delimiters
        case partial
        case parent
        case block
        case pragma

        /// Tags that make a line standalone when they are all it holds besides blanks.
        var canStandAlone: Bool {
            switch self {
            case .text, .variable: return false
            default: return true
            }
        }
    }

    var kind: Kind
    /// The bytes the token covers in the source (a tag's delimiters included).
    var start: Int
    var end: Int
    /// A tag's content, trimmed (for `{{>*x}}`: `x`); empty for text.
    var content: String = ""
    /// `{{>*x}}` and `{{<*x}}`: the name is a variable holding the template's name.
    var isDynamic = false
    /// A close tag as it would be written with the delimiters in force, for messages.
    var display: String = ""
    var position: TagPosition
    /// Set by the parser: the tag is on a standalone line, or the text is the blank
    /// part of one (and so left out of the output).
    var isStandalone = false
    /// For tags on a standalone line: the blanks the line starts with.
    var indentation: [UInt8] = []
}
