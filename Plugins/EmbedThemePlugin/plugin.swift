import Foundation
import PackagePlugin

/// Runs `EmbedTheme` over the repo's top-level `templates/` folder, so the
/// default theme is compiled into the engine from its single source copy, and
/// writes the git commit the build is made from (`BuildInfo.commit`, for
/// `blogbuild --version`), rebuilt when the checked-out commit changes.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDir = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: themeDir, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
                if isFile { inputs.append(url) }
            }
        }
        inputs.sort { $0.path < $1.path }
        let buildInfo = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let gitDir = Self.gitDirectory(context.package.directoryURL)
        // HEAD, the branch it names and packed-refs: what says which commit this is.
        var gitInputs: [URL] = []
        if let gitDir {
            let head = gitDir.appending(path: "HEAD")
            gitInputs.append(head)
            if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref: ") {
                let ref = gitDir.appending(path: text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
                if FileManager.default.fileExists(atPath: ref.path) { gitInputs.append(ref) }
            }
            let packed = gitDir.appending(path: "packed-refs")
            if FileManager.default.fileExists(atPath: packed.path) { gitInputs.append(packed) }
        }
        return [
            .buildCommand(
                displayName: "Embedding default theme from templates/",
                executable: try context.tool(named: "EmbedTheme").url,
                arguments: [themeDir.path, output.path, gitDir?.path ?? "-", buildInfo.path],
                inputFiles: inputs + gitInputs,
                outputFiles: [output, buildInfo]
            )
        ]
    }

    /// The repository's git folder: `.git`, or where a `.git` file (a worktree) points.
    static func gitDirectory(_ package: URL) -> URL? {
        let dotGit = package.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
        let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
    }
}
