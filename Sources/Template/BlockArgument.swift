/// What a `{{<parent}}` tag passes for one block: the block as written, the template it
/// was written in (problems inside it are reported there), and what to do at the start
/// of its lines: its own template's indentation, less the block's own indentation when
/// it is standalone (the spec de-indents blocks where they are written). `serial` tells
/// arguments apart in cache keys (an object's address may be reused once it is freed).
struct BlockArgument: Sendable {
    let serial: Int
    let block: ParsedBlock
    let template: String
    let label: String
    let indent: LineIndent

    init(serial: Int, block: ParsedBlock, template: String, label: String, indent: LineIndent) {
        self.serial = serial
        self.block = block
        self.template = template
        self.label = label
        self.indent = indent
    }
}
