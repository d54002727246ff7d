import ArgumentParser
import BlogBuild
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a working site (config, a sample post, series, app, .gitignore, a GitHub Pages workflow) in DIR; the built-in theme serves it.")

    @Argument(help: "A new or empty folder.")
    var directory: String

    func run() throws {
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        do {
            let files = try Scaffold.initSite(at: url)
            print("Created a site in \(directory) (\(files.count) files). Build it with: blogbuild build --site \(directory)")
        } catch {
            Reporter.problems(error.diagnostics)
            throw SiteProblems()
        }
    }
}
