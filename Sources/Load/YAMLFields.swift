import Foundation
import Yams
import Diagnostics

/// Typed reading of one YAML mapping (front matter, site.yml, or a mapping
/// inside them such as `feeds:`). Every getter marks its key as used, returns
/// nil when the key is absent or null, and records a diagnostic pointing at
/// the offending value when the value has the wrong shape. Keys nobody asked
/// for become `params`.
///
/// Typed fields read the scalar's text whether it is quoted or not: `"3"` is a
/// fine `series_order`, `"true"` a fine `draft`. Booleans are `true`/`false`
/// (also `True`, `TRUE`, ...); `yes`/`no`/`on`/`off` are refused rather than guessed.
/// Text fields take any scalar as written (`title: 1984` is the text `1984`).
struct YAMLFields {
    /// Where the mapping came from, shared by nested readers.
    struct Context {
        var file: String
        var lineOffset: Int
        var messagePrefix: String

        func location(of node: Node) -> SourceLocation {
            guard let mark = node.mark else { return SourceLocation(line: lineOffset + 1, column: 1) }
            return SourceLocation(line: mark.line + lineOffset, column: mark.column)
        }
    }

    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
    }

    let context: Context
    /// `""` at the top; `"feeds."` inside `feeds:`, so messages say `'feeds.items'`.
    let path: String
    /// Where to report a missing key: the mapping itself, or line 1 at the top.
    let anchor: SourceLocation
    private(set) var entries: [Entry] = []
    /// The keys of `entries`, for lookups that do not copy nodes.
    private var keys: [String] = []
    /// Parallel to `entries`: whether a getter asked for that key.
    private var used: [Bool] = []
    /// Every key a getter asked for, written or not, in the order asked: the
    /// keys this mapping knows, for did-you-mean.
    private(set) var asked: [String] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Nodes still allowed in params conversion (guards against alias bombs).
    private var budget = 100_000

    init(context: Context, pairs: [(key: Node, value: Node)], path: String, anchor: Node?) {
        self.context = context
        self.path = path
        self.anchor = anchor.map(context.location(of:)) ?? SourceLocation(line: 1, column: 1)
        for pair in pairs {
            guard case .scalar(let key) = pair.key else {
                report("keys must be plain text, not a list or mapping", at: pair.key)
                continue
            }
            entries.append(Entry(key: key.string, keyNode: pair.key, value: pair.value))
        }
        keys = entries.map(\.key)
        used = Array(repeating: false, count: entries.count)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: - Reporting

    mutating func report(_ message: String, at node: Node?, severity: Diagnostic.Severity = .error,
                         unusedFrontMatterKey: String? = nil) {
        let at = node.map(context.location(of:)) ?? anchor
        diagnostics.append(Diagnostic(file: context.file, line: at.line, column: at.column,
                                      message: context.messagePrefix + message, severity: severity,
                                      unusedFrontMatterKey: unusedFrontMatterKey))
    }

    /// `'feeds.items'`
    func name(_ key: String) -> String { "'\(path)\(key)'" }

    /// A value for a message: `("Jan fifth")`, escaped and shortened.
    static func quote(_ text: String) -> String {
        var short = text.count > 60 ? String(text.prefix(57)) + "..." : text
        short = short.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "(\"\(short)\")"
    }

    /// `a list`, `a mapping` or `text`, for messages.
    static func shape(_ node: Node) -> String {
        switch node {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        default: return "text"
        }
    }

    // MARK: - Raw access

    /// The value node of `key` (marked used), or nil if absent or null.
    mutating func node(_ key: String) -> Node? {
        guard let value = writtenNode(key) else { return nil }
        return YAMLScalar.isNull(value) ? nil : value
    }

    /// The value node of `key` even when it is null (nil only if absent); marks it used.
    mutating func writtenNode(_ key: String) -> Node? {
        // A handful of keys: a linear scan beats hashing.
        if !asked.contains(key) { asked.append(key) }
        guard let index = keys.firstIndex(of: key) else { return nil }
        used[index] = true
        return entries[index].value
    }

    /// The text of a scalar, or a diagnostic naming `what`.
    private mutating func scalarText(_ node: Node, what: String, expected: String = "text") -> String? {
        guard case .scalar(let scalar) = node else {
            report("\(what) must be \(expected) (found \(Self.shape(node)))", at: node)
            return nil
        }
        return scalar.string
    }

    // MARK: - Typed getters

    /// Any scalar, as written.
    mutating func text(_ key: String) -> String? {
        guard let node = node(key) else { return nil }
        return scalarText(node, what: name(key))
    }

    /// A scalar that is not blank; a missing or blank one is reported as required.
    /// A missing one written with a slip (`tittle:`) is one error at the slip, with
    /// the key meant, rather than "required" at line 1 and the slip as another problem.
    mutating func requiredText(_ key: String) -> String? {
        let node = node(key)
        guard let node else {
            if let slip = entries.indices.first(where: { !used[$0] && DidYouMean.closest(to: entries[$0].key, in: [key]) == key }) {
                // Taken as read: it is this error, not also an unknown key nor a template's param.
                used[slip] = true
                report("unknown key '\(path)\(entries[slip].key)' (did you mean \(name(key))?); \(name(key)) is required",
                       at: entries[slip].keyNode)
                return nil
            }
            report("\(name(key)) is required", at: nil)
            return nil
        }
        guard let text = scalarText(node, what: name(key)) else { return nil }
        guard !ContentText.isBlank(text) else {
            report("\(name(key)) is required", at: node)
            return nil
        }
        return text
    }

    /// A whole number such as `3` or `-1`.
    mutating func int(_ key: String) -> Int? {
        guard let node = node(key), let text = scalarText(node, what: name(key), expected: "a whole number") else { return nil }
        let trimmed = ContentText.trimmed(text)
        guard YAMLScalar.isDecimal(trimmed, allowSign: true), let value = Int(trimmed) else {
            report("\(name(key)) is not a whole number \(Self.quote(text))", at: node)
            return nil
        }
        return value
    }

    /// A whole number of at least 1.
    mutating func positiveInt(_ key: String) -> Int? {
        guard let node = node(key), let text = scalarText(node, what: name(key), expected: "a whole number") else { return nil }
        let trimmed = ContentText.trimmed(text)
        guard YAMLScalar.isDecimal(trimmed, allowSign: true), let value = Int(trimmed), value >= 1 else {
            report("\(name(key)) must be a positive whole number \(Self.quote(text))", at: node)
            return nil
        }
        return value
    }

    /// `true` or `false` (any of YAML 1.2's spellings).
    mutating func bool(_ key: String) -> Bool? {
        guard let node = node(key), let text = scalarText(node, what: name(key), expected: "true or false") else { return nil }
        switch ContentText.trimmed(text) {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            report("\(name(key)) is not true or false \(Self.quote(text))", at: node)
            return nil
        }
    }

    /// A list of non-blank scalars, or one scalar standing for a list of one.
    /// Entries are trimmed.
    mutating func textList(_ key: String) -> [String]? {
        textListWithNodes(key)?.map(\.text)
    }

    /// Like `textList`, keeping each entry's node for diagnostics about it.
    mutating func textListWithNodes(_ key: String) -> [(text: String, node: Node)]? {
        guard let node = node(key) else { return nil }
        switch node {
        case .scalar(let scalar):
            let text = ContentText.trimmed(scalar.string)
            return text.isEmpty ? [] : [(text, node)]
        case .sequence(let sequence):
            var out: [(text: String, node: Node)] = []
            for item in sequence {
                guard case .scalar(let scalar) = item else {
                    report("\(name(key)) must be a list of text (found \(Self.shape(item)))", at: item)
                    continue
                }
                let text = ContentText.trimmed(scalar.string)
                if text.isEmpty || YAMLScalar.isNull(item) {
                    report("\(name(key)) has an empty entry", at: item)
                    continue
                }
                out.append((text, item))
            }
            return out
        default:
            report("\(name(key)) must be a list of text (found a mapping)", at: node)
            return nil
        }
    }

    /// A date in one of `DateParsing`'s forms.
    mutating func date(_ key: String, timeZone: TimeZone) -> PostDate? {
        guard let node = node(key), let text = scalarText(node, what: name(key), expected: "a date") else { return nil }
        switch DateParsing.parse(text, timeZone: timeZone) {
        case .success(let date): return date
        case .failure(.notADate):
            report("\(name(key)) is not a date \(Self.quote(text)); write it as \(DateParsing.acceptedForms)", at: node)
        case .failure(.invalid):
            report("\(name(key)) is not a valid date \(Self.quote(text))", at: node)
        }
        return nil
    }

    /// One of `options` by raw value, e.g. `order: date|manual`.
    mutating func choice<T: RawRepresentable>(_ key: String, _ options: [T]) -> T? where T.RawValue == String {
        guard let node = node(key), let text = scalarText(node, what: name(key)) else { return nil }
        let trimmed = ContentText.trimmed(text)
        if let value = options.first(where: { $0.rawValue == trimmed }) { return value }
        let names = options.map(\.rawValue)
        let list = names.count == 2 ? "\(names[0]) or \(names[1])" : names.joined(separator: ", ")
        report("\(name(key)) must be \(list) \(Self.quote(text))", at: node)
        return nil
    }

    /// `{src, alt}` or a plain `src`.
    mutating func image(_ key: String) -> ImageRef? {
        guard let node = node(key) else { return nil }
        return imageRef(node, what: key)
    }

    /// A list of `{src, alt}` or plain `src` entries.
    mutating func imageList(_ key: String) -> [ImageRef]? {
        guard let node = node(key) else { return nil }
        guard case .sequence(let sequence) = node else {
            report("\(name(key)) must be a list (found \(Self.shape(node)))", at: node)
            return nil
        }
        return sequence.compactMap { imageRef($0, what: key) }
    }

    private mutating func imageRef(_ node: Node, what key: String) -> ImageRef? {
        switch node {
        case .scalar(let scalar):
            let src = ContentText.trimmed(scalar.string)
            guard !src.isEmpty, !YAMLScalar.isNull(node) else {
                report("\(name(key)) needs 'src'", at: node)
                return nil
            }
            return ImageRef(src: src, alt: nil)
        case .mapping:
            guard var inner = nested(node, key: key) else { return nil }
            let src = inner.text("src").map(ContentText.trimmed)
            let alt = inner.text("alt")
            if !inner.hasErrors && (src ?? "").isEmpty { inner.report("\(name(key)) needs 'src'", at: node) }
            absorb(inner)
            guard let src, !src.isEmpty else { return nil }
            return ImageRef(src: src, alt: alt)
        default:
            report("\(name(key)) must be a path or {src, alt} (found a list)", at: node)
            return nil
        }
    }

    // MARK: - Nesting

    /// A reader over the mapping under `key`, or nil (with a diagnostic if it is not a mapping).
    mutating func nested(_ key: String) -> YAMLFields? {
        guard let node = node(key) else { return nil }
        return nested(node, key: key)
    }

    /// A reader over `node`, which must be a mapping, named `key` in messages.
    mutating func nested(_ node: Node, key: String) -> YAMLFields? {
        guard case .mapping(let mapping) = node else {
            report("\(name(key)) must be a mapping (found \(Self.shape(node)))", at: node)
            return nil
        }
        return YAMLFields(context: context, pairs: Array(mapping), path: path + key + ".", anchor: node)
    }

    /// Takes over a nested reader's diagnostics, warning about keys it did not read.
    mutating func absorb(_ inner: YAMLFields) {
        diagnostics += inner.diagnostics
        for entry in inner.unusedEntries {
            report(inner.unknownKeyMessage(entry.key), at: entry.keyNode, severity: .warning)
        }
    }

    /// `unknown key 'feeds.itmes' (did you mean 'feeds.items'?)`; `otherNames`
    /// maps other generators' names, folded (`DidYouMean.fold`), to ours
    /// (`paginate` → `posts_per_page`).
    func unknownKeyMessage(_ key: String, otherNames: [String: String] = [:]) -> String {
        let message = "unknown key '\(path)\(key)'"
        guard let known = suggestion(for: key, otherNames: otherNames) else { return message }
        return message + " (did you mean '\(path)\(known)'?)"
    }

    /// The known key `key` was probably meant to be: `otherNames[key]` if this
    /// mapping knows it, else the nearest key a getter asked for.
    func suggestion(for key: String, otherNames: [String: String] = [:]) -> String? {
        if let known = otherNames[DidYouMean.fold(key)], asked.contains(known) { return known }
        return DidYouMean.closest(to: key, in: asked)
    }

    // MARK: - What is left

    /// Entries no getter asked for, in written order.
    var unusedEntries: [Entry] {
        zip(entries, used).filter { !$0.1 }.map(\.0)
    }

    /// Where each key's value was written.
    var keyLocations: [String: SourceLocation] {
        var out: [String: SourceLocation] = [:]
        for entry in entries { out[entry.key] = context.location(of: entry.value) }
        return out
    }

    /// Keys no getter asked for, as template values.
    mutating func params() -> [String: FrontMatterValue] {
        var out: [String: FrontMatterValue] = [:]
        for (entry, wasUsed) in zip(entries, used) where !wasUsed {
            out[entry.key] = value(entry.value)
        }
        return out
    }

    /// Any YAML node as a template value; mapping keys keep their written order.
    mutating func value(_ node: Node) -> FrontMatterValue {
        budget -= 1
        if budget == 0 { report("too many values (is an alias repeated in a loop?)", at: node) }
        if budget <= 0 { return .null }
        switch node {
        case .scalar(let scalar):
            return YAMLScalar.value(of: scalar)
        case .sequence(let sequence):
            return .array(sequence.map { value($0) })
        case .mapping(let mapping):
            return .mapping(mapping.map { (key: $0.key.scalar?.string ?? "", value: value($0.value)) })
        case .alias:
            return .null
        }
    }
}
