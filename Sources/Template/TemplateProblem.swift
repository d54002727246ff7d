/// Something wrong with a template, found when it is parsed or compiled: where (template
/// name and label, 1-based line and column of the tag's opening delimiter, the column
/// counted in Unicode scalars) and what.
public struct TemplateProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The template is malformed or names a template that does not exist: always an error.
        case syntax
        /// A name no value of the data's shape has: the caller decides warning or error.
        case unknownName
    }

    /// The template's name in its set (`post`, `partials/header`).
    public let template: String
    /// How messages name the file (`templates/post.mustache`).
    public let label: String
    public let line: Int
    public let column: Int
    public let message: String
    public let kind: Kind

    public var description: String { "\(label):\(line):\(column): \(message)" }

    /// The order problems are reported in: by template, then place, then message.
    static func sorted(_ problems: some Sequence<TemplateProblem>) -> [TemplateProblem] {
        problems.sorted {
            ($0.template, $0.line, $0.column, $0.message) < ($1.template, $1.line, $1.column, $1.message)
        }
    }
}
