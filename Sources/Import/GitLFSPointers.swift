import Foundation

/// Files of a source that Git LFS stores elsewhere and a clone without `git lfs`
/// left as pointer files (`version https://git-lfs.github.com/spec/v1`, an oid and a
/// size, under 1 KB: the format's own specification). Copied as they are, every image
/// among them fails the build, so `import` refuses the source until they are pulled.
enum GitLFSPointers {
    /// The first line of every pointer file (Git LFS's specification, "The pointer").
    static let firstLine = Data("version https://git-lfs.github.com/spec/v1\n".utf8)

    /// The source paths of `files` that are pointer files, in the order given.
    static func find(_ files: [String]) -> [String] {
        files.filter(isPointer)
    }

    /// Whether the file at `path` is a Git LFS pointer: small, and starting with its line.
    static func isPointer(_ path: String) -> Bool {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
              size < 1024, size >= firstLine.count,
              let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: firstLine.count)) ?? Data()
        return head == firstLine
    }

    /// The refusal: how many, a few of them, and what to run.
    static func failure(_ pointers: [String], source: URL) -> ImportFailure {
        let root = source.standardizedFileURL.path
        let names = pointers.prefix(3).map { path in
            path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        let more = pointers.count > names.count ? " and \(pointers.count - names.count) more" : ""
        return ImportFailure("""
            \(pointers.count) file\(pointers.count == 1 ? " is a Git LFS pointer" : "s are Git LFS pointers"), not the \
            file\(pointers.count == 1 ? "" : "s") (\(names.map { "`\($0)`" }.joined(separator: ", "))\(more)): \
            run `git lfs pull` in \(source.path), then import again
            """)
    }
}
