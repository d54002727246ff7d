/// Jekyll's front matter defaults (`defaults:` in `_config.yml`): each set has a
/// `scope` (`path`, a folder or glob relative to the site, and `type`: posts,
/// pages, drafts or a collection's label) and `values`. A file takes the values
/// of every set whose scope matches it, the more specific set winning (a longer
/// path, then a set that names a type), and its own front matter beats them all.
struct JekyllDefaults {
    struct Entry {
        var path: String
        var type: String?
        var values: ImportFields
        /// Jekyll's order: deeper paths later (they win), a type later than none.
        var rank: (Int, Int) { (path.split(separator: "/").count, type == nil ? 0 : 1) }
    }

    var sets: [Entry]

    init(_ config: ImportValue) {
        guard case .list(let items) = config["defaults"] ?? .null else { sets = []; return }
        sets = items.compactMap { item in
            guard case .map(let values) = item["values"] ?? .null else { return nil }
            var path = item["scope"]?["path"]?.scalarText ?? ""
            while path.hasPrefix("/") || path.hasPrefix("./") { path.removeFirst(path.hasPrefix("/") ? 1 : 2) }
            while path.hasSuffix("/") { path.removeLast() }
            let type = item["scope"]?["type"]?.scalarText.flatMap { $0.isEmpty ? nil : $0 }
            return Entry(path: path, type: type, values: values)
        }
    }

    /// The values for the file at `path` (relative to the site) of `type`.
    func values(path: String, type: String) -> ImportFields {
        let matching = sets.enumerated().filter { _, set in
            (set.type == nil || set.type == type || (type == "drafts" && set.type == "posts")) && Self.applies(set.path, to: path)
        }
        // A stable sort: sets of the same rank keep the order they were written in.
        let ordered = matching.sorted { a, b in a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset }
        var merged: ImportFields = []
        for (_, set) in ordered { merged = Self.merge(merged, over: set.values) }
        return merged
    }

    /// `front` with every default it does not set itself (maps merged key by key).
    func applied(to front: ImportFields, path: String, type: String) -> ImportFields {
        Self.merge(values(path: path, type: type), over: front)
    }

    /// `top` over `base`: `top`'s keys win; maps on both sides merge.
    static func merge(_ base: ImportFields, over top: ImportFields) -> ImportFields {
        var out = base
        for (key, value) in top {
            if let i = out.firstIndex(where: { $0.key == key }) {
                if case .map(let old) = out[i].value, case .map(let new) = value {
                    out[i].value = .map(merge(old, over: new))
                } else {
                    out[i].value = value
                }
            } else {
                out.append((key: key, value: value))
            }
        }
        return out
    }

    /// Whether a scope path covers a file: "" covers all; a folder covers what is
    /// in it; a path with `*` is a glob over the file's path.
    static func applies(_ scope: String, to path: String) -> Bool {
        if scope.isEmpty { return true }
        if scope.contains("*") { return glob(Substring(scope), Substring(path)) || glob(Substring(scope + "/*"), Substring(path)) }
        return path == scope || path.hasPrefix(scope + "/")
    }

    /// `*` matches any run of characters (Jekyll uses File.fnmatch with FNM_PATHNAME off for `**`).
    private static func glob(_ pattern: Substring, _ text: Substring) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let rest = pattern.drop { $0 == "*" }
            var t = text
            while true {
                if glob(rest, t) { return true }
                if t.isEmpty { return false }
                t = t.dropFirst()
            }
        }
        guard let c = text.first, c == first else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}
