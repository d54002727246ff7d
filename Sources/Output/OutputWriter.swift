import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// The last stage of the pipeline: makes the output folder (`public/`) hold
/// exactly the rendered site.
///
/// How a write goes, so that no reader ever sees a half-written file and a
/// failure leaves the previous site in place:
/// 1. check the folder is safe to own and every path is well formed (nothing touched yet);
/// 2. read what is in the folder now, without following symbolic links;
/// 3. create the folders the site needs, each once, level by level;
/// 4. on all cores: compare each file with what is on disk (size, then bytes)
///    and write the ones that differ to a temporary file in a staging folder
///    beside the output folder (or, where that cannot be, hidden next to them).
///    If any write fails, every temporary file and every folder made in 3 is
///    removed again and the old site is as it was;
///    When the folder holds no files at all (a first build, or `public/` just
///    deleted), there is no site to keep and no reader of one: files are written
///    straight to their targets, and a failure removes them again;
/// 5. on all cores: `rename(2)` each temporary file over its target;
/// 6. remove what the site no longer has (stale files, links, leftover
///    temporary files of a crashed run), folders and all.
public enum OutputWriter {
    /// The suffix of the hidden temporary files written next to their targets.
    static let temporaryMarker = ".blogbuild-tmp-"

    /// The safety check alone (used by `check` and the command line before rendering).
    ///
    /// Refuses `/`, the home folder (and its ancestors), the site folder, any
    /// ancestor of it, `content/`, `templates/` and anything inside those two,
    /// after resolving symbolic links and `..`; and an output path that exists
    /// but is not a folder. A missing folder is fine: `write` creates it.
    public static func validateOutputDirectory(_ outputDirectory: URL, siteDirectory: URL) -> Diagnostic? {
        do {
            _ = try OutputLocation.resolve(outputDirectory, siteDirectory: siteDirectory)
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    /// What is at `outputDirectory` before a build: nothing (no folder), an empty
    /// folder (not even a hidden file), or more (nil). Into nothing, a build can write
    /// as it goes and, should it fail, take away what it wrote (`removeWritten`).
    public enum Nothing: Sendable { case noFolder, emptyFolder }

    public static func holdsNothing(_ outputDirectory: URL) -> Nothing? {
        var isFolder: ObjCBool = false
        let path = outputDirectory.path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            // A dangling symbolic link is not nothing.
            return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil ? .noFolder : nil
        }
        guard isFolder.boolValue, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return entries.isEmpty ? .emptyFolder : nil
    }

    /// Takes away `paths` (and the folders they leave empty) that a build wrote into
    /// `outputDirectory` when it held `before`, so it holds that again; what could not be
    /// taken away, as problems (said with the build's own).
    public static func removeWritten(_ paths: [String], from outputDirectory: URL, before: Nothing, siteDirectory: URL) -> [Diagnostic] {
        do throws(BuildFailure) {
            _ = try update(writing: [], removing: paths, in: outputDirectory, siteDirectory: siteDirectory)
        } catch {
            return error.diagnostics
        }
        // Gone again only when empty: a file someone put there meanwhile stays, and the folder with it.
        if before == .noFolder { rmdir(outputDirectory.path) }
        return []
    }

    /// Checks that `outputDirectory` is safe to own (see `validateOutputDirectory`),
    /// then makes it hold exactly `files`: new and changed files are written
    /// atomically (temporary file + rename), files already holding the right
    /// bytes are left untouched (their mtime kept), everything else is removed.
    public static func write(_ files: [OutputFile], to outputDirectory: URL, siteDirectory: URL) throws(BuildFailure) -> WriteSummary {
        let location = try OutputLocation.resolve(outputDirectory, siteDirectory: siteDirectory)
        let plan = try OutputWritePlan(files: files, location: location)
        return try OutputWriteJob(files: files, plan: plan, location: location).run()
    }
}

// MARK: - The plan: paths checked before anything is touched

/// The relative paths of a write, checked, and the folders they need.
struct OutputWritePlan: Sendable {
    /// Per file (same order as the input), its relative path as bytes.
    var relativePaths: [OutputPathBytes]
    var files: Set<OutputPathBytes>
    /// Every folder under the output folder that must exist (not the output folder itself).
    var directories: Set<OutputPathBytes>

    init(files: [OutputFile], location: OutputLocation) throws(BuildFailure) {
        var diagnostics: [Diagnostic] = []
        var relativePaths: [OutputPathBytes] = []
        relativePaths.reserveCapacity(files.count)
        var seen: [OutputPathBytes: Int] = [:]
        var directories = Set<OutputPathBytes>()
        for file in files {
            let bytes = OutputPathBytes(file.path.utf8)
            relativePaths.append(bytes)
            if let problem = Self.problem(with: bytes) {
                diagnostics.append(Diagnostic(file: location.displayName, message: "invalid output path \"\(file.path)\": \(problem)"))
                continue
            }
            if case .copy(let source) = file.contents, !source.hasPrefix("/") || source.utf8.contains(0) {
                diagnostics.append(Diagnostic(file: location.display(file.path), message: "the file to copy here is not an absolute path: \"\(source)\""))
            }
            seen[bytes, default: 0] += 1
            var index = bytes.startIndex
            while let slash = bytes[index...].firstIndex(of: UInt8(ascii: "/")) {
                directories.insert(OutputPathBytes(bytes[..<slash]))
                index = slash + 1
            }
        }
        for (path, count) in seen {
            let text = String(decoding: path, as: UTF8.self)
            if count > 1 {
                diagnostics.append(Diagnostic(file: location.display(text), message: "duplicate output path: \(count) files would be written to \"\(text)\""))
            }
            if directories.contains(path) {
                diagnostics.append(Diagnostic(file: location.display(text), message: "output path \"\(text)\" is needed both as a file and as a folder"))
            }
        }
        if !diagnostics.isEmpty { throw BuildFailure(diagnostics) }
        self.relativePaths = relativePaths
        self.files = Set(seen.keys)
        self.directories = directories
    }

    /// Why `path` cannot name a file inside the output folder, if it cannot.
    static func problem(with path: OutputPathBytes) -> String? {
        if path.isEmpty { return "it is empty" }
        if path.first == UInt8(ascii: "/") { return "it is absolute" }
        if path.contains(0) { return "it contains a NUL character" }
        for component in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if component.isEmpty { return "it has an empty component" }
            if component.elementsEqual([0x2E]) { return "it has a '.' component" }
            if component.elementsEqual([0x2E, 0x2E]) { return "it has a '..' component" }
            if component.count > 255 { return "a component is longer than 255 bytes" }
        }
        return nil
    }
}

// MARK: - The job

/// One run of the writer over a checked plan. Immutable, so its methods can run on all cores.
struct OutputWriteJob: Sendable {
    let files: [OutputFile]
    let plan: OutputWritePlan
    let location: OutputLocation
    let root: OutputPathBytes
    /// Whether the umask would take bits off 0644 files / 0755 folders, so
    /// that the mode has to be set explicitly (one more call per file).
    let chmodFiles: Bool
    let chmodDirectories: Bool
    /// Where temporary files are written: a folder beside the output folder
    /// (`.public.blogbuild-staging-PID`), on the same file system, so a build
    /// killed halfway leaves nothing inside what gets deployed. Nil when it cannot
    /// be made there (then they go next to their targets, hidden, as before).
    var staging: OutputPathBytes?

    init(files: [OutputFile], plan: OutputWritePlan, location: OutputLocation) {
        self.files = files
        self.plan = plan
        self.location = location
        self.root = OutputPathBytes(location.root.utf8)
        let mask = OutputFS.currentUmask()
        chmodFiles = mask & OutputFS.fileMode != 0
        chmodDirectories = mask & OutputFS.directoryMode != 0
    }

    /// The absolute path of `relative` inside the output folder.
    func absolute(_ relative: OutputPathBytes) -> OutputPathBytes {
        var p = root
        if !relative.isEmpty {
            p.reserveCapacity(root.count + 1 + relative.count)
            p.append(UInt8(ascii: "/"))
            p.append(contentsOf: relative)
        }
        return p
    }

    func failure(_ errors: [OutputIOError]) -> BuildFailure {
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        for error in errors {
            let d = Diagnostic(file: location.display(absolute: error.path), message: "could not \(error.operation): \(error.systemMessage)")
            if seen.insert(d.description).inserted { diagnostics.append(d) }
        }
        return BuildFailure(diagnostics)
    }

    func run() throws(BuildFailure) -> WriteSummary {
        /// Folders this run created (absolute, in creation order), removed again if the write fails.
        var created: [OutputPathBytes] = []
        try createOutputFolder(&created)
        var job = self
        job.staging = makeStagingFolder()
        defer { if let staging = job.staging { _ = OutputFS.removeEntry(staging) } }
        return try job.write(created: &created)
    }

    /// The prefix of staging folder names beside the output folder: `.public.blogbuild-staging-`.
    var stagingPrefix: (parent: OutputPathBytes, name: OutputPathBytes)? {
        guard let slash = root.lastIndex(of: UInt8(ascii: "/")), slash + 1 < root.count else { return nil }
        let parent = slash == 0 ? OutputPathBytes([UInt8(ascii: "/")]) : OutputPathBytes(root[..<slash])
        var name: OutputPathBytes = [UInt8(ascii: ".")]
        name.append(contentsOf: root[(slash + 1)...])
        name.append(contentsOf: ".blogbuild-staging-".utf8)
        return (parent, name)
    }

    /// Makes this run's staging folder, after removing those of runs that were
    /// killed (their process is gone); nil when it cannot be made beside the output
    /// folder on the same file system (a rename must not cross file systems).
    func makeStagingFolder() -> OutputPathBytes? {
        guard let (parent, prefix) = stagingPrefix else { return nil }
        let fd = OutputFS.openDirectory(parent.outputCPath)
        if fd >= 0 {
            for (name, _) in OutputFS.readEntries(ownedFD: fd).0 where name.starts(with: prefix) {
                let pid = Int32(String(decoding: name[prefix.count...], as: UTF8.self)) ?? 0
                if pid > 0, pid != getpid(), kill(pid, 0) == 0 || errno == EPERM { continue }  // another build, running
                _ = OutputFS.removeEntry(parent.outputAppending(name))
            }
        }
        var path = parent.outputAppending(prefix)
        path.append(contentsOf: String(getpid()).utf8)
        _ = OutputFS.removeEntry(path)
        guard mkdir(path.outputCPath, 0o700) == 0 else { return nil }
        var made = stat(), output = stat()
        guard stat(path.outputCPath, &made) == 0, stat(root.outputCPath, &output) == 0, made.st_dev == output.st_dev else {
            rmdir(path.outputCPath)
            return nil
        }
        return path
    }

    /// Steps 2 to 6 of the write (see `OutputWriter`).
    private func write(created: inout [OutputPathBytes]) throws(BuildFailure) -> WriteSummary {
        let existing = try scanExisting()

        // A path the site needs as a folder that is a file or link on disk (or
        // the other way round) has to go before the new site can be written.
        var removed = 0
        var errors: [OutputIOError] = []
        for relative in existing.inTheWay {
            let result = OutputFS.removeEntry(absolute(relative))
            removed += result.removedFiles
            if let error = result.error { errors.append(error) }
        }
        if !errors.isEmpty { throw rollback(temporaries: [], created: created, errors) }

        try createDirectories(existing: existing.directories, &created)

        // Stage: compare, and write what changed to temporary files (or, into a
        // folder with no files, straight to the targets: half the file-system work).
        let inPlace = existing.files.isEmpty
        let stopped = OutputStopFlag()
        let outcomes = outputParallelMap(files.count) { i, scratch -> Staged in
            if stopped.isSet { return .skipped }
            let outcome = stage(i, present: existing.files.contains(plan.relativePaths[i]), inPlace: inPlace, scratch: scratch)
            if case .failed = outcome { stopped.set() }
            return outcome
        }
        let (staged, unchanged) = Self.sort(outcomes, errors: &errors)
        let temporaries = staged.filter { !$0.inPlace }.map { (index: $0.index, path: $0.path) }
        if !errors.isEmpty { throw rollback(temporaries: staged.map { $0.path }, created: created, errors) }

        // Swap: rename every temporary file over its target.
        errors = outputParallelMap(temporaries.count) { t, _ -> OutputIOError? in
            let (index, temporary) = temporaries[t]
            let target = absolute(plan.relativePaths[index])
            guard rename(temporary, target.outputCPath) != 0 else { return nil }
            let error = OutputIOError(path: target, operation: "replace", code: errno)
            unlink(temporary)
            return error
        }.compactMap { $0 }
        if !errors.isEmpty { throw failure(errors) }
        let written = staged.count

        // Clean up what the site no longer has.
        let stale = existing.stale
        for result in outputParallelMap(stale.count, { i, _ in OutputFS.removeEntry(absolute(stale[i])) }) {
            removed += result.removedFiles
            if let error = result.error { errors.append(error) }
        }
        if !errors.isEmpty { throw failure(errors) }

        return WriteSummary(written: written, unchanged: unchanged, removed: removed)
    }

    /// Staging outcomes sorted out: the temporary files to rename (with their file's
    /// index), how many files were already right, and the failures (into `errors`).
    static func sort(_ outcomes: [Staged], errors: inout [OutputIOError]) -> (staged: [(index: Int, path: OutputCPath, inPlace: Bool)], unchanged: Int) {
        var staged: [(index: Int, path: OutputCPath, inPlace: Bool)] = []
        var unchanged = 0
        for (i, outcome) in outcomes.enumerated() {
            switch outcome {
            case .unchanged: unchanged += 1
            case .temporary(let path): staged.append((i, path, false))
            case .inPlace(let path): staged.append((i, path, true))
            case .failed(let error): errors.append(error)
            case .skipped: break
            }
        }
        return (staged, unchanged)
    }

    /// Undoes a failed write: removes the temporary files and the folders this
    /// run created (those that are empty), then returns the failure to throw.
    func rollback(temporaries: [OutputCPath], created: [OutputPathBytes], _ errors: [OutputIOError]) -> BuildFailure {
        _ = outputParallelMap(temporaries.count) { i, _ in unlink(temporaries[i]) }
        for directory in created.reversed() { rmdir(directory.outputCPath) }
        return failure(errors)
    }

    // MARK: Folders

    /// Creates the output folder and its missing parents.
    func createOutputFolder(_ created: inout [OutputPathBytes]) throws(BuildFailure) {
        guard !location.exists else { return }
        var prefix = OutputPathBytes()
        for component in root.split(separator: UInt8(ascii: "/")) {
            prefix.append(UInt8(ascii: "/"))
            prefix.append(contentsOf: component)
            let c = prefix.outputCPath
            if mkdir(c, OutputFS.directoryMode) == 0 {
                if chmodDirectories { chmod(c, OutputFS.directoryMode) }
                created.append(prefix)
            } else if errno != EEXIST {
                // Some file systems answer EACCES or EROFS even for a folder that is there.
                let code = errno
                if OutputFS.statEntry(c)?.kind != .directory {
                    throw rollback(temporaries: [], created: created, [OutputIOError(path: prefix, operation: "create folder", code: code)])
                }
            }
        }
        guard OutputFS.lstatEntry(root.outputCPath)?.kind == .directory else {
            throw rollback(temporaries: [], created: created, [OutputIOError(path: root, operation: "create folder", code: ENOTDIR)])
        }
    }

    /// Creates the folders the site needs that are not there yet, each once:
    /// level by level (parents first), each level on all cores.
    func createDirectories(existing: Set<OutputPathBytes>, _ created: inout [OutputPathBytes]) throws(BuildFailure) {
        var levels: [[OutputPathBytes]] = []
        for directory in plan.directories where !existing.contains(directory) {
            let depth = directory.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
            while levels.count <= depth { levels.append([]) }
            levels[depth].append(directory)
        }
        for level in levels {
            // errno, or 0 once created (chmod if the umask would make it unreadable to a web server)
            let results = outputParallelMap(level.count) { i, _ -> Int32 in
                let c = absolute(level[i]).outputCPath
                guard mkdir(c, OutputFS.directoryMode) == 0 else { return errno }
                if chmodDirectories { chmod(c, OutputFS.directoryMode) }
                return 0
            }
            var errors: [OutputIOError] = []
            for (i, code) in results.enumerated() {
                if code == 0 {
                    created.append(absolute(level[i]))
                } else {
                    errors.append(OutputIOError(path: absolute(level[i]), operation: "create folder", code: code))
                }
            }
            if !errors.isEmpty { throw rollback(temporaries: [], created: created, errors) }
        }
    }

    // MARK: What is there now

    /// Hidden entries the site did not write (`.git` of a gh-pages checkout,
    /// `.nojekyll`, `.well-known`) are the user's: never removed, as in Zola.
    /// Our own leftover temporary files are hidden too, and are removed.
    static func isPreservedHidden(_ name: OutputPathBytes) -> Bool {
        guard name.first == UInt8(ascii: ".") else { return false }
        let marker = Array(OutputWriter.temporaryMarker.utf8)
        guard name.count >= marker.count else { return true }
        for start in 0...(name.count - marker.count) where name[start..<(start + marker.count)].elementsEqual(marker) {
            return false
        }
        return true
    }

    struct Existing {
        /// Needed folders that already exist as real folders.
        var directories = Set<OutputPathBytes>()
        /// Needed files that something (a file, a link...) already stands for.
        var files = Set<OutputPathBytes>()
        /// Entries whose type is wrong for the new site (a file where a folder
        /// is needed, a folder where a file is needed, a link where a folder is needed).
        var inTheWay: [OutputPathBytes] = []
        /// Entries the new site does not have; a stale folder is listed once, not its contents.
        var stale: [OutputPathBytes] = []
    }

    /// Reads the output folder level by level (each level on all cores),
    /// descending only into real folders the new site needs.
    func scanExisting() throws(BuildFailure) -> Existing {
        var result = Existing()
        guard location.exists else { return result }
        var level: [OutputPathBytes] = [[]]
        while !level.isEmpty {
            let folders = level
            let listings = outputParallelMap(folders.count) { i, _ -> (entries: [(name: OutputPathBytes, kind: OutputEntryKind?)], error: OutputIOError?) in
                let path = absolute(folders[i])
                let fd = OutputFS.openDirectory(path.outputCPath)
                guard fd >= 0 else { return ([], OutputIOError(path: path, operation: "open folder", code: errno)) }
                let (entries, code) = OutputFS.readEntries(ownedFD: fd)
                return (entries, code.map { OutputIOError(path: path, operation: "read folder", code: $0) })
            }
            let errors = listings.compactMap(\.error)
            if !errors.isEmpty { throw failure(errors) }
            level = []
            for (folder, listing) in zip(folders, listings) {
                for (name, kind) in listing.entries {
                    let child = folder.outputAppending(name)
                    if plan.files.contains(child) {
                        if kind == .directory { result.inTheWay.append(child) } else { result.files.insert(child) }
                    } else if plan.directories.contains(child) {
                        if kind == .directory {
                            result.directories.insert(child)
                            level.append(child)
                        } else {
                            result.inTheWay.append(child)
                        }
                    } else if !Self.isPreservedHidden(name) {
                        result.stale.append(child)
                    }
                }
            }
        }
        return result
    }

    // MARK: One file

    enum Staged: Sendable {
        case skipped
        case unchanged
        case temporary(OutputCPath)
        /// Written straight to its target (the folder held no files).
        case inPlace(OutputCPath)
        case failed(OutputIOError)
    }

    /// Compares file `i` with what is on disk and, if it differs, writes it to a temporary file.
    /// `present`: whether the scan saw something at this path (if not, there is nothing to compare).
    /// `inPlace`: the folder held no files; write to the target itself.
    func stage(_ i: Int, present: Bool, inPlace: Bool, scratch: OutputScratch) -> Staged {
        let relative = plan.relativePaths[i]
        let targetPath = absolute(relative)
        let target = targetPath.outputCPath
        var st = stat()
        let existingSize: Int64? = present && lstat(target, &st) == 0 && OutputFS.kind(ofMode: st.st_mode) == .regular ? Int64(st.st_size) : nil

        switch files[i].contents {
        case .bytes(let bytes):
            if existingSize == Int64(bytes.count) {
                let fd = open(target, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                if fd >= 0 {
                    let same = bytes.withUnsafeBytes { OutputFS.contentsEqual(fd, $0, scratch: scratch.a) }
                    close(fd)
                    if same { return .unchanged }
                }
            }
            return writeTemporary(relative, target: targetPath, inPlace: inPlace && !present, scratch: scratch) { fd in
                bytes.withUnsafeBytes { OutputFS.writeAll(fd, $0) }.map { OutputIOError(path: targetPath, operation: "write", code: $0) }
            }

        case .written:
            // Written by an earlier build and unchanged since: `IncrementalBuilder` hands
            // these to a write only when the folder still holds what it wrote.
            guard existingSize != nil else { return .failed(OutputIOError(path: targetPath, operation: "keep", code: ENOENT)) }
            return .unchanged

        case .copy(let source):
            let sourcePath = OutputPathBytes(source.utf8)
            let sourceFD = open(sourcePath.outputCPath, O_RDONLY | O_CLOEXEC)
            guard sourceFD >= 0 else { return .failed(OutputIOError(path: sourcePath, operation: "read", code: errno)) }
            defer { close(sourceFD) }
            var sst = stat()
            guard fstat(sourceFD, &sst) == 0 else { return .failed(OutputIOError(path: sourcePath, operation: "read", code: errno)) }
            guard OutputFS.kind(ofMode: sst.st_mode) == .regular else {
                return .failed(OutputIOError(path: sourcePath, operation: "copy", code: OutputFS.kind(ofMode: sst.st_mode) == .directory ? EISDIR : EINVAL))
            }
            if existingSize == Int64(sst.st_size) {
                let fd = open(target, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                if fd >= 0 {
                    let same = OutputFS.contentsEqual(fd, sourceFD, scratchA: scratch.a, scratchB: scratch.b)
                    close(fd)
                    if same { return .unchanged }
                }
                guard lseek(sourceFD, 0, SEEK_SET) == 0 else { return .failed(OutputIOError(path: sourcePath, operation: "read", code: errno)) }
            }
            return writeTemporary(relative, target: targetPath, inPlace: inPlace && !present, scratch: scratch) { fd in
                while true {
                    let n = OutputFS.readFully(sourceFD, into: scratch.a)
                    if n < 0 { return OutputIOError(path: sourcePath, operation: "read", code: errno) }
                    if n == 0 { return nil }
                    if let code = OutputFS.writeAll(fd, UnsafeRawBufferPointer(rebasing: scratch.a[0..<n])) {
                        return OutputIOError(path: targetPath, operation: "write", code: code)
                    }
                }
            }
        }
    }

    /// `.NAME.blogbuild-tmp-RANDOM`: hidden (so never served), recognisable,
    /// and within NAME_MAX however long NAME is (cut on a UTF-8 boundary).
    static func temporaryName(for name: OutputPathBytes, unique: String) -> OutputPathBytes {
        var keep = min(name.count, 200)
        while keep > 0 && keep < name.count && name[keep] & 0xC0 == 0x80 { keep -= 1 }
        var temporaryName: OutputPathBytes = [UInt8(ascii: ".")]
        temporaryName.append(contentsOf: name[..<keep])
        temporaryName.append(contentsOf: OutputWriter.temporaryMarker.utf8)
        temporaryName.append(contentsOf: unique.utf8)
        return temporaryName
    }

    /// Creates a temporary file for `relative` (mode 0644) in the staging folder, or
    /// hidden next to it, lets `fill` write it, and returns its path; on failure
    /// nothing is left behind.
    func writeTemporary(_ relative: OutputPathBytes, target: OutputPathBytes, inPlace: Bool = false, scratch: OutputScratch,
                        fill: (Int32) -> OutputIOError?) -> Staged {
        if inPlace {
            // Created, never replaced: O_EXCL fails if anything appeared there since the scan.
            let path = target.outputCPath
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, OutputFS.fileMode)
            if fd < 0 { return .failed(OutputIOError(path: target, operation: "create", code: errno)) }
            if let error = fillAndClose(fd, path, target: target, fill) { return .failed(error) }
            return .inPlace(path)
        }
        let slash = relative.lastIndex(of: UInt8(ascii: "/"))
        let directory = slash.map { OutputPathBytes(relative[..<$0]) } ?? []
        let name = slash.map { OutputPathBytes(relative[($0 + 1)...]) } ?? relative
        var attempts = 0
        while true {
            attempts += 1
            let temporary = staging.map { $0.outputAppending(OutputPathBytes(scratch.uniqueSuffix().utf8)).outputCPath }
                ?? absolute(directory.outputAppending(Self.temporaryName(for: name, unique: scratch.uniqueSuffix()))).outputCPath
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, OutputFS.fileMode)
            if fd < 0 {
                if errno == EEXIST && attempts < 8 { continue }
                return .failed(OutputIOError(path: target, operation: "create a temporary file for", code: errno))
            }
            if let error = fillAndClose(fd, temporary, target: target, fill) { return .failed(error) }
            return .temporary(temporary)
        }
    }

    /// Sets the new file's mode, lets `fill` write it and closes it; on failure removes it.
    private func fillAndClose(_ fd: Int32, _ path: OutputCPath, target: OutputPathBytes, _ fill: (Int32) -> OutputIOError?) -> OutputIOError? {
        var error = !chmodFiles || fchmod(fd, OutputFS.fileMode) == 0 ? fill(fd) : OutputIOError(path: target, operation: "write", code: errno)
        if close(fd) != 0 && error == nil { error = OutputIOError(path: target, operation: "write", code: errno) }
        if error != nil { unlink(path) }
        return error
    }
}

// MARK: - Parallel helpers

/// `transform` applied to every index of 0..<count, on all cores, in
/// contiguous chunks (each chunk gets its own `OutputScratch`). The result is in
/// index order whatever the threads did, so the outcome is deterministic.
func outputParallelMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int, OutputScratch) -> T) -> [T] {
    guard count > 0 else { return [] }
    let chunks = min(count, max(1, ProcessInfo.processInfo.activeProcessorCount * 8))
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        let out = OutputSendablePointer(base: base)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let scratch = OutputScratch()
            for i in (chunk * count / chunks)..<((chunk + 1) * count / chunks) {
                (out.base + i).initialize(to: transform(i, scratch))
            }
        }
        initialized = count
    }
}

/// Lets the chunks of `outputParallelMap` write their own, disjoint slots of one buffer.
private struct OutputSendablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// Set once by the first worker that fails, so the others stop starting new files.
final class OutputStopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// What one worker of `outputParallelMap` reuses from file to file: two read
/// buffers for comparing and copying (allocated on first use), and a source
/// of unique names. Used by one thread at a time.
final class OutputScratch {
    private var buffers: (a: UnsafeMutableRawBufferPointer, b: UnsafeMutableRawBufferPointer)?
    /// Random once per worker (one getrandom call, not one per file); O_EXCL catches the rest.
    private let prefix = String(UInt64.random(in: .min ... .max), radix: 16)
    private var counter = 0

    var a: UnsafeMutableRawBufferPointer { allocated().a }
    var b: UnsafeMutableRawBufferPointer { allocated().b }

    private func allocated() -> (a: UnsafeMutableRawBufferPointer, b: UnsafeMutableRawBufferPointer) {
        if let buffers { return buffers }
        let made = (
            a: UnsafeMutableRawBufferPointer.allocate(byteCount: OutputFS.chunkSize, alignment: 16),
            b: UnsafeMutableRawBufferPointer.allocate(byteCount: OutputFS.chunkSize, alignment: 16)
        )
        buffers = made
        return made
    }

    /// A suffix not handed out before in this process, in practice in any process.
    func uniqueSuffix() -> String {
        counter += 1
        return prefix + "-" + String(counter, radix: 16)
    }

    deinit {
        buffers?.a.deallocate()
        buffers?.b.deallocate()
    }
}
