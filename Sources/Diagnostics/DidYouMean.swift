/// Finds the name a person probably meant when they wrote one that is not
/// known: `post_per_page` → `posts_per_page`, `baseURL` → `base_url`.
public enum DidYouMean {
    /// The candidate closest to `written`, or nil when none is close enough to
    /// be a likely slip. Case, `_` and `-` are ignored first (`baseURL` is
    /// `base_url`); then up to one edit per four letters (at least one, at most
    /// three) is allowed, a swap of two neighbours counting as one. Ties go to
    /// the earlier candidate, so the answer does not depend on hashing.
    public static func closest(to written: String, in candidates: [String]) -> String? {
        let folded = fold(written)
        if let same = candidates.first(where: { fold($0) == folded && $0 != written }) { return same }
        let limit = max(1, min(3, written.count / 4))
        var best: (name: String, distance: Int)?
        let lower = Array(written.lowercased())
        for candidate in candidates where candidate != written {
            let d = distance(lower, Array(candidate.lowercased()), limit: limit)
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Lower case without `_`, `-` and blanks.
    public static func fold(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Edits (insert, delete, replace, swap neighbours) from `a` to `b`; any
    /// answer above `limit` is just "more than `limit`".
    static func distance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
        if abs(a.count - b.count) > limit { return limit == .max ? limit : limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Optimal string alignment: three rows of the Levenshtein table.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
