/// What happens at the start of each kept source line while nodes are compiled: up to
/// `strip` leading blanks of the line are dropped, then `add` is written. A standalone
/// partial only adds (its indentation); a standalone block also strips, because the
/// spec removes a block's own indentation where it is written and adds the expansion
/// site's where it is used.
struct LineIndent: Hashable, Sendable {
    var strip: Int
    var add: [UInt8]

    static let none = LineIndent(strip: 0, add: [])

    /// `bytes` without up to `count` leading spaces and tabs.
    static func dropBlanks(_ bytes: [UInt8], upTo count: Int) -> [UInt8] {
        var i = 0
        while i < bytes.count && i < count && (bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t")) { i += 1 }
        return i == 0 ? bytes : Array(bytes[i...])
    }
}
