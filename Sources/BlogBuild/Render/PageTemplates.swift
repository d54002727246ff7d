import Template

/// The page templates a theme must have and the context each is compiled
/// against: declared by the page kinds (`PageKinds.templates`), read by `Theme`.
struct PageTemplates: Sendable {
    /// Page template names (`post`, `home`, …), without `base` and partials.
    let names: [String]
    /// A fresh context shape for a page template; nil for another name.
    let root: @Sendable (String) -> TemplateShape?
}
