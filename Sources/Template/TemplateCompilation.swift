/// What compiling one template for one root shape gives: the program, the problems
/// of every template it reached, which templates those were (a name unknown in
/// one page type's context may be known in another's, so a caller checking a
/// shared template needs to know which compilations saw it), and what it reads.
public struct TemplateCompilation: Sendable {
    /// Nil only when there is no template of that name.
    public let template: CompiledTemplate?
    /// Deduplicated, sorted by template, line and column.
    public let problems: [TemplateProblem]
    /// Names of the templates compiled (the template itself, partials, parents).
    public let reached: Set<String>
    public let reads: TemplateReads

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(
        template: CompiledTemplate?,
        problems: [TemplateProblem],
        reached: Set<String>,
        reads: TemplateReads
    ) {
        self.template = template
        self.problems = problems
        self.reached = reached
        self.reads = reads
    }
}
