/// How the search index cuts a site's documents into groups, each analysed on
/// its own (`SearchGroupTerms`), and where a build keeps the analysed groups for
/// the next (`SearchGroupStore`; the dev server's is `SearchMemo`).
public enum SearchGroups {
    /// A group by its first and last documents' paths; `Analysed.documents` is compared in full.
    public struct Key: Hashable, Sendable {
        var first: String
        var last: String
    }

    /// A group's documents and their analysis.
    public struct Analysed {
        var documents: [SearchDocument]
        var terms: SearchGroupTerms
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

/// Where a build keeps its analysed groups for the next (`SearchIndex.files`).
public protocol SearchGroupStore: AnyObject, Sendable {
    /// The last build's groups, taken out; none when they were analysed with another stemmer.
    func take(stemmer: String?) -> [SearchGroups.Key: SearchGroups.Analysed]
    /// This build's groups, with its stemmer, and how many of them it analysed.
    func keep(_ kept: [SearchGroups.Key: SearchGroups.Analysed], stemmer: String?, analysed: Int)
}
