/// The `site.yml` an import writes, with each key once: several stages add to the
/// same key (the list pages' `redirects:` and the tag pages' links, `feeds:` from
/// more than one place), and a key written twice fails the build
/// (`content/site.yml:9:1: duplicate key 'redirects'`). Maps given under one key
/// are merged, the first value winning inside them; of two values of another
/// kind, the first is kept. What is not kept is listed in `dropped` (IMPORT.md names it).
enum ImportConfig {
    /// The config with each key once, and each value given again and not kept
    /// (`key`, or `key.inner` inside a map).
    static func mergingRepeatedKeys(_ config: ImportFields) -> (fields: ImportFields, dropped: [String]) {
        var out: ImportFields = []
        var dropped: [String] = []
        for (key, value) in config {
            guard let i = out.firstIndex(where: { $0.key == key }) else {
                out.append((key: key, value: value))
                continue
            }
            guard case .map(let first) = out[i].value, case .map(let more) = value else {
                dropped.append(key)
                continue
            }
            let known = Set(first.map(\.key))
            dropped += more.filter { known.contains($0.key) }.map { "\(key).\($0.key)" }
            out[i].value = .map(first + more.filter { !known.contains($0.key) })
        }
        return (out, dropped)
    }
}
