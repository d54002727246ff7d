import Yams

/// Writes imported front matter as YAML, in the order given, quoting only
/// what YAML would otherwise read as something else (`'true'`, `'2019'`).
enum FrontMatterText {
    /// `---`, the fields, `---`, a blank line, the body.
    static func document(_ fields: ImportFields, body: String) -> String {
        var text = "---\n" + yaml(fields) + "---\n"
        let trimmed = body.drop { $0 == "\n" }
        if !trimmed.isEmpty { text += "\n" + trimmed }
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }

    /// The fields as a YAML mapping (no `---`), ending with a newline.
    static func yaml(_ fields: ImportFields) -> String {
        guard !fields.isEmpty else { return "" }
        let node = Node.mapping(Node.Mapping(fields.map { (Node.scalar(.init($0.key)), yamlNode($0.value)) }))
        // Serialising a tree of plain scalars cannot fail; if libyaml ever did, an
        // empty mapping would lose the fields silently, so fall back to JSON-style text.
        if let text = try? Yams.serialize(node: node, width: -1, allowUnicode: true, sortKeys: false) {
            return text
        }
        return fields.map { "\($0.key): \(flow($0.value))\n" }.joined()
    }

    private static func yamlNode(_ value: ImportValue) -> Node {
        switch value {
        case .text(let s): return .scalar(s.represented())
        case .number(let s), .date(let s): return .scalar(.init(s))
        case .bool(let b): return .scalar(.init(b ? "true" : "false"))
        case .null: return .scalar(.init("null"))
        case .list(let items):
            // Short lists of scalars read best inline: `tags: [swift, ios]`.
            let flow = items.allSatisfy { $0.scalarText != nil } && items.count <= 8
            return .sequence(.init(items.map(yamlNode), .implicit, flow ? .flow : .block))
        case .map(let entries):
            return .mapping(.init(entries.map { (Node.scalar(.init($0.key)), yamlNode($0.value)) }))
        }
    }

    private static func flow(_ value: ImportValue) -> String {
        switch value {
        case .text(let s): return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .number(let s), .date(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .list(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .map(let entries): return "{" + entries.map { "\($0.key): \(flow($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
