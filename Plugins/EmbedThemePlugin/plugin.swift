import Foundation
import PackagePlugin

/// Runs `EmbedTheme` over the repo's top-level `templates/` folder, so the
/// default theme is compiled into the engine from its single source copy.
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
        return [
            .buildCommand(
                displayName: "Embedding default theme from templates/",
                executable: try context.tool(named: "EmbedTheme").url,
                arguments: [themeDir.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
