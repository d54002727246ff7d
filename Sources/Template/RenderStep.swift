/// One step of a compiled template. Names are already resolved to stack positions and
/// slots; text is already bytes, indentation included.
enum RenderStep: Sendable {
    case text([UInt8])
    /// `{{x}}` (escaped) or `{{{x}}}`.
    case value(ValueLookup, escaped: Bool)
    /// `{{#x}}`: the bodies for the shape of whatever candidate found the value, by candidate index.
    case section(ValueLookup, [SectionBodies])
    /// `{{^x}}`: runs when the value is falsey, nothing pushed.
    case inverted(ValueLookup, [RenderStep])
    /// A partial (or parent) compiled for this place; shared between places that compiled it alike.
    case include([RenderStep])
    /// `{{>*x}}`: the template the value names, each compiled for this place.
    case dynamic(ValueLookup, [String: [RenderStep]])
}
