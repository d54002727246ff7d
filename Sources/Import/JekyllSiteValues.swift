import Foundation

/// `{{ site.NAME }}` and `{{ site.data.FILE.KEY }}` as the old site printed them:
/// a text, number or boolean written in `_config.yml` or in a data file under
/// `_data/` (YAML or JSON, in folders: `site.data.a.b.KEY` is `_data/a/b.yml`).
/// Values Jekyll computes (`site.posts`, `site.time`, `site.github`, …), lists,
/// maps and anything indexed by a variable (`site.data.x[page.y]`) are not known
/// here and stay as written.
struct JekyllSiteValues {
    var root: URL
    var config: ImportValue
    private var files: [String: ImportValue?] = [:]

    init(root: URL, config: ImportValue) {
        self.root = root
        self.config = config
    }

    /// The value of `site.a.b` as Liquid prints it, or nil when it is not a plain value written in the site.
    mutating func value(_ expression: String) -> String? {
        let parts = expression.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[0] == "site", parts.allSatisfy({ !$0.isEmpty && !$0.contains("[") && !$0.contains(" ") }) else { return nil }
        if parts[1] == "data" {
            // The longest folder path that names a file: `_data/a/b.yml` for site.data.a.b.c.
            for end in stride(from: parts.count - 1, through: 2, by: -1) {
                let file = parts[2...end].joined(separator: "/")
                guard let data = data(file) else { continue }
                return Self.scalar(Array(parts[(end + 1)...]), in: data)
            }
            return nil
        }
        return Self.scalar(Array(parts.dropFirst()), in: config)
    }

    private mutating func data(_ name: String) -> ImportValue? {
        guard !name.contains("..") else { return nil }
        if let cached = files[name] { return cached }
        var found: ImportValue?
        for ext in ["yml", "yaml", "json"] {
            let url = root.appendingPathComponent("_data/\(name).\(ext)")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            found = ext == "json" ? (try? ImportValue.json(text).get()) : (try? ImportValue.yaml(text).get())
            break
        }
        files[name] = found
        return found
    }

    private static func scalar(_ keys: [String], in value: ImportValue) -> String? {
        var value = value
        for key in keys {
            guard let next = value[key] else { return nil }
            value = next
        }
        switch value {
        case .text, .bool: return value.scalarText
        case .number(let n) where Int(n) != nil: return n  // Ruby prints a float its own way (1.10 as 1.1)
        default: return nil
        }
    }
}
