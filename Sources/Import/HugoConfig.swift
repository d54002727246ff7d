import Foundation

/// A Hugo site's configuration, as Hugo reads it: `hugo.toml|yaml|yml|json` or
/// `config.*` at the root, and/or the files of `config/_default/` and of
/// `config/production/` (the environment `hugo` builds in unless told otherwise,
/// whose values take precedence over `_default`'s), where a file named for a
/// top-level key holds that key's table (`params.toml`, `menus.en.yaml`,
/// `languages.toml`). YAML may open and close with `---` document markers, which
/// Hugo accepts. Keys of the root file come first; a key given twice keeps the
/// first value, as Hugo's merge does, and two tables of one key are merged key by key.
package enum HugoConfig {
    static let rootNames = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json",
                            "config.toml", "config.yaml", "config.yml", "config.json"]
    static let extensions = ["toml", "yaml", "yml", "json"]

    /// The config files found, relative to the site root, in the order they are merged.
    static func files(in root: URL) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        if let main = rootNames.first(where: { fm.fileExists(atPath: root.appendingPathComponent($0).path) }) { out.append(main) }
        for environment in ["production", "_default"] {
            let folder = root.appendingPathComponent("config/" + environment)
            let names = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                extensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".")
            }.sorted { a, b in
                // The folder's own hugo.* / config.* first, then the per-key files by name.
                let ka = rootNames.contains(a) ? 0 : 1, kb = rootNames.contains(b) ? 0 : 1
                return (ka, a) < (kb, b)
            }
            out += names.map { "config/\(environment)/" + $0 }
        }
        return out
    }

    /// The merged configuration, or nil when the site has no config file at all.
    package static func read(_ root: URL) throws(ImportFailure) -> ImportValue? {
        let paths = files(in: root)
        guard !paths.isEmpty else { return nil }
        var merged: ImportFields = []
        for path in paths {
            let text = SourceTree(root, skipFolder: { _ in true }).text(path)
                ?? (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
            let parsed: Result<ImportValue, ImportParseError>
            switch (path as NSString).pathExtension.lowercased() {
            case "toml": parsed = ImportValue.toml(text)
            case "json": parsed = ImportValue.json(text)
            default: parsed = ImportValue.yaml(withoutDocumentMarkers(text))
            }
            let value: ImportValue
            switch parsed {
            case .success(let v): value = v
            case .failure(let error):
                throw ImportFailure("\(root.appendingPathComponent(path).path):\(error.line.map(String.init) ?? "1"): cannot be read: \(error.message)")
            }
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            // `menus.en` is the menus of one language: the key is the part before the dot.
            let key = String(name.split(separator: ".").first ?? Substring(name))
            let entries: ImportFields = path.hasPrefix("config/") && !rootNames.contains((path as NSString).lastPathComponent)
                ? [(key: key, value: value)] : value.entries
            merged = merge(merged, entries)
        }
        return canonical(.map(merged))
    }

    /// `later` merged into `earlier` as Hugo merges config files: a key both have keeps
    /// `earlier`'s value, but two tables are merged key by key (a `[params]` of the root
    /// file and `params.toml` both count).
    static func merge(_ earlier: ImportFields, _ later: ImportFields) -> ImportFields {
        var out = earlier
        for entry in later {
            guard let i = out.firstIndex(where: { $0.key == entry.key }) else { out.append(entry); continue }
            if case .map(let a) = out[i].value, case .map(let b) = entry.value { out[i].value = .map(merge(a, b)) }
        }
        return out
    }

    /// The keys the importer reads, as written in Hugo's documentation. Hugo reads
    /// config keys in any case (`baseurl`, `BaseURL`), so they are matched folded.
    static let knownKeys = ["baseURL", "title", "languageCode", "defaultContentLanguage", "timeZone", "permalinks", "params",
                            "mainSections", "pagination", "paginate", "menus", "menu", "disablePathToLower", "taxonomies",
                            "author", "description", "pagerSize", "disableKinds", "outputFormats", "baseName"]

    /// `config` with known keys renamed to their documented spelling, at the top
    /// level and one level down (`params.mainsections`, `pagination.pagersize`).
    static func canonical(_ value: ImportValue, depth: Int = 0) -> ImportValue {
        guard case .map(let entries) = value, depth < 2 else { return value }
        let byFolded = Dictionary(knownKeys.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        var out: ImportFields = []
        for entry in entries {
            let key = byFolded[entry.key.lowercased()] ?? entry.key
            guard !out.contains(where: { $0.key == key }) else { continue }
            out.append((key: key, value: key == "permalinks" ? entry.value : canonical(entry.value, depth: depth + 1)))
        }
        return .map(out)
    }

    /// YAML that opens with a `---` line and closes with `---` (or `...`) is one
    /// document to Hugo; to a YAML parser the closing marker starts a second one.
    static func withoutDocumentMarkers(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isMarker(_ line: String, _ markers: [String]) -> Bool {
            markers.contains(line.trimmingCharacters(in: .whitespaces))
        }
        guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }),
              isMarker(lines[first], ["---"]) else { return text }
        // Blank the markers rather than remove them, so parser line numbers stay right.
        lines[first] = ""
        if let last = lines.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }), last > first,
           isMarker(lines[last], ["---", "..."]) {
            lines[last] = ""
        }
        return lines.joined(separator: "\n")
    }
}
