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

    /// A group ends after a document whose path hashes to a multiple of this (64 documents on average)...
    static let averageGroup: UInt32 = 64
    /// ...or when it has this many.
    static let largestGroup = 256

    /// The documents cut into groups: after each document whose path's hash is a
    /// multiple of `averageGroup`, so the cuts stay where they are when a document
    /// comes or goes elsewhere.
    static func groups(of docs: [SearchDocument]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        for (i, doc) in docs.enumerated() where SearchIndex.hash(doc.path) % averageGroup == 0 || i + 1 - start >= largestGroup {
            groups.append(start..<(i + 1))
            start = i + 1
        }
        if start < docs.count { groups.append(start..<docs.count) }
        return groups
    }
}
