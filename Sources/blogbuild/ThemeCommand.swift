import ArgumentParser
import BlogBuild
import Foundation

/// `blogbuild theme eject|diff`: customise the built-in theme file by file and see
/// how the site's copies differ from it.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Copy built-in templates into the site to change them, or compare the site's copies with them.",
        subcommands: [Eject.self, Diff.self])

    struct Eject: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy built-in theme files into templates/ (all, or the named ones: post, partials/footer, assets/style.css).")

        @Option(name: [.short, .long], help: ArgumentHelp("The site folder.", valueName: "dir"))
        var site: String = "."

        @Argument(help: "Template names or paths; none: the whole theme.")
        var names: [String] = []

        func run() throws {
            let siteURL = URL(fileURLWithPath: site).standardizedFileURL
            do {
                let paths = names.isEmpty ? ThemeFiles.paths : try ThemeFiles.resolve(names)
                let (written, kept) = try ThemeFiles.eject(paths, siteDirectory: siteURL)
                for path in written { print("wrote \(path)") }
                for path in kept { print("kept \(path) (the site has its own; not overwritten)") }
            } catch {
                Reporter.problems(error.diagnostics)
                throw SiteProblems()
            }
        }
    }

    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how the site's templates/ differ from the built-in theme (unified diff).")

        @Option(name: [.short, .long], help: ArgumentHelp("The site folder.", valueName: "dir"))
        var site: String = "."

        func run() throws {
            let siteURL = URL(fileURLWithPath: site).standardizedFileURL
            let files = ThemeFiles.compare(siteDirectory: siteURL)
            if files.isEmpty { print("templates/ has no files: the site uses the built-in theme as it is.") }
            for (path, state) in files {
                switch state {
                case .same: print("templates/\(path): same as the built-in theme (delete it to take theme updates)")
                case .siteOnly: print("templates/\(path): the site's own (not in the built-in theme)")
                case .changed: print(try UnifiedDiff.text(builtIn: ThemeFiles.builtIn(path) ?? [], path: path, site: siteURL))
                }
            }
        }
    }
}

/// `diff -u` between a built-in file and the site's copy (diff is on every Unix).
enum UnifiedDiff {
    static func text(builtIn: [UInt8], path: String, site: URL) throws -> String {
        let original = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-theme-\(UUID().uuidString)")
        try Data(builtIn).write(to: original)
        defer { try? FileManager.default.removeItem(at: original) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["diff", "-u", "--label", "built-in/templates/\(path)", "--label", "templates/\(path)",
                             original.path, site.appendingPathComponent("templates/" + path).path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
