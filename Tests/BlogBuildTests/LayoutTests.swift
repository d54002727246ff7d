import Foundation
import Testing

/// The engine's folders follow the pipeline (Load, Resolve, Route, Render,
/// Feeds, Check, Output, Incremental, Serve...) and none depends on another
/// that depends back on it.
@Suite struct LayoutTests {
    @Test func foldersDoNotDependOnEachOtherInACircle() throws {
        let python = try #require(ProcessRunner.findOnPath("python3"), "python3 is not on PATH")
        let script = RepoPaths.root.appendingPathComponent("Tests/Tools/folder_cycles.py")
        let outcome = try ProcessRunner.run(python, [script.path])
        #expect(outcome.status == 0, "folders that depend on each other in a circle:\n\(outcome.stdout)\(outcome.stderr)")
    }
}
