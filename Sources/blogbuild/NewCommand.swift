import ArgumentParser
import BlogBuild
import Foundation

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create content.",
        subcommands: [NewPostCommand.self])
}

struct NewPostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Write content/posts/YYYY-MM-DD-title.md with its front matter filled in.")

    @Argument(help: "The post's title.")
    var title: String

    @Option(help: "Slug of a series in content/series/.")
    var series: String?

    @Option(help: "Slug of an app in content/apps/.")
    var app: String?

    @OptionGroup var options: SiteOptions
    @OptionGroup var refused: RefusedOutput

    func validate() throws { try refused.refuse("new writes no site") }

    func run() throws {
        do {
            let path = try Scaffold.newPost(siteDirectory: options.siteURL, title: title, series: series, app: app)
            if !options.quiet { print("Wrote \(path)") }
        } catch {
            Reporter.problems(error.diagnostics)
            throw SiteProblems()
        }
    }
}
