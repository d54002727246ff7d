#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Diagnostics

extension OutputWriter {
    /// Brings an output folder that holds a site this process wrote from that site
    /// to the next one, given the difference: `changed` files are written (temporary
    /// file + rename, as `write` does) and `removed` paths deleted, with folders
    /// emptied by that. Nothing else is read or touched, so the cost follows the
    /// size of the change, not of the site (the dev server's rebuilds).
    ///
    /// The caller must know what is on disk: use `write` when in doubt.
    public static func update(writing changed: [OutputFile], removing removed: [String], in outputDirectory: URL,
                              siteDirectory: URL) throws(BuildFailure) -> WriteSummary {
        let location = try OutputLocation.resolve(outputDirectory, siteDirectory: siteDirectory)
        let plan = try OutputWritePlan(files: changed, location: location)
        let job = OutputWriteJob(files: changed, plan: plan, location: location)
        var created: [OutputPathBytes] = []
        try job.createOutputFolder(&created)

        // A removed file where a folder is now needed (or a folder where a file is) goes first.
        var errors: [OutputIOError] = []
        var removedCount = 0
        // Looked at on all cores (a template edit at 10,000 posts names 10,000 files and folders).
        var existingFolders = Set<OutputPathBytes>()
        let folders = Array(plan.directories)
        let folderKinds = outputParallelMap(folders.count) { i, _ in OutputFS.lstatEntry(job.absolute(folders[i]).outputCPath)?.kind }
        for (folder, kind) in zip(folders, folderKinds) {
            switch kind {
            case .directory?: existingFolders.insert(folder)
            case nil: break
            default:
                let result = OutputFS.removeEntry(job.absolute(folder))
                removedCount += result.removedFiles
                if let error = result.error { errors.append(error) }
            }
        }
        let paths = plan.relativePaths
        let folderAtPath = outputParallelMap(paths.count) { i, _ in OutputFS.lstatEntry(job.absolute(paths[i]).outputCPath)?.kind == .directory }
        for (path, isFolder) in zip(paths, folderAtPath) where isFolder {
            let result = OutputFS.removeEntry(job.absolute(path))
            removedCount += result.removedFiles
            if let error = result.error { errors.append(error) }
        }
        if !errors.isEmpty { throw job.rollback(temporaries: [], created: created, errors) }
        try job.createDirectories(existing: existingFolders, &created)

        let outcomes = outputParallelMap(changed.count) { i, scratch in job.stage(i, present: true, inPlace: false, scratch: scratch) }
        let (staged, unchanged) = OutputWriteJob.sort(outcomes, errors: &errors)
        if !errors.isEmpty { throw job.rollback(temporaries: staged.map { $0.path }, created: created, errors) }
        errors = outputParallelMap(staged.count) { s, _ -> OutputIOError? in
            let (index, temporary, _) = staged[s]
            let target = job.absolute(plan.relativePaths[index])
            guard rename(temporary, target.outputCPath) != 0 else { return nil }
            let error = OutputIOError(path: target, operation: "replace", code: errno)
            unlink(temporary)
            return error
        }.compactMap { $0 }
        if !errors.isEmpty { throw job.failure(errors) }

        // Removed files, then their folders while they are empty (rmdir refuses a
        // folder that still holds anything, the user's hidden files included).
        for path in removed {
            let bytes = OutputPathBytes(path.utf8)
            guard OutputWritePlan.problem(with: bytes) == nil, !plan.files.contains(bytes) else { continue }
            let result = OutputFS.removeEntry(job.absolute(bytes))
            removedCount += result.removedFiles
            if let error = result.error { errors.append(error); continue }
            var folder = bytes
            while let slash = folder.lastIndex(of: UInt8(ascii: "/")) {
                folder = OutputPathBytes(folder[..<slash])
                if plan.directories.contains(folder) || rmdir(job.absolute(folder).outputCPath) != 0 { break }
            }
        }
        if !errors.isEmpty { throw job.failure(errors) }
        return WriteSummary(written: staged.count, unchanged: unchanged, removed: removedCount)
    }
}
