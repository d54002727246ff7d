import Template

/// The page templates a theme must have and the context each is compiled
/// against: declared by the page kinds (`PageKinds.templates`), read by `Theme`.
public struct PageTemplates: Sendable {
    /// Page template names (`post`, `home`, …), without `base` and partials.
    public let names: [String]
    /// A fresh context shape for a page template; nil for another name.
    public let root: @Sendable (String) -> TemplateShape?

    public init(names: [String], root: @escaping @Sendable (String) -> TemplateShape?) {
        self.names = names
        self.root = root
    }
}
