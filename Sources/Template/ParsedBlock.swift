/// A `{{$name}}…{{/name}}` block: in a parent template, a place its callers may fill;
/// inside a `{{<parent}}` tag, what fills it. Carries what the spec's re-indentation of
/// blocks needs: blocks are de-indented where they are written and indented where
/// they are expanded.
struct ParsedBlock: Sendable {
    let name: String
    let body: [ParsedNode]
    /// The opening tag is on a standalone line (alone, or with other tags such as
    /// `{{<parent}}{{$block}}` or `{{$block}}{{/block}}`), so the content starts a line.
    let isStandalone: Bool
    /// The blanks before the opening tag on its line (meaningful when standalone).
    let before: [UInt8]
    /// The blanks every non-blank source line of the content starts with (when standalone).
    let commonIndentation: [UInt8]
    let position: TagPosition
}
