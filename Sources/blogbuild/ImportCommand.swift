import ArgumentParser
import BlogBuild
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a Jekyll or Hugo site, or a WordPress export, into a blogbuild site.",
        discussion: """
            Writes content/ (site.yml, posts, pages, static files) and IMPORT.md into the site folder. \
            Old URLs are kept as aliases; IMPORT.md lists every construct translated and every one \
            that was not, at its source file and line.
            """)

    @Argument(help: ArgumentHelp("What to import from: jekyll, hugo or wordpress.", valueName: "kind"))
    var kind: Kind

    @Argument(help: ArgumentHelp("The site folder (Jekyll, Hugo) or the export file (WordPress).", valueName: "source"))
    var source: String

    @Option(help: ArgumentHelp("WordPress only: the wp-content/uploads folder, to copy the media bodies use.", valueName: "dir"))
    var uploads: String?

    @Flag(help: "Replace an existing content/ folder.")
    var force = false

    @OptionGroup var options: SiteOptions
    @OptionGroup var refused: RefusedOutput

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case jekyll, hugo, wordpress
    }

    func validate() throws {
        try refused.refuse("import writes content/ into the site folder (--site)")
        if uploads != nil && kind != .wordpress { throw ValidationError("--uploads applies to wordpress only") }
    }

    func run() throws {
        let sourceURL = URL(fileURLWithPath: source).standardizedFileURL
        let importKind = ImportKind(rawValue: kind.rawValue)!
        let site: ImportedSite
        let written: [String]
        do throws(ImportFailure) {
            site = try SiteImporter.read(importKind, source: sourceURL,
                                         uploads: uploads.map { URL(fileURLWithPath: $0).standardizedFileURL })
            written = try ImportWriter.write(site, kind: importKind, source: sourceURL, into: options.siteURL, force: force)
        } catch {
            FileHandle.standardError.write(Data(("error: " + error.message + "\n").utf8))
            throw SiteProblems()
        }
        guard !options.quiet else { return }
        let counts = site.report.counts
        let names = [("posts", "post"), ("drafts", "draft"), ("pages", "page"), ("series", "series"), ("static files", "static file")]
        let parts = names.compactMap { plural, singular -> String? in
            guard let n = counts[plural], n > 0 else { return nil }
            return Reporter.count(n, singular, plural: plural)
        }
        print("Imported \(parts.joined(separator: ", ")) into \(options.site)/content (\(Reporter.count(written.count, "file")))")
        let look = site.report.untranslated.count
        print(look == 0 ? "IMPORT.md: everything was translated"
              : "IMPORT.md lists \(Reporter.count(look, "construct")) to look at; then run blogbuild check")
    }
}
