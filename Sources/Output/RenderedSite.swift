import Diagnostics

/// The rendered site in memory: what `check` stops at and `build` writes.
public struct RenderedSite: Sendable {
    public var files: [OutputFile]
    public var report: BuildReport
    /// Every problem, errors, warnings and hints, sorted.
    public var diagnostics: [Diagnostic]

    /// True when this site may be written in the given mode.
    public func isWritable(in mode: BuildMode) -> Bool {
        !diagnostics.contains { $0.severity.fails(in: mode) }
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(files: [OutputFile], report: BuildReport, diagnostics: [Diagnostic]) {
        self.files = files
        self.report = report
        self.diagnostics = diagnostics
    }
}
