/// The search index made again for the last build (`BuildMemo.last`) after a
/// patched edit (`EditPatch`): the patch writes the pages first, so an open page
/// hears of the edit at once, and the index follows. Only the group of documents
/// holding the edited post is analysed again (`SearchMemo`); the rest is merged.
enum SearchRefresh {
    /// The index files that differ from the last build's, and the index paths it no
    /// longer has; `memo.last` is updated to hold the new index. Nil without a last build.
    static func refresh(_ memo: BuildMemo) -> (changed: [OutputFile], removed: [String])? {
        guard var last = memo.last else { return nil }
        let index = last.site.config.search ? SearchIndex.files(for: last.site, memo: memo.search) : []
        let fresh = Dictionary(index.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var files: [OutputFile] = []
        var removed: [String] = []
        files.reserveCapacity(last.rendered.files.count)
        for file in last.rendered.files {
            guard SearchIndex.isIndexFile(file.path) else {
                files.append(file)
                continue
            }
            if fresh[file.path] == nil {
                removed.append(file.path)
                last.outputs[file.path] = nil
            }
        }
        let old = Dictionary(last.rendered.files.filter { SearchIndex.isIndexFile($0.path) }.map { ($0.path, $0) },
                             uniquingKeysWith: { a, _ in a })
        let changed = index.filter { old[$0.path] != $0 }
        for file in index { last.outputs[file.path] = file }
        files += index
        files.sort { $0.path < $1.path }
        last.rendered.files = files
        memo.last = last
        return (changed, removed)
    }
}
