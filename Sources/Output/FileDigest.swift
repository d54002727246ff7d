/// A fingerprint of a file's bytes: its length and two 64-bit hashes of them
/// (`Hasher`, seeded per process). Serve keeps this, not the bytes, of every file
/// it wrote (`OutputFile.Contents.written`), to tell whether a file made again
/// must be written again: the bytes are already on disk, and at 10,000 posts
/// holding them costs about 200 MB. Only compared within one process.
public struct FileDigest: Sendable, Hashable {
    private let count: Int
    private let first: Int
    private let second: Int

    public init(_ bytes: [UInt8]) {
        var first = Hasher()
        // A second hash of the same bytes, told apart by a prefix: together 128 bits,
        // so two different files that look equal are out of reach, not just unlikely.
        var second = Hasher()
        second.combine(0x5DEE_CE66_D1CE_4E5B as UInt64)
        bytes.withUnsafeBytes { raw in
            first.combine(bytes: raw)
            second.combine(bytes: raw)
        }
        count = bytes.count
        self.first = first.finalize()
        self.second = second.finalize()
    }
}
