import Template

/// The page templates a theme must have and the context each is compiled
/// against: declared by the page kinds (`PageKinds.templates`), read by `Theme`.
package struct PageTemplates: Sendable {
    /// Page template names (`post`, `home`, …), without `base` and partials.
    package let names: [String]
    /// A fresh context shape for a page template; nil for another name.
    package let root: @Sendable (String) -> TemplateShape?

    package init(names: [String], root: @escaping @Sendable (String) -> TemplateShape?) {
        self.names = names
        self.root = root
    }
}
