/// A template of a set, parsed once: its nodes and the syntax problems found on the way.
public struct ParsedTemplate: Sendable {
    let name: String
    let label: String
    let nodes: [ParsedNode]
    public let problems: [TemplateProblem]
}
