/// Everything a template's compiled steps depend on besides its text: the shapes on the
/// context stack, the line indentation, and the block arguments in force. Two calls
/// with equal keys share one compiled body; a call whose key is still being compiled
/// further up would recurse with nothing changed, which can only loop forever. A quiet
/// compilation (a dynamic-name candidate) reports less, so it is kept apart.
struct SpecializationKey: Hashable, Sendable {
    let template: String
    let frames: [ShapeFrame]
    let indent: LineIndent
    let blockNames: [String]
    let blockArguments: [Int]
    let quiet: Bool

    init(template: String, frames: [ShapeFrame], indent: LineIndent, blocks: [String: BlockArgument], quiet: Bool) {
        self.template = template
        self.quiet = quiet
        self.frames = frames
        self.indent = indent
        let sorted = blocks.sorted { $0.key < $1.key }
        blockNames = sorted.map(\.key)
        blockArguments = sorted.map(\.value.serial)
    }
}
