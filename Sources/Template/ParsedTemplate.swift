/// A template of a set, parsed once: its nodes and the syntax problems found on the way.
package struct ParsedTemplate: Sendable {
    let name: String
    let label: String
    let nodes: [ParsedNode]
    package let problems: [TemplateProblem]
}
