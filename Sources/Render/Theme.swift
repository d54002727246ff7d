import Foundation
import Support
import Diagnostics
import Template

/// The templates and assets a site is rendered with: the built-in theme, with
/// each file the site's `templates/` folder has overriding the built-in one.
public struct Theme: Sendable {
    /// Template name (path without `.mustache`, e.g. `post`, `partials/header`) → source path for messages.
    var templateSources: [String: String]
    /// Each page template compiled against its page type's context (`ContextShapes`).
    public var pages: [String: CompiledPage] = [:]
    /// Files under `assets/`, by path relative to `assets/`.
    public var assets: [String: Asset]
    /// Template name → a hash of its text and of every partial it includes, directly
    /// or not; for a page template, of every template its compile reached (a dynamic
    /// name's candidates too: `CompiledFrom.fingerprint`). A page whose template's
    /// fingerprint is unchanged needs no re-render for the theme's sake (see `RenderKeys`).
    public var fingerprints: [String: Int] = [:]
    /// Each template's label (`templates/post.mustache`, `(built-in theme) templates/post.mustache`)
    /// and text, sorted by name: where the link checker looks for a URL a template writes.
    public var texts: [(label: String, text: String)] = []
    /// The page templates the theme was compiled for (`PageTemplates.names`): a theme loaded
    /// again for the same ones may reuse its compiled pages and their contexts (`load(reusing:)`).
    var pageTemplateNames: [String] = []
    /// Every template parsed: a theme loaded again parses only the templates whose text changed.
    var compiler: TemplateCompiler?

    /// A page template ready to render: the program, the shape of the context it was
    /// compiled against (kept alive: `reads` tells its parts apart by identity), and
    /// which parts of that context it reads; with the problems its compile found and
    /// what it was compiled from, so a theme loaded again can reuse it.
    public struct CompiledPage: Sendable {
        public let template: CompiledTemplate
        public let root: TemplateShape
        public let reads: TemplateReads
        /// Whether the page shows how many posts a tag has anywhere (`count` or
        /// `count_text` of an element of a `tags` list): a page that does not is not
        /// rendered again when a post elsewhere joins or leaves one of its tags (`RenderKeys`).
        public let readsTagCounts: Bool
        /// The problems of every template its compile reached (`TemplateCompilation.problems`).
        let problems: [TemplateProblem]
        let compiledFrom: CompiledFrom

        init(template: CompiledTemplate, root: TemplateShape, reads: TemplateReads,
             problems: [TemplateProblem], compiledFrom: CompiledFrom) {
            self.template = template
            self.root = root
            self.reads = reads
            self.problems = problems
            self.compiledFrom = compiledFrom
            readsTagCounts = Self.readsTagCounts(root, reads)
        }

        /// The compile this page came from, as `compilePages` weighs its problems.
        var compilation: TemplateCompilation {
            TemplateCompilation(template: template, problems: problems, reached: Set(compiledFrom.reached.keys), reads: reads)
        }

        private static func readsTagCounts(_ root: TemplateShape, _ reads: TemplateReads) -> Bool {
            var seen = Set<ObjectIdentifier>()
            func walk(_ shape: TemplateShape) -> Bool {
                guard seen.insert(ObjectIdentifier(shape)).inserted else { return false }
                for (slot, name) in shape.names.enumerated() {
                    let field = shape.fields[slot]
                    if name == "tags", let tag = field.element,
                       ["count", "count_text"].contains(where: { tag.slots[$0].map { reads.contains(tag, slot: $0) } ?? false }) {
                        return true
                    }
                    if walk(field) { return true }
                }
                return shape.element.map(walk) ?? false
            }
            return walk(root)
        }
    }

    /// Every name some page template looks up in free-form front matter
    /// (`page.params.NAME`): such a key is used, not a typo of a known one.
    public var paramNames: Set<String> {
        pages.values.reduce(into: []) { $0.formUnion($1.reads.openNames) }
    }

    public enum Asset: Sendable, Hashable {
        case bytes([UInt8])
        case file(String)
    }


    /// The built-in theme's files, decoded once: path relative to templates/ → bytes.
    public static let builtIn: [String: [UInt8]] = {
        var out: [String: [UInt8]] = [:]
        for (path, base64) in EmbeddedTheme.files {
            if let data = Data(base64Encoded: base64) { out[path] = [UInt8](data) }
        }
        return out
    }()

    /// The built-in theme's templates (name → (source label, text)) and assets, made
    /// once: serve loads the theme again on every template edit.
    private static let builtInParts: (texts: [String: (String, String)], assets: [String: Asset]) = {
        var texts: [String: (String, String)] = [:]
        var assets: [String: Asset] = [:]
        for (path, bytes) in builtIn {
            if path.hasPrefix("assets/") {
                // CSS comments stay in the repository, not in the output (page weight).
                assets[String(path.dropFirst("assets/".count))] = .bytes(path.hasSuffix(".css") ? CSSComments.strip(bytes, compact: true) : bytes)
            } else if path.hasSuffix(".mustache") {
                let name = String(path.dropLast(".mustache".count))
                texts[name] = ("(built-in theme) templates/\(path)", String(decoding: bytes, as: UTF8.self))
            }
        }
        return (texts, assets)
    }()

    /// Loads the theme for a site. Problems (syntax errors with template file and line,
    /// missing partials, unreadable files) come back as diagnostics.
    /// `pages`: the page templates and their contexts (`PageKinds.templates`); each,
    /// and `base`, must exist after overrides. `last`: the theme loaded before for the
    /// same page kinds (serve, after a template edit): each page whose templates are all
    /// as they were is taken from it, not compiled again (`CompiledFrom`).
    public static func load(siteDirectory: URL, pages pageTemplates: PageTemplates, reusing last: Theme? = nil) -> (Theme?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // name → (source label, text)
        var (texts, assets) = builtInParts
        let siteTemplates = siteDirectory.appendingPathComponent("templates")
        for rel in listFiles(siteTemplates) {
            let full = siteTemplates.appendingPathComponent(rel).path
            if rel.hasPrefix("assets/") {
                assets[String(rel.dropFirst("assets/".count))] = asset(at: full)
            } else if rel.hasSuffix(".mustache") {
                let label = "templates/\(rel)"
                guard let data = FileManager.default.contents(atPath: full) else {
                    diagnostics.append(Diagnostic(file: label, message: "template: cannot read the file"))
                    continue
                }
                guard let text = String(validating: [UInt8](data), as: UTF8.self) else {
                    diagnostics.append(Diagnostic(file: label, message: "template: not valid UTF-8"))
                    continue
                }
                texts[String(rel.dropLast(".mustache".count))] = (label, text)
            }
        }

        var sources: [String: String] = [:]
        for (name, (label, _)) in texts { sources[name] = label }
        let reusable = last.flatMap { $0.pageTemplateNames == pageTemplates.names ? $0.pages : nil } ?? [:]
        let compiler = TemplateCompiler(sources: texts.mapValues { (label: $0.0, text: $0.1) }, reusing: last?.compiler)
        let (pages, templateProblems) = compilePages(texts, compiler: compiler, pages: pageTemplates, reusing: reusable)
        diagnostics += templateProblems
        for name in ["base"] + pageTemplates.names where texts[name] == nil {
            diagnostics.append(Diagnostic(file: "templates/\(name).mustache", message: "template: missing template '\(name)'"))
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        var prints = fingerprints(of: texts)
        for (name, page) in pages { prints[name] = page.compiledFrom.fingerprint }
        return (Theme(templateSources: sources, pages: pages, assets: assets,
                      fingerprints: prints,
                      texts: texts.keys.sorted().compactMap { texts[$0] }.map { (label: $0.0, text: $0.1) },
                      pageTemplateNames: pageTemplates.names, compiler: compiler), diagnostics)
    }

    /// A file of the site's `templates/assets/` as the output gets it. Stylesheets
    /// lose their comments (page weight); unreadable ones are left to the copy, which reports them.
    public static func asset(at path: String) -> Asset {
        let css = path.hasSuffix(".css") ? FileManager.default.contents(atPath: path) : nil
        return css.map { .bytes(CSSComments.strip([UInt8]($0), compact: true)) } ?? .file(path)
    }

    /// Parses every template and compiles each page template against its page type's
    /// context. Syntax problems (in any template, used or not), missing partials and
    /// partials that include themselves are errors. A name no context has is a warning
    /// (`check` and `publish` fail on it) at the place it is written; a template that
    /// several page types share (`base`, partials) is checked against each, and a name
    /// is reported only when no context it is used in has it (`{{#post}}` in `base` is
    /// for post pages). `reusing`: pages compiled before against the same page templates'
    /// contexts; one whose sources are unchanged is kept, and one compiled again gets the
    /// context it had (shapes are immutable).
    /// `compiler`: `texts`, parsed.
    static func compilePages(_ texts: [String: (String, String)], compiler: TemplateCompiler, pages pageTemplates: PageTemplates,
                             reusing last: [String: CompiledPage] = [:]) -> ([String: CompiledPage], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func diagnostic(_ p: TemplateProblem, _ severity: Diagnostic.Severity) -> Diagnostic {
            Diagnostic(file: p.label, line: p.line, column: p.column, message: "template: \(p.message)", severity: severity)
        }
        for name in compiler.templates.keys.sorted() {
            diagnostics += compiler.templates[name]?.problems.map { diagnostic($0, .error) } ?? []
        }
        diagnostics += cycles(in: texts)
        // Names are checked in a theme that parses: a broken section would make every
        // name after it look misplaced.
        guard diagnostics.isEmpty else { return ([:], diagnostics) }

        var pages: [String: CompiledPage] = [:]
        var compilations: [(name: String, compilation: TemplateCompilation)] = []
        let names = Set(texts.keys)
        // On all cores: each page template gets a context tree of its own, and the compiler only reads.
        let compiled = pageTemplates.names.filter { texts[$0] != nil }.parallelMap { name -> (String, TemplateCompilation, CompiledPage?)? in
            if let kept = last[name], kept.compiledFrom.isCurrent(in: texts, names: names) { return (name, kept.compilation, kept) }
            guard let root = last[name]?.root ?? pageTemplates.root(name) else { return nil }
            let compilation = compiler.compilation(of: name, root: root)
            let page = compilation.template.map {
                CompiledPage(template: $0, root: root, reads: compilation.reads, problems: compilation.problems,
                             compiledFrom: CompiledFrom(reached: compilation.reached, names: names, texts: texts))
            }
            return (name, compilation, page)
        }
        for case let (name, compilation, page)? in compiled {
            compilations.append((name, compilation))
            pages[name] = page
        }
        struct Place: Hashable { let template: String, line: Int, column: Int }
        var reported: Set<TemplateProblem> = []
        for (_, compilation) in compilations {
            for problem in compilation.problems where problem.kind == .syntax && !reported.contains(problem) {
                // Parse problems were reported above, once per template.
                let parsed = compiler.templates[problem.template]?.problems.contains(problem) ?? false
                if !parsed { diagnostics.append(diagnostic(problem, .error)) }
                reported.insert(problem)
            }
        }
        // Unknown names: kept where every compilation that reached the template found it unknown.
        var unknownIn: [Place: Int] = [:]
        var first: [Place: TemplateProblem] = [:]
        for (_, compilation) in compilations {
            var places: Set<Place> = []
            for problem in compilation.problems where problem.kind == .unknownName {
                let place = Place(template: problem.template, line: problem.line, column: problem.column)
                if places.insert(place).inserted { unknownIn[place, default: 0] += 1 }
                if first[place] == nil { first[place] = problem }
            }
        }
        for (place, count) in unknownIn {
            let reaching = compilations.count { $0.compilation.reached.contains(place.template) }
            if count == reaching, let problem = first[place] { diagnostics.append(diagnostic(problem, .warning)) }
        }
        return (pages, diagnostics.sorted())
    }

    /// `{{> name}}` and `{{< name}}` tags, with where they are.
    static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        var out: [(String, Int, Int)] = []
        let bytes = Array(text.utf8)
        var line = 1, lineStart = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1; lineStart = i + 1; i += 1; continue }
            if b == 0x7B, i + 2 < bytes.count, bytes[i + 1] == 0x7B {
                var j = i + 2
                while j < bytes.count, bytes[j] == 0x20 { j += 1 }
                if j < bytes.count, bytes[j] == 0x3E || bytes[j] == 0x3C {
                    j += 1
                    while j < bytes.count, bytes[j] == 0x20 { j += 1 }
                    let start = j
                    while j < bytes.count, bytes[j] != 0x7D, bytes[j] != 0x20, bytes[j] != 0x0A { j += 1 }
                    if j > start {
                        let name = String(decoding: bytes[start..<j], as: UTF8.self)
                        out.append((name, line, i - lineStart + 1))
                    }
                }
                i += 2
                continue
            }
            i += 1
        }
        return out
    }

    /// Each template's text hashed together with the texts of all partials it reaches.
    static func fingerprints(of texts: [String: (String, String)]) -> [String: Int] {
        var references: [String: [String]] = [:]
        for (name, (_, text)) in texts { references[name] = partialReferences(in: text).map(\.name) }
        var out: [String: Int] = [:]
        for name in texts.keys {
            var reached: Set<String> = [name]
            var stack = [name]
            while let next = stack.popLast() {
                for ref in references[next] ?? [] where texts[ref] != nil && reached.insert(ref).inserted { stack.append(ref) }
            }
            var hasher = Hasher()
            for each in reached.sorted() {
                hasher.combine(each)
                hasher.combine(texts[each]?.1 ?? "")
            }
            out[name] = hasher.finalize()
        }
        return out
    }

    /// A template that includes itself, directly or through others, would render
    /// forever (until the stack overflows): reported as an error instead.
    static func cycles(in texts: [String: (String, String)]) -> [Diagnostic] {
        var references: [String: [(name: String, line: Int, column: Int)]] = [:]
        for (name, (_, text)) in texts { references[name] = partialReferences(in: text).filter { texts[$0.name] != nil } }
        var diagnostics: [Diagnostic] = []
        var reported = Set<String>()
        // Depth-first from each template in name order; a template met again on the current path closes a cycle.
        for start in texts.keys.sorted() {
            var path: [String] = []
            var onPath = Set<String>()
            var done = Set<String>()
            func visit(_ name: String) {
                if done.contains(name) { return }
                path.append(name)
                onPath.insert(name)
                for ref in references[name] ?? [] {
                    if onPath.contains(ref.name) {
                        let loop = Array(path[(path.firstIndex(of: ref.name) ?? 0)...]) + [ref.name]
                        let key = Set(loop).sorted().joined(separator: ",")
                        if reported.insert(key).inserted, let (label, _) = texts[name] {
                            diagnostics.append(Diagnostic(
                                file: label, line: ref.line, column: ref.column,
                                message: "template: '\(ref.name)' includes itself (\(loop.joined(separator: " → ")))"))
                        }
                    } else {
                        visit(ref.name)
                    }
                }
                onPath.remove(name)
                path.removeLast()
                done.insert(name)
            }
            visit(start)
        }
        return diagnostics
    }

    /// Regular files below `dir`, relative, sorted; hidden files skipped.
    public static func listFiles(_ dir: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        let root = dir.standardizedFileURL.path
        var out: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root + "/") else { continue }
            out.append(String(path.dropFirst(root.count + 1)))
        }
        return out.sorted()
    }
}
