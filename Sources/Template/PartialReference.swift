/// What a `{{>…}}` or `{{<…}}` tag names: a template of the set, or (dynamic names,
/// `{{>*x}}`) a variable whose string value names one at render time.
struct PartialReference: Sendable {
    /// The template's name, or for a dynamic reference the variable's dotted name.
    let name: String
    let isDynamic: Bool
    /// For a tag on a standalone line, the blanks before it: every line of the template
    /// it includes gets them. Nil when the tag shares its line with other output.
    let indentation: [UInt8]?
}
