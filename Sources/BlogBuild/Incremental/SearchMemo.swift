import Foundation
import Search

/// The search index's analysis of the last build, group by group, for the next
/// build (`SearchIndex.files`): a group
/// whose documents are equal to the last build's (title, path, date, names, body,
/// summary: everything the analysis reads), with the same stemmer, is not analysed again.
///
/// Groups are cut where the content says (`SearchGroups.groups(of:)`), not every N documents,
/// so a new post, which moves every id after it, changes one group and not all.
/// The memo holds exactly the last build's groups.
final class SearchMemo: SearchGroupStore, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SearchGroups.Key: SearchGroups.Analysed] = [:]
    /// The stemmer the entries were analysed with (a new `language:` makes every term another).
    private var stemmer: String?
    private var analysedGroups = 0

    /// How many groups the last build analysed (the others it took from the memo).
    var analysed: Int { lock.withLock { analysedGroups } }

    /// The last build's groups, taken out (a build hands back what it kept with
    /// `keep`); none when they were analysed with another stemmer.
    func take(stemmer: String?) -> [SearchGroups.Key: SearchGroups.Analysed] {
        lock.withLock {
            defer { entries = [:] }
            return self.stemmer == stemmer ? entries : [:]
        }
    }

    func keep(_ kept: [SearchGroups.Key: SearchGroups.Analysed], stemmer: String?, analysed: Int) {
        lock.withLock {
            entries = kept
            self.stemmer = stemmer
            analysedGroups = analysed
        }
    }
}
