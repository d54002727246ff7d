import ArgumentParser
import BlogBuild
import Foundation

/// The `blogbuild` command: thin wrappers over the engine, one subcommand per file.
@main
struct BlogBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blogbuild",
        abstract: "A static site generator for developer blogs and app portfolios.",
        version: BlogBuildVersion.string,
        subcommands: [BuildCommand.self, ServeCommand.self, PublishCommand.self, CheckCommand.self, NewCommand.self, InitCommand.self, ImportCommand.self,
                      ThemeCommand.self],
        defaultSubcommand: nil
    )

    /// `blogbuild` alone is a usage error (exit 2), with the list of subcommands.
    func run() throws {
        throw ValidationError("a subcommand is required: build, serve, publish, check, new, init, import or theme")
    }

    /// Parses and runs, mapping errors to SPEC's exit codes: 1 for site errors, 2 for usage errors.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as SiteProblems {
            _ = failure
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            if code == .failure || code.rawValue == 1 { Foundation.exit(1) }
            Foundation.exit(2)
        }
    }
}

/// Thrown by subcommands after they printed the site's problems: exit 1.
struct SiteProblems: Error {}
