/// One node of a parsed template, before it is compiled against a data shape.
/// Standalone lines are already gone; `lineStart` marks where a line of the source
/// begins, which is where partial and block indentation go.
enum ParsedNode: Sendable {
    case text([UInt8])
    /// The start of a source line that is kept in the output (not a standalone line).
    case lineStart
    /// `{{x}}` (escaped) or `{{{x}}}` / `{{&x}}`.
    case variable(DottedName, escaped: Bool, TagPosition)
    /// `{{#x}}…{{/x}}` or, inverted, `{{^x}}…{{/x}}`.
    case section(DottedName, inverted: Bool, body: [ParsedNode], TagPosition)
    /// `{{>name}}` or `{{>*variable}}`.
    case partial(PartialReference, TagPosition)
    /// `{{<name}}…{{/name}}`: only the blocks written directly inside count.
    case parent(PartialReference, overrides: [ParsedBlock], TagPosition)
    /// `{{$name}}default{{/name}}`.
    case block(ParsedBlock)
}
