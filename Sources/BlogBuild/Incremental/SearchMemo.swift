import Foundation

/// The search index's analysis of the last build, group by group, for the next
/// build (`SearchIndex.files`, and `SearchRefresh` after a patched edit): a group
/// whose documents are equal to the last build's (title, path, date, names, body,
/// summary: everything the analysis reads), with the same stemmer, is not analysed again.
///
/// Groups are cut where the content says (`groups(of:)`), not every N documents,
/// so a new post, which moves every id after it, changes one group and not all.
/// The memo holds exactly the last build's groups.
final class SearchMemo: @unchecked Sendable {
    /// A group by its first and last documents' paths; `Entry.documents` is compared in full.
    struct Key: Hashable {
        var first: String
        var last: String
    }

    struct Entry {
        var documents: [SearchDocument]
        var terms: SearchGroupTerms
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    /// The stemmer the entries were analysed with (a new `language:` makes every term another).
    private var stemmer: String?
    private var analysedGroups = 0

    /// How many groups the last build analysed (the others it took from the memo).
    var analysed: Int { lock.withLock { analysedGroups } }

    /// The last build's groups, taken out (a build hands back what it kept with
    /// `keep`); none when they were analysed with another stemmer.
    func take(stemmer: String?) -> [Key: Entry] {
        lock.withLock {
            defer { entries = [:] }
            return self.stemmer == stemmer ? entries : [:]
        }
    }

    func keep(_ kept: [Key: Entry], stemmer: String?, analysed: Int) {
        lock.withLock {
            entries = kept
            self.stemmer = stemmer
            analysedGroups = analysed
        }
    }

    static func key(_ docs: ArraySlice<SearchDocument>) -> Key {
        Key(first: docs.first?.path ?? "", last: docs.last?.path ?? "")
    }

    /// How many documents a group has on average, for a site of `count` of them:
    /// a power of two from 16 to 256, so a site has about 48 groups or more (work
    /// for every core) and a large one few enough that each word is stemmed and
    /// merged once per group, not once per handful of posts. A cut at 256 is a cut
    /// at 128 too: a site that crosses a step keeps half its cuts.
    static func averageGroup(for count: Int) -> UInt32 {
        var average: UInt32 = 16
        while average < 256, Int(average) * 48 < count { average *= 2 }
        return average
    }

    /// The documents cut into groups: after each document whose path's hash is a
    /// multiple of `averageGroup` (or when a group has four times that many), so the
    /// cuts stay where they are when a document comes or goes elsewhere.
    static func groups(of docs: [SearchDocument]) -> [Range<Int>] {
        let average = averageGroup(for: docs.count), largestGroup = Int(average) * 4
        var groups: [Range<Int>] = []
        var start = 0
        for (i, doc) in docs.enumerated() where SearchIndex.hash(doc.path) % average == 0 || i + 1 - start >= largestGroup {
            groups.append(start..<(i + 1))
            start = i + 1
        }
        if start < docs.count { groups.append(start..<docs.count) }
        return groups
    }
}
