/// What the index adds so that a word typed with one letter wrong is still found
/// (docs/SEARCH.md, "Typos"): the neighbour files `search/near/<key>.json`.
///
/// A query word with a typo after its first two letters has the right ones, so
/// the dictionary file it fetches anyway holds the word it means, and search.js
/// finds it there. A typo in the first two letters names another file: an extra
/// letter or two letters swapped there leave the right ones elsewhere in the
/// word (search.js knows where and fetches those dictionary files), but a
/// wrong or missing first or second letter leaves no trace of it. For those,
/// each word is also filed under itself without its first letter and without
/// its second (`tidepool` as `idepool` and `tdepool`): a query word with its own
/// first or second letter left out, or left as it is, meets the word it means
/// there (`xidepool` → `idepool`, `tdepool` itself). Only words of
/// `minimumLength` scalars or more: a shorter word has too many neighbours to
/// guess from.
enum SearchTypos {
    /// Words shorter than this are never taken for a typo's intent.
    static let minimumLength = 5

    /// The word without its first scalar, and without its second (one when they are
    /// the same); none for a word shorter than `minimumLength`.
    static func variants(of surface: String) -> [String] {
        let scalars = surface.unicodeScalars
        guard scalars.count >= minimumLength else { return [] }
        var first = String.UnicodeScalarView(), second = String.UnicodeScalarView()
        first.append(contentsOf: scalars.dropFirst())
        second.append(scalars[scalars.startIndex])
        second.append(contentsOf: scalars.dropFirst(2))
        let a = String(first), b = String(second)
        return a == b ? [a] : [a, b]
    }
}
