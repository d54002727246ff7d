import Foundation
import Testing

/// The build tool that turns templates/ into Swift source (Plugins/EmbedThemePlugin).
/// SwiftPM runs it again whenever it relinks it (a release build's second run did);
/// a file it rewrites with the same bytes still has a new time, and the whole engine
/// was compiled again for it (`make serve` after `make setup` took minutes).
@Suite("EmbedTheme build tool")
struct EmbedThemeToolTests {
    private static func stamp(_ url: URL) throws -> (inode: UInt64, modified: Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return ((attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0, attributes[.modificationDate] as? Date ?? .distantPast)
    }

    @Test func aRunWithTheSameTemplatesLeavesItsOutputsAsTheyWere() throws {
        let executable = try #require(RepoPaths.executable)
        let tool = executable.deletingLastPathComponent().appendingPathComponent("EmbedTheme-tool")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "no \(tool.path)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-embed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let theme = dir.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try "<p>{{title}}</p>\n".write(to: theme.appendingPathComponent("page.mustache"), atomically: true, encoding: .utf8)
        let source = dir.appendingPathComponent("EmbeddedTheme.swift"), info = dir.appendingPathComponent("BuildInfo.swift")
        let arguments = [theme.path, source.path, "-", info.path]

        let first = try ProcessRunner.run(tool, arguments, timeout: 60)
        try #require(first.status == 0, "\(first)")
        let before = try (Self.stamp(source), Self.stamp(info))
        let again = try ProcessRunner.run(tool, arguments, timeout: 60)
        try #require(again.status == 0, "\(again)")
        let after = try (Self.stamp(source), Self.stamp(info))
        #expect(after.0 == before.0 && after.1 == before.1, "rewritten with the same bytes: \(before) → \(after)")

        // A changed template is written, of course.
        try "<p>{{title}}!</p>\n".write(to: theme.appendingPathComponent("page.mustache"), atomically: true, encoding: .utf8)
        let changed = try ProcessRunner.run(tool, arguments, timeout: 60)
        try #require(changed.status == 0, "\(changed)")
        #expect(try String(contentsOf: source, encoding: .utf8).contains(Data("<p>{{title}}!</p>\n".utf8).base64EncodedString()))
    }
}
