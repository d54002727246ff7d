import Foundation
import TOMLKit
import Diagnostics

/// Hugo's TOML front matter (the text between `+++` lines), turned into the YAML
/// the rest of the loader reads: each top-level key on the line of the file it is
/// written on, its value in YAML's flow style, so every message about a key
/// (`'date' is not a date`) points at the key's line in the file. Values inside a
/// table or array are reported at their key's line.
public enum TOMLFrontMatter {
    /// The YAML for `toml`, or the TOML error at its file line (`lineOffset`: the
    /// file lines before the TOML's first line).
    static func yaml(_ toml: String, file: String, lineOffset: Int) -> Result<String, Diagnostic> {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            return .failure(Diagnostic(file: file, line: error.source.begin.line + lineOffset, column: error.source.begin.column,
                                       message: "front matter: invalid TOML: \(error.description)"))
        } catch {
            return .failure(Diagnostic(file: file, line: lineOffset + 1, column: 1, message: "front matter: invalid TOML: \(error)"))
        }
        let written = keyLines(toml)
        // toml++ keeps keys sorted; put them back in the order (and on the lines) written.
        let keys = table.keys.sorted { a, b in
            let la = written[a] ?? .max, lb = written[b] ?? .max
            return la != lb ? la < lb : a < b
        }
        var lines: [String] = []
        for key in keys {
            guard let value = table[key] else { continue }
            if let line = written[key] {
                while lines.count < line - 1 { lines.append("") }
            }
            lines.append(quoted(key) + ": " + flow(value))
        }
        return .success(lines.joined(separator: "\n") + "\n")
    }

    /// The 1-based line of each top-level key: `key = …` before the first table
    /// header, a dotted key's first part, or a table's header (`[image]`, `[[screenshots]]`).
    static func keyLines(_ toml: String) -> [String: Int] {
        var out: [String: Int] = [:]
        var inRoot = true
        var inMultiline: String?
        for (i, raw) in toml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if let delimiter = inMultiline {
                if raw.contains(delimiter) { inMultiline = nil }
                continue
            }
            if line.hasPrefix("[") {
                inRoot = false
                let name = line.drop { $0 == "[" }
                if let key = firstKey(name), out[key] == nil { out[key] = i + 1 }
                continue
            }
            guard inRoot, let key = firstKey(line), line.contains("=") else { continue }
            if out[key] == nil { out[key] = i + 1 }
            // A multi-line string's lines are not keys.
            for delimiter in ["\"\"\"", "'''"] where line.components(separatedBy: delimiter).count == 2 {
                inMultiline = delimiter
            }
        }
        return out
    }

    /// The first part of a key at the start of `text`: bare (`title`), quoted (`"a b"`), before any `.`.
    private static func firstKey(_ text: Substring) -> String? {
        guard let first = text.first else { return nil }
        if first == "\"" || first == "'" {
            let rest = text.dropFirst()
            guard let end = rest.firstIndex(of: first) else { return nil }
            return String(rest[..<end])
        }
        let bare = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return bare.isEmpty ? nil : String(bare)
    }

    /// A TOML value as YAML flow text on one line.
    private static func flow(_ value: TOMLValueConvertible) -> String {
        if let table = value.table {
            return "{" + table.keys.sorted().compactMap { key in table[key].map { quoted(key) + ": " + flow($0) } }
                .joined(separator: ", ") + "}"
        }
        if let array = value.array { return "[" + array.map { flow($0) }.joined(separator: ", ") + "]" }
        if let b = value.bool { return b ? "true" : "false" }
        if let i = value.int { return String(i) }
        if let d = value.double { return String(d) }
        if let s = value.string { return quoted(s) }
        if let dt = value.dateTime { return quoted(text(dt)) }
        if let d = value.date { return quoted(text(d)) }
        if let t = value.time { return quoted(String(format: "%02d:%02d:%02d", t.hour, t.minute, t.second)) }
        return quoted(value.debugDescription)
    }

    /// `text` as a YAML double-quoted scalar.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + String(format: "%02X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A TOML date as blogbuild writes one: `2021-01-05`.
    public static func text(_ d: TOMLDate) -> String {
        String(format: "%04d-%02d-%02d", d.year, d.month, d.day)
    }

    /// A TOML date and time: `2021-01-05 09:30:00`, with ` +01:00` when it has an offset.
    public static func text(_ dt: TOMLDateTime) -> String {
        var out = text(dt.date)
        out += String(format: " %02d:%02d:%02d", dt.time.hour, dt.time.minute, dt.time.second)
        if let minutes = dt.offset?.offset {
            out += " " + (minutes < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(minutes) / 60, abs(minutes) % 60)
        }
        return out
    }
}
