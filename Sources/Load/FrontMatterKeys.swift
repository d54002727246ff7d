import Diagnostics

/// Front-matter keys blogbuild does not read. They still reach templates as
/// `page.params`, but each is named once per file in a hint, so a key another
/// generator uses (`categories`, `layout`) is not dropped without a word.
enum FrontMatterKeys {
    /// Keys other generators use, and what blogbuild has instead: the first
    /// entry whose key the file's kind knows (nil: whatever the kind) wins.
    static let advice: [String: [(key: String?, text: String)]] = {
        let image = [(key: Optional("image"), text: "use 'image'")]
        let updated = [(key: Optional("updated"), text: "use 'updated'")]
        let tags = [(key: Optional("tags"), text: "use 'tags'")]
        let url: [(key: String?, text: String)] = [
            ("slug", "use 'slug'; site.yml's 'permalinks.post' sets the pattern"),
            ("permalink", "use 'permalink'"),
        ]
        let layout = [(key: String?.none, text: "blogbuild picks the template from the kind of page")]
        return [
            "excerpt": [("summary", "use 'summary'"), ("tagline", "use 'tagline'")],
            "summary": [("tagline", "use 'tagline'")],
            "description": [("tagline", "use 'tagline'; the app's description is the file's body")],
            "categories": tags, "category": tags, "keywords": tags,
            "redirect_from": [("aliases", "use 'aliases'")],
            "cover": image, "featured_image": image, "featuredimage": image, "thumbnail": image, "hero": image,
            "weight": [("series_order", "use 'series_order' for a post's place in its series")],
            "lastmod": updated, "modified": updated, "last_modified_at": updated,
            "date": [("released", "use 'released'")],
            "permalink": url, "url": url,
            "layout": layout, "template": layout, "type": layout,
            "author": [(nil, "the author is set once, in site.yml")],
            "authors": [(nil, "the author is set once, in site.yml")],
            "menu": [(nil, "site.yml's 'nav' lists the menu's links")],
        ]
    }()
}

extension YAMLFields {
    /// A message at each key no getter asked for. Another generator's key gets a
    /// hint with blogbuild's own name for it (`'categories' is not used by blogbuild
    /// (use 'tags')`); a key a slip away from a known one (`seires`, `tag`) is a
    /// warning with did-you-mean, since the post silently loses what was meant and
    /// `publish` must not ship that; any other key a hint that templates see it. The
    /// last two are dropped when a template reads the key (`page.params.NAME`).
    /// Call after every getter, before `params()`.
    mutating func hintUnusedKeys() {
        for entry in unusedEntries {
            if let advice = FrontMatterKeys.advice[entry.key]?.first(where: { $0.key.map(asked.contains) ?? true })?.text {
                report("'\(entry.key)' is not used by blogbuild (\(advice))", at: entry.keyNode, severity: .hint)
            } else if let meant = suggestion(for: entry.key) {
                report("unknown key '\(entry.key)' (did you mean '\(meant)'?)",
                       at: entry.keyNode, severity: .warning, unusedFrontMatterKey: entry.key)
            } else {
                report("'\(entry.key)' is not used by blogbuild (templates see it as page.params.\(entry.key))",
                       at: entry.keyNode, severity: .hint, unusedFrontMatterKey: entry.key)
            }
        }
    }

    /// The key to read: `preferred` when it is written, else `other` (another
    /// generator's name for it, such as `lastmod` for `updated`). When both are
    /// written, `preferred` wins and a hint at `other` says so.
    mutating func preferring(_ preferred: String, over other: String) -> String {
        let mine = node(preferred) != nil
        guard node(other) != nil else { return preferred }
        guard mine else { return other }
        let at = entries.first { $0.key == other }?.keyNode
        report("'\(other)' is not used: '\(preferred)' is given too and wins (blogbuild reads '\(other)' as '\(preferred)' only without it)",
               at: at, severity: .hint)
        return preferred
    }
}
