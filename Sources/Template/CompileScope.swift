/// Where the compiler is: which template's nodes it is reading (problems are reported
/// there), the shapes on the context stack, the line indentation, the block arguments
/// in force, how deeply sections, partials and blocks are nested, and whether this is a
/// candidate of a dynamic name (`quiet`), which the data may never pick here: problems
/// that depend on the place (unknown names, nesting) are not reported inside one.
struct CompileScope: Sendable {
    var template: String
    var label: String
    var frames: [ShapeFrame]
    var indent: LineIndent
    var blocks: [String: BlockArgument]
    var depth: Int
    var quiet: Bool
    /// Dynamic-name calls around this place.
    var dynamicDepth: Int
}
