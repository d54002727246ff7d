/// What compiling one template for one root shape gives: the program, the problems
/// of every template it reached, which templates those were (a name unknown in
/// one page type's context may be known in another's, so a caller checking a
/// shared template needs to know which compilations saw it), and what it reads.
struct TemplateCompilation: Sendable {
    /// Nil only when there is no template of that name.
    let template: CompiledTemplate?
    /// Deduplicated, sorted by template, line and column.
    let problems: [TemplateProblem]
    /// Names of the templates compiled (the template itself, partials, parents).
    let reached: Set<String>
    let reads: TemplateReads
}
