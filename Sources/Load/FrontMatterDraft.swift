extension YAMLFields {
    /// Whether the author holds the file back: `draft: true`, or `published: false`
    /// (Jekyll's and Hugo's other spelling), for every kind that is published (posts,
    /// pages, series, apps and their child pages). `build` and `publish` leave it out;
    /// `--drafts` and `serve` show it. With both written, `draft` wins and a hint
    /// at `published` says so.
    mutating func draft() -> Bool {
        let key = preferring("draft", over: "published")
        guard let value = bool(key) else { return false }
        return key == "draft" ? value : !value
    }
}
