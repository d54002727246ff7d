import BlogBuild
import Diagnostics
import Foundation
import Output

/// Prints diagnostics and the one-line summary. Problems go to standard error.
enum Reporter {
    /// Errors and warnings, one line each; then hints (unless `quiet`), where a
    /// hint repeated in many files is printed once with a count unless `verbose`.
    static func problems(_ diagnostics: [Diagnostic], verbose: Bool = true, quiet: Bool = false) {
        var lines = diagnostics.filter { $0.severity == .error || $0.severity == .warning }.map(\.description)
        let hints = diagnostics.filter { $0.severity == .hint }
        if !quiet {
            if verbose {
                lines += hints.map(\.description)
            } else {
                for (first, more) in Diagnostic.groupingRepeats(hints) {
                    lines.append(first.description + (more == 0 ? "" : " [and \(count(more, "more place")) like it; --verbose lists them]"))
                }
            }
        }
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Notices about the site as a whole (`publish` prints them): never a failure.
    static func notices(_ notices: [Diagnostic], quiet: Bool) {
        guard !quiet, !notices.isEmpty else { return }
        FileHandle.standardError.write(Data((notices.map(\.description).joined(separator: "\n") + "\n").utf8))
    }

    static func failure(_ failure: BuildFailure, verb: String, verbose: Bool = true, quiet: Bool = false) {
        problems(failure.diagnostics, verbose: verbose, quiet: quiet)
        let errors = failure.diagnostics.filter { $0.severity == .error }.count
        let warnings = failure.diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append(count(errors, "error")) }
        if warnings > 0 { parts.append(count(warnings, "warning")) }
        let summary = "\(verb) failed: \(parts.joined(separator: ", ")); nothing was written.\n"
        FileHandle.standardError.write(Data(summary.utf8))
    }

    static func summary(_ report: BuildReport, verb: String, seconds: Double, verbose: Bool, quiet: Bool) {
        if !quiet {
            let time = String(format: "%.2f", seconds)
            print("\(verb) \(grouped(report.pages)) pages in \(time) s (\(count(report.posts, "post")), "
                  + "\(count(report.series, "series", plural: "series")), \(count(report.apps, "app")))")
            if !report.skippedDrafts.isEmpty {
                print("skipped \(count(report.skippedDrafts.count, "draft")): \(report.skippedDrafts.joined(separator: ", "))")
            }
            if !report.skippedFuture.isEmpty {
                print("skipped \(count(report.skippedFuture.count, "future-dated post")): \(report.skippedFuture.joined(separator: ", "))")
            }
            if verbose, !report.skippedFiles.isEmpty {
                print("skipped \(count(report.skippedFiles.count, "hidden, editor or system file")): \(report.skippedFiles.joined(separator: ", "))")
            }
            if verbose, let w = report.written {
                print("wrote \(count(w.written, "file")), \(grouped(w.unchanged)) unchanged, \(grouped(w.removed)) removed")
            }
            if verbose, let images = report.images {
                print("images: \(count(images.sources, "image")) processed (\(grouped(images.read)) read), "
                      + "\(count(images.made, "variant")) made, \(grouped(images.fromCache)) from the cache"
                      + (images.libvipsLoaded ? "" : "; libvips not loaded"))
            }
            if verbose, !report.stageSeconds.isEmpty {
                print("time: " + report.stageSeconds.map { "\($0.stage) \(String(format: "%.2f", $0.seconds)) s" }
                    .joined(separator: ", "))
            }
        }
    }

    static func count(_ n: Int, _ word: String, plural: String? = nil) -> String {
        "\(grouped(n)) \(n == 1 ? word : (plural ?? word + "s"))"
    }

    /// 1204 → `1,204`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 && c != "-" { out.append(",") }
            out.append(c)
        }
        return out
    }
}
