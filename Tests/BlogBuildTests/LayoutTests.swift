import Foundation
import Testing

/// The engine's folders follow the pipeline (Load, Resolve, Route, Render,
/// Feeds, Check, Output, Incremental, Serve...) and none depends on another
/// that depends back on it. The check reads the compiler's index store
/// (`Tests/Tools/folder_cycles.py`), where every reference is resolved to the
/// symbol it names.
@Suite struct LayoutTests {
    /// In every module made of several folders (a module's folders are not kept apart by the compiler).
    @Test(arguments: ["BlogBuild", "Site"])
    func foldersDoNotDependOnEachOtherInACircle(module: String) throws {
        let python = try #require(ProcessRunner.findOnPath("python3"), "python3 is not on PATH")
        let products = try #require(RepoPaths.executable, "no blogbuild built").deletingLastPathComponent()
        let sources = RepoPaths.root.appendingPathComponent("Sources/\(module)")
        let outcome = try ProcessRunner.run(python, [Self.script.path, products.path, "--module", module, "--sources", sources.path])
        #expect(outcome.status == 0, "folders of \(module) that depend on each other in a circle:\n\(outcome.stdout)\(outcome.stderr)")
    }

    /// The check sees what a reader of the text missed: a cycle made through an
    /// `indirect enum`, a free function, and a reference after a string holding `//`.
    @Test func theCheckFindsACycleThatTheSourceTextHides() throws {
        let python = try #require(ProcessRunner.findOnPath("python3"), "python3 is not on PATH")
        let swiftc = try #require(ProcessRunner.findOnPath("swiftc"), "swiftc is not on PATH")
        let shape = """
            /// A shape; its area is measured in the other folder.
            indirect enum Shape {
                case square(Double)
                case twice(Shape)
                var area: Double { measure(self) }
            }
            """
        let measure = """
            func measure(_ shape: Shape) -> Double {
                switch shape {
                case .square(let side): return side * side
                case .twice(let inner): return 2 * measure(inner)
                }
            }
            """
        let note = #"let note = "see https://example.com // a comment to a regex"; let unit: Shape = .square(1)"#

        func check(_ files: [String: String]) throws -> ProcessOutcome {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("cycles-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            var paths: [String] = []
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent("Sources/\(path)")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
            let objects = root.appendingPathComponent("objects")
            try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
            let store = root.appendingPathComponent("store")
            let compile = try ProcessRunner.run(swiftc, ["-module-name", "Cycles", "-parse-as-library", "-c",
                                                         "-index-store-path", store.path, "-working-directory", objects.path] + paths,
                                                timeout: 120)
            #expect(compile.status == 0, "\(compile)")
            return try ProcessRunner.run(python, [Self.script.path, "--store", store.path,
                                                  "--sources", root.appendingPathComponent("Sources").path, "--module", "Cycles"])
        }

        let cycle = try check(["Shapes/Shape.swift": shape, "Measures/Measure.swift": measure, "Measures/Note.swift": note])
        #expect(cycle.status == 1, "\(cycle)")
        #expect(cycle.stdout.contains("cycle: ['Measures', 'Shapes']"), "\(cycle.stdout)")
        #expect(cycle.stdout.contains("Shapes -> Measures: measure(_:) (Shapes/Shape.swift:5"), "\(cycle.stdout)")
        #expect(cycle.stdout.contains("Measures/Note.swift:1 uses Shapes/Shape.swift"), "\(cycle.stdout)")

        // Without the enum's use of the free function, one folder uses the other: no cycle.
        let oneWay = try check(["Shapes/Shape.swift": shape.replacingOccurrences(of: "measure(self)", with: "0"),
                                "Measures/Measure.swift": measure, "Measures/Note.swift": note])
        #expect(oneWay.status == 0, "\(oneWay)")
    }

    /// The modules compiled with cross-module optimization lend the modules above what
    /// they use as `public`: the optimizer never inlines or specializes a `package`
    /// function in another module, `@inlinable` or not, and a generic one is then called
    /// through its type's metadata once per byte in the hot loops (docs/ARCHITECTURE.md).
    @Test func theOptimizedModulesLendNothingAsPackage() throws {
        let manifest = try String(contentsOf: RepoPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // `.target(name: "X", …, swiftSettings: crossModule…)`: each target's text up to the next.
        let optimized = manifest.components(separatedBy: ".target(").dropFirst().compactMap { chunk -> String? in
            let target = chunk.components(separatedBy: ".target(").first ?? chunk
            guard target.contains("crossModule"),
                  let start = target.range(of: "name: \""), let end = target[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(target[start.upperBound..<end])
        }
        #expect(optimized.contains("Support") && optimized.contains("HTML") && optimized.count >= 8, "\(optimized)")
        let access = try Regex(#"^\s*(?:@\w+(?:\([^)]*\))?\s+)*package\s+(?:static\s+|final\s+|mutating\s+|private\(set\)\s+)*(?:func|var|let|init|struct|enum|class|protocol|typealias|subscript)\b"#)
        var found: [String] = []
        for module in optimized {
            let folder = RepoPaths.root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(!files.isEmpty, "no sources in Sources/\(module)")
            for file in files {
                for (n, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.firstMatch(of: access) != nil {
                    found.append("Sources/\(module)/\(file.lastPathComponent):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "package in a cross-module-optimized module (make it public):\n\(found.joined(separator: "\n"))")
    }

    /// Issue 42: no function over 150 lines outside data tables (the C family's highlighting
    /// rules): a longer one is a stage that reads better as its steps (`Tests/Tools/long_functions.py`).
    @Test func noFunctionIsLongerThan150LinesButDataTables() throws {
        let python = try #require(ProcessRunner.findOnPath("python3"), "python3 is not on PATH")
        let outcome = try ProcessRunner.run(python, [Self.longFunctions.path, "150", RepoPaths.root.appendingPathComponent("Sources").path,
                                                     "--table", "Highlight/Languages/CFamily.swift:private static func cFamily("])
        #expect(outcome.status == 0, "functions over 150 lines (lines, where, declaration):\n\(outcome.stdout)\(outcome.stderr)")
    }

    /// The length check finds a function of 151 lines whose strings and comments hold braces,
    /// and passes one of 150.
    @Test func theLengthCheckFindsALongFunction() throws {
        let python = try #require(ProcessRunner.findOnPath("python3"), "python3 is not on PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("long-functions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func function(_ name: String, lines: Int) -> String {
            "struct \(name) {\n    static func run() -> [String] {\n"
                + String(repeating: "        _ = \"}\" // }\n", count: lines - 2) + "    }\n}\n"
        }
        try function("Long", lines: 151).write(to: folder.appendingPathComponent("Long.swift"), atomically: true, encoding: .utf8)
        try function("Short", lines: 150).write(to: folder.appendingPathComponent("Short.swift"), atomically: true, encoding: .utf8)
        let outcome = try ProcessRunner.run(python, [Self.longFunctions.path, "150", folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("151 ") && outcome.stdout.contains("Long.swift:2"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("Short.swift"), "\(outcome.stdout)")
    }

    private static let script = RepoPaths.root.appendingPathComponent("Tests/Tools/folder_cycles.py")
    private static let longFunctions = RepoPaths.root.appendingPathComponent("Tests/Tools/long_functions.py")
}
