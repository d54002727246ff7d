import Foundation
import Load
import TOMLKit
import Yams

/// A front-matter or config value read from another generator's YAML, TOML or
/// JSON, keeping the order its keys were written in.
package enum ImportValue: Sendable, Equatable {
    case text(String)
    case number(String)
    case bool(Bool)
    /// A date or date-time, as text blogbuild reads (`2019-03-04 10:15:00 +0100`).
    case date(String)
    case list([ImportValue])
    case map([(key: String, value: ImportValue)])
    case null

    package static func == (a: ImportValue, b: ImportValue) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)), (.number(let x), .number(let y)), (.date(let x), .date(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.list(let x), .list(let y)): return x == y
        case (.map(let x), .map(let y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        case (.null, .null): return true
        default: return false
        }
    }

    /// The value as one line of text (`text`, `number`, `date`, `bool`, or a list
    /// of one of them: `title: [Hello]` is a title as Hugo's templates print it
    /// once ranged over), else nil.
    var scalarText: String? {
        switch self {
        case .text(let s), .number(let s), .date(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .list(let items) where items.count == 1: return items[0].scalarText
        default: return nil
        }
    }

    /// A list of texts: a list's scalars, or one scalar; `space` also splits a
    /// scalar on blanks (Jekyll's `categories: swift ios`).
    package func texts(splittingOnSpaces space: Bool = false) -> [String] {
        switch self {
        case .list(let items): return items.compactMap(\.scalarText).filter { !$0.isEmpty }
        default:
            guard let s = scalarText?.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return [] }
            return space ? s.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) : [s]
        }
    }

    var bool: Bool? {
        switch self {
        case .bool(let b): return b
        case .text(let s): return ["true", "yes"].contains(s.lowercased()) ? true : ["false", "no"].contains(s.lowercased()) ? false : nil
        default: return nil
        }
    }

    package var entries: [(key: String, value: ImportValue)] {
        if case .map(let e) = self { return e }
        return []
    }

    package subscript(key: String) -> ImportValue? { entries.first { $0.key == key }?.value }
}

/// Ordered fields of a document's front matter or a config file.
typealias ImportFields = [(key: String, value: ImportValue)]

extension ImportValue {
    /// YAML as Ruby's Psych reads it, for Jekyll: a key written twice in one
    /// mapping takes its last value (libyaml through Yams refuses the file).
    /// Returns the value and the keys that were written twice.
    static func yamlKeepingLastDuplicate(_ text: String) -> (value: ImportValue, duplicates: [String])? {
        var text = text
        var all: [String] = []
        for _ in 0..<8 {
            do {
                guard let node = try Yams.compose(yaml: text) else { return (.map([]), all) }
                return (ImportValue(node), all)
            } catch YamlError.duplicatedKeysInMapping(let duplicates, _) {
                all += duplicates
                let before = text
                text = withoutEarlierDuplicates(text, keys: duplicates)
                if text == before { return nil }
            } catch {
                return nil
            }
        }
        return nil
    }

    /// `text` without the earlier of two lines that set the same key in the same
    /// mapping (same indentation, nothing less indented between), with the lines nested under it.
    static func withoutEarlierDuplicates(_ text: String, keys: [String]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func key(_ line: String) -> String? {
            var t = Substring(line.drop { $0 == " " })
            if t.hasPrefix("- ") { return nil }
            guard let colon = t.firstIndex(of: ":") else { return nil }
            t = t[..<colon]
            let name = t.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return keys.contains(name) ? name : nil
        }
        var drop = Set<Int>()
        for i in lines.indices {
            guard let name = key(lines[i]) else { continue }
            let level = indent(lines[i])
            var j = i + 1
            while j < lines.count {
                let line = lines[j]
                if line.trimmingCharacters(in: .whitespaces).isEmpty { j += 1; continue }
                if indent(line) < level { break }
                if indent(line) == level, key(line) == name {
                    drop.insert(i)
                    var k = i + 1
                    while k < j, lines[k].trimmingCharacters(in: .whitespaces).isEmpty || indent(lines[k]) > level { drop.insert(k); k += 1 }
                    break
                }
                j += 1
            }
        }
        // A dropped line stays as a blank one, so every later line keeps its number.
        for i in drop { lines[i] = "" }
        return lines.joined(separator: "\n")
    }

    /// Reads YAML (a Jekyll config, YAML front matter). Fails with the parser's
    /// message and the 1-based line it points at.
    static func yaml(_ text: String) -> Result<ImportValue, ImportParseError> {
        do {
            guard let node = try Yams.compose(yaml: text) else { return .success(.map([])) }
            return .success(ImportValue(node))
        } catch let error as YamlError {
            return .failure(ImportParseError(message: "\(error)".split(separator: "\n").first.map(String.init) ?? "not YAML",
                                             line: Self.line(of: error)))
        } catch {
            return .failure(ImportParseError(message: "\(error)", line: nil))
        }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    private init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .singleQuoted || scalar.style == .doubleQuoted || scalar.style == .literal || scalar.style == .folded {
                self = .text(scalar.string)
                return
            }
            if let b = Bool.construct(from: scalar) { self = .bool(b); return }
            if Int.construct(from: scalar) != nil || Double.construct(from: scalar) != nil,
               !scalar.string.lowercased().contains("inf"), !scalar.string.lowercased().contains("nan") {
                self = .number(scalar.string)
                return
            }
            if scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { self = .null; return }
            if Date.construct(from: scalar) != nil { self = .date(scalar.string); return }
            self = .text(scalar.string)
        case .mapping(let mapping):
            self = .map(mapping.map { (key: $0.key.string ?? "\($0.key)", value: ImportValue($0.value)) })
        case .sequence(let sequence):
            self = .list(sequence.map(ImportValue.init))
        case .alias:
            self = .null
        }
    }

    /// Reads TOML (a Hugo config, `+++` front matter).
    static func toml(_ text: String) -> Result<ImportValue, ImportParseError> {
        do {
            let table = try TOMLTable(string: text)
            return .success(ImportValue(table))
        } catch let error as TOMLParseError {
            return .failure(ImportParseError(message: error.description, line: error.source.begin.line))
        } catch {
            return .failure(ImportParseError(message: "\(error)", line: nil))
        }
    }

    private init(_ table: TOMLTable) {
        // toml++ keeps a table's keys sorted, not as written: sorted is at least stable.
        self = .map(table.keys.sorted().compactMap { key in table[key].map { (key: key, value: ImportValue(toml: $0)) } })
    }

    private init(toml value: TOMLValueConvertible) {
        if let table = value.table { self.init(table); return }
        if let array = value.array { self = .list(array.map { ImportValue(toml: $0) }); return }
        if let b = value.bool { self = .bool(b); return }
        if let i = value.int { self = .number(String(i)); return }
        if let d = value.double { self = .number(String(d)); return }
        if let s = value.string { self = .text(s); return }
        if let dt = value.dateTime { self = .date(Self.text(dt)); return }
        if let d = value.date { self = .date(Self.text(d)); return }
        if let t = value.time { self = .text(String(format: "%02d:%02d:%02d", t.hour, t.minute, t.second)); return }
        self = .text(value.debugDescription)
    }

    private static func text(_ d: TOMLDate) -> String { TOMLFrontMatter.text(d) }

    private static func text(_ dt: TOMLDateTime) -> String { TOMLFrontMatter.text(dt) }

    /// Reads JSON (Hugo's JSON front matter and config). Keys come out sorted:
    /// JSON objects have no order.
    static func json(_ text: String) -> Result<ImportValue, ImportParseError> {
        do {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return .success(ImportValue(json: object))
        } catch {
            return .failure(ImportParseError(message: "not valid JSON", line: nil))
        }
    }

    private init(json: Any) {
        switch json {
        case let map as [String: Any]:
            self = .map(map.keys.sorted().map { (key: $0, value: ImportValue(json: map[$0]!)) })
        case let list as [Any]: self = .list(list.map { ImportValue(json: $0) })
        case let s as String:
            self = DateParsing.fields(s).isSuccess ? .date(s) : .text(s)
        case let n as NSNumber:
            if String(cString: n.objCType) == "c" { self = .bool(n.boolValue) } else { self = .number(n.stringValue) }
        default: self = .null
        }
    }
}

/// A config or front matter another generator would reject too.
struct ImportParseError: Error, Sendable, Equatable {
    var message: String
    /// 1-based line within the parsed text, when the parser says.
    var line: Int?
}

private extension Result {
    var isSuccess: Bool { if case .success = self { return true } else { return false } }
}
