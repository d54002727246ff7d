import Foundation

/// One file of the generated site.
public struct OutputFile: Sendable, Hashable {
    /// Where the file's bytes come from.
    public enum Contents: Sendable, Hashable {
        /// Bytes made by the build: a rendered page, a feed, CSS...
        case bytes([UInt8])
        /// The absolute path of a static file under `content/`, copied as it is.
        /// Compared byte for byte with what is already in the output, like `.bytes`.
        case copy(from: String)
        /// A file an earlier build of the same `IncrementalBuilder` made with these
        /// bytes and wrote to this path, not changed since: the file in the output
        /// folder is left as it is, and its bytes are read from there if needed
        /// (`bytes(writtenIn:)`). Serve holds no bytes of the pages it did not change.
        case written(FileDigest)
    }

    /// Relative to the output folder, '/'-separated, e.g. "2021/03/stoutness/index.html".
    public var path: String
    /// What goes into the file.
    public var contents: Contents

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}

extension OutputFile {
    /// Whether the file is `.written`: already in the output folder, its bytes not held.
    public var isWritten: Bool {
        if case .written = contents { true } else { false }
    }

    /// The file's bytes: made by the build, or, for `.written`, read back from the
    /// output folder they were written to (`folder`); nil for a copy, or a file
    /// that cannot be read.
    public func bytes(writtenIn folder: URL?) -> [UInt8]? {
        switch contents {
        case .bytes(let bytes): return bytes
        case .copy: return nil
        case .written:
            guard let folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { return nil }
            return [UInt8](data)
        }
    }
}

/// What `OutputWriter.write` did to the output folder.
public struct WriteSummary: Sendable, Hashable {
    /// Files created or replaced because their bytes changed.
    public var written: Int
    /// Files whose bytes on disk were already right, left untouched (mtime kept).
    public var unchanged: Int
    /// Files (and symbolic links) removed because the site no longer has them;
    /// folders removed along with them are not counted.
    public var removed: Int

    public init(written: Int, unchanged: Int, removed: Int) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
    }
}
