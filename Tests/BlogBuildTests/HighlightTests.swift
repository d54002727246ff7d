import Foundation
import Testing
@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

// Build-time syntax highlighting (issue 6). The token kinds are checked
// against Pygments (PyPI `pygments`, through python3 and
// Tests/highlight/pygments_kinds.py); without it that test is skipped with a
// note, unless CI=true, where a missing tool fails.

private enum Pygments {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let python: URL? = ProcessRunner.findOnPath("python3")
    static let available: Bool = {
        guard let python, let outcome = try? ProcessRunner.run(python, ["-c", "import pygments"]) else { return false }
        return outcome.status == 0
    }()
    static var availableOrCI: Bool { available || isCI }

    static let folder = RepoPaths.root.appendingPathComponent("Tests/highlight")

    /// Kinds per character (Unicode scalar) of each file, by path.
    static func kinds(_ pairs: [(lexer: String, path: String)]) throws -> [String: [String]] {
        guard let python, available else {
            Issue.record("CI=true but python3 with pygments is missing (pip install pygments)")
            return [:]
        }
        let script = folder.appendingPathComponent("pygments_kinds.py").path
        let outcome = try ProcessRunner.run(python, [script] + pairs.flatMap { [$0.lexer, $0.path] })
        #expect(outcome.status == 0, "\(outcome)")
        var result: [String: [String]] = [:]
        var current: String?
        for line in outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                result[current ?? ""] = []
            } else if let current, !line.isEmpty {
                result[current, default: []].append(String(line))
            }
        }
        return result
    }
}

/// Reproducible randomness for fuzz tests (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct HighlightTests {
    /// Every language with a reference sample: our name, Pygments' lexer name,
    /// the file under Tests/highlight/samples. Adding a language adds one line.
    static let samples: [(language: String, pygments: String, file: String)] = [
        ("swift", "swift", "swift.swift"),
        ("javascript", "javascript", "javascript.js"),
        ("shell", "bash", "shell.sh"),
        ("console", "console", "console.txt"),
        ("go", "go", "go.go"),
        ("rust", "rust", "rust.rs"),
        ("typescript", "typescript", "typescript.ts"),
        ("python", "python", "python.py"),
        ("ruby", "ruby", "ruby.rb"),
        ("c", "c", "c.c"),
        ("objective-c", "objective-c", "objective-c.m"),
        ("c++", "cpp", "cpp.cpp"),
        ("java", "java", "java.java"),
        ("kotlin", "kotlin", "kotlin.kt"),
        ("php", "html+php", "php.php"),
        // Without `<?php` (how blog snippets are written) it is PHP from the start.
        ("php", "php:startinline", "php-inline.php"),
        ("html", "html", "html.html"),
        ("xml", "xml", "xml.xml"),
        ("css", "css", "css.css"),
        ("scss", "scss", "scss.scss"),
        ("applescript", "applescript", "applescript.applescript"),
        ("sql", "sql", "sql.sql"),
        ("markdown", "markdown", "markdown.md"),
        ("json", "json", "json.json"),
        ("yaml", "yaml", "yaml.yaml"),
        ("toml", "toml", "toml.toml"),
        ("diff", "diff", "diff.diff"),
    ]

    static func sample(_ file: String) throws -> String {
        try String(contentsOf: Pygments.folder.appendingPathComponent("samples/\(file)"), encoding: .utf8)
    }

    /// The text of highlighted HTML: tags dropped, the four entities decoded.
    static func text(of html: String) -> String {
        var out = ""
        var inTag = false
        var entity: String?
        for c in html {
            if inTag {
                if c == ">" { inTag = false }
            } else if entity != nil {
                if c == ";" {
                    switch entity {
                    case "lt": out.append("<")
                    case "gt": out.append(">")
                    case "amp": out.append("&")
                    case "quot": out.append("\"")
                    default: out.append("&\(entity ?? "");")
                    }
                    entity = nil
                } else {
                    entity?.append(c)
                }
            } else if c == "<" {
                inTag = true
            } else if c == "&" {
                entity = ""
            } else {
                out.append(c)
            }
        }
        return out
    }

    static func expectRoundTrip(_ code: String, _ language: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let html = Highlighter.highlight(code: code, language: language)
        let back = text(of: html)
        #expect(back == code, "\(language): text changed for \(code.prefix(80).debugDescription)",
                sourceLocation: sourceLocation)
        #expect(html.components(separatedBy: "<span").count == html.components(separatedBy: "</span>").count,
                sourceLocation: sourceLocation)
    }

    // MARK: Agreement with Pygments

    @Test(.enabled(if: Pygments.availableOrCI, "needs python3 with pygments (pip install pygments)"))
    func kindsAgreeWithPygments() throws {
        let paths = Self.samples.map { Pygments.folder.appendingPathComponent("samples/\($0.file)").path }
        let reference = try Pygments.kinds(zip(Self.samples, paths).map { ($0.0.pygments, $0.1) })
        guard !reference.isEmpty else { return }
        for (entry, path) in zip(Self.samples, paths) {
            let code = try Self.sample(entry.file)
            Self.expectRoundTrip(code, entry.language)
            let theirs = reference[path] ?? []
            // Ours per byte → per scalar (the kind of its first byte).
            let bytes = Highlighter.kinds(code: code, language: entry.language)
            var ours: [TokenKind] = []
            var offset = 0
            var characters: [Unicode.Scalar] = []
            for scalar in code.unicodeScalars {
                ours.append(offset < bytes.count ? bytes[offset] : .plain)
                characters.append(scalar)
                offset += String(scalar).utf8.count
            }
            #expect(theirs.count == ours.count, "\(entry.language): Pygments gave \(theirs.count) kinds for \(ours.count) characters")
            var total = 0, same = 0
            var misses: [String: Int] = [:]
            for (i, scalar) in characters.enumerated() where i < theirs.count && !scalar.properties.isWhitespace {
                total += 1
                let mine = "\(ours[i])"
                if mine == theirs[i] {
                    same += 1
                } else {
                    misses["\(theirs[i])→\(mine)", default: 0] += 1
                }
            }
            let agreement = total == 0 ? 1 : Double(same) / Double(total)
            let top = misses.sorted { $0.value > $1.value }.prefix(5).map { "\($0.key) \($0.value)" }
            print("highlight agreement \(entry.language): \(String(format: "%.1f", agreement * 100))% of \(total) characters"
                  + (top.isEmpty ? "" : "; differences (Pygments→ours): \(top.joined(separator: ", "))"))
            #expect(agreement >= 0.95, "\(entry.language): \(agreement)")
        }
    }

    // MARK: Round trip and linear time

    /// Inputs that make backtracking lexers (or careless linear ones) blow up.
    static let pathological = [
        "\"", "'", "`", "/*", "*/", "//", "\\(", "\"\\(", "\\#(", "#\"", "\"\"\"", "(", "{", "${", "`${",
        "/[", "/", "<<EOF\n", "$((", "$(", "${", "\\", "<", "&", "$ ", "\n$ \"", "#if ", "@", "0x", "1e",
    ]

    @Test func randomAndTruncatedSnippetsRoundTrip() throws {
        var random = SplitMix(state: 6)
        let languages = Highlighter.languageNames + ["unknown", ""]
        var sources = try Self.samples.map { try Self.sample($0.file) }
        sources += Self.pathological.map { String(repeating: $0, count: 40) }
        sources.append(Self.pathological.joined())
        for language in languages {
            for source in sources {
                Self.expectRoundTrip(source, language)
                let scalars = Array(source.unicodeScalars)
                for _ in 0..<8 {
                    let cut = Int.random(in: 0...scalars.count, using: &random)
                    Self.expectRoundTrip(String(String.UnicodeScalarView(scalars[..<cut])), language)
                }
                var shuffled = scalars
                shuffled.shuffle(using: &random)
                Self.expectRoundTrip(String(String.UnicodeScalarView(shuffled.prefix(600))), language)
            }
        }
    }

    /// CPU seconds of the calling thread: unlike wall time, not inflated
    /// while other tests or processes have the cores.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// CPU seconds one highlighting of `code` takes (a synchronous call stays on one thread).
    static func time(_ code: String, _ language: String) -> Double {
        let start = threadCPUSeconds()
        _ = Highlighter.highlight(code: code, language: language)
        return threadCPUSeconds() - start
    }

    /// `code`'s time over `normal`'s: each best of `rounds`, the two timed in
    /// turn, so what CPU time still feels of a busy machine (caches, memory
    /// bandwidth) hits both rather than one.
    static func ratio(_ code: String, _ normal: String, _ language: String, rounds: Int = 3) -> (ratio: Double, normal: Double) {
        var bestCode = Double.infinity, bestNormal = Double.infinity
        for _ in 0..<rounds {
            bestNormal = min(bestNormal, time(normal, language))
            bestCode = min(bestCode, time(code, language))
        }
        return (bestCode / bestNormal, bestNormal)
    }

    /// Each language's sample repeated to 128 KB against each pathological
    /// snippet repeated to the same size. A lexer that backtracks rescans the
    /// rest of the input (these snippets have few or no newlines, so "the rest
    /// of the line" is the rest of the input) once per opener: at 128 KB that
    /// is thousands of times the work, and even a rescan of a fixed 1 KB
    /// window would be ~100× — far above the bound. A linear lexer only pays a
    /// constant factor for one-byte tokens over the sample's long ones (about
    /// 2–9× in an unoptimised build, where a token costs many calls, each table
    /// read is bounds-checked, and a byte of a long run costs a few), which the
    /// bound of 16× leaves room for. What tells linear from not is the growth:
    /// four times the snippet takes about four times as long, not sixteen.
    @Test func pathologicalInputTakesLinearTime() throws {
        let size = 1 << 17
        for entry in Self.samples {
            let sample = try Self.sample(entry.file)
            let normal = String(repeating: sample, count: size / sample.utf8.count + 1)
            // Find the worst snippet on 1/16 of the size (8 KB), then time it at full size.
            let smallNormal = String(decoding: normal.utf8.prefix(size / 16), as: UTF8.self)
            var worst = (ratio: 0.0, snippet: "")
            for snippet in Self.pathological {
                let code = String(repeating: snippet, count: size / 16 / snippet.utf8.count)
                let ratio = Self.ratio(code, smallNormal, entry.language, rounds: 1).ratio
                if ratio > worst.ratio { worst = (ratio, snippet) }
            }
            // Far off already at 8 KB: super-linear, and 128 KB could take minutes.
            guard worst.ratio < 40 else {
                Issue.record("\(entry.language): \(worst.snippet.debugDescription) took \(worst.ratio)× a normal snippet at 8 KB")
                continue
            }
            let code = String(repeating: worst.snippet, count: size / worst.snippet.utf8.count)
            let (ratio, baseline) = Self.ratio(code, normal, entry.language)
            print("highlight timing \(entry.language): 128 KB normal \(String(format: "%.4f", baseline)) s; "
                  + "worst pathological \(worst.snippet.debugDescription) × 128 KB: \(String(format: "%.2f", ratio))×")
            #expect(ratio < 16, "\(entry.language): \(worst.snippet.debugDescription) took \(ratio)× a normal snippet")
            let quarter = String(repeating: worst.snippet, count: size / 4 / worst.snippet.utf8.count)
            let growth = Self.ratio(code, quarter, entry.language).ratio
            #expect(growth < 6, "\(entry.language): \(worst.snippet.debugDescription) × 128 KB took \(growth)× its 32 KB")
        }
    }

    // MARK: Engine details

    @Test func unknownOrMissingLanguageIsEscapedPlain() {
        #expect(Highlighter.highlight(code: "a < b && \"c\" > d", language: "klingon") == "a &lt; b &amp;&amp; &quot;c&quot; &gt; d")
        #expect(Highlighter.highlight(code: "<x>", language: nil) == "&lt;x&gt;")
    }

    @Test func namesAndAliasesAreCaseInsensitive() {
        for name in ["swift", "Swift", "JS", "javascript", "bash", "sh", "zsh", "shell", "console"] {
            #expect(Highlighter.knows(name), "\(name)")
        }
        #expect(!Highlighter.knows("klingon"))
    }

    @Test func sameKindsMergeAndPlainIsNotWrapped() {
        let html = Highlighter.highlight(code: "let x = 1 // one\n", language: "swift")
        #expect(html == #"<span class="tok-keyword">let</span> <span class="tok-variable">x</span> "#
                + #"= <span class="tok-number">1</span> "#
                + #"<span class="tok-comment">// one</span>"# + "\n")
    }

    @Test func swiftNestedCommentsRawStringsAndInterpolation() {
        func kinds(_ code: String) -> String {
            String(Highlighter.kinds(code: code, language: "swift").map { Character(String("\($0)".prefix(1))) })
        }
        // The whole nested comment is a comment, the code after it is not.
        let nested = "/* a /* b */ c */ x"
        #expect(kinds(nested) == String(repeating: "c", count: 17) + "pp")
        // `\(…)` with nested parentheses, which are code; the string resumes after it.
        let code = #""a\(f(1)) b""#
        let html = Highlighter.highlight(code: code, language: "swift")
        #expect(html.hasSuffix(#"<span class="tok-string">&quot;a\(</span>f(<span class="tok-number">1</span>)<span class="tok-string">) b&quot;</span>"#), "\(html)")
        // Raw string: `\(` is text, `\#(` interpolates.
        let raw = ##"#"\(no) \#(yes)"#"##
        let rawHTML = Highlighter.highlight(code: raw, language: "swift")
        #expect(rawHTML.contains(##"<span class="tok-string">#&quot;\(no) \#(</span>yes"##), "\(rawHTML)")
        // Two `#`s: `"#` and `\#(` are text, `\##(` interpolates, `"##` ends it.
        let twice = ###"##"a "# \#(b) \##(c)"## + d"###
        #expect(kinds(twice) == String(repeating: "s", count: 18) + "p" + String(repeating: "s", count: 4) + "popp",
                "\(kinds(twice))")
        // Multi-line strings keep going over lines and quotes.
        let multi = "\"\"\"\nsay \"hi\"\n\"\"\" + x"
        #expect(kinds(multi).hasPrefix(String(repeating: "s", count: 16)))
    }

    @Test func javaScriptTemplatesAndRegexVersusDivision() {
        let html = Highlighter.highlight(code: "`a ${ {b: `c${d}`}.b } e`", language: "js")
        #expect(Self.text(of: html) == "`a ${ {b: `c${d}`}.b } e`")
        #expect(html.hasSuffix(#"<span class="tok-string">} e`</span>"#), "\(html)")
        // A call right before the closing brace: `)}` must not run together and hide the `}`.
        let call = Highlighter.highlight(code: "`${f(x)} px`; let y = 1", language: "js")
        #expect(call.contains(#"<span class="tok-keyword">let</span>"#), "the template swallowed the line: \(call)")
        let regex = Highlighter.highlight(code: "x = a / b / c; y = /a[/]b/g.test(s)", language: "js")
        #expect(!regex.contains("tok-regex\">/ b"), "\(regex)")
        #expect(regex.contains(#"<span class="tok-regex">/a[/]b/g</span>"#), "\(regex)")
    }

    @Test func shellHeredocAndConsolePrompts() {
        let heredoc = "cat <<-EOF > out\n  $HOME\n\tEOF\necho done\n"
        let html = Highlighter.highlight(code: heredoc, language: "bash")
        #expect(html.contains("<span class=\"tok-string\">&lt;&lt;-EOF &gt; out\n  $HOME\n\tEOF</span>"), "\(html)")
        let console = Highlighter.highlight(code: "$ echo hi\nhi\n", language: "console")
        #expect(console == #"$ <span class="tok-builtin">echo</span> hi"# + "\nhi\n")
        #expect(Highlighter.kinds(code: "$ ls", language: "console").first == .punctuation)
    }

    @Test func lineNumbersAndHighlightedLines() {
        let html = Highlighter.highlight(code: "/* a\nb */\nx\n", language: "swift",
                                         lines: LineOptions(numbers: true, highlighted: [2...2]))
        #expect(html == #"<span class="line ln"><span class="tok-comment">/* a</span></span>"# + "\n"
                + #"<span class="line ln hl"><span class="tok-comment">b */</span></span>"# + "\n"
                + #"<span class="line ln">x</span>"# + "\n")
        #expect(LineOptions.parse("{linenos, hl=3-5}") == LineOptions(numbers: true, highlighted: [3...5]))
        #expect(LineOptions.parse("{hl=1,4-6}") == LineOptions(numbers: false, highlighted: [1...1, 4...6]))
        #expect(LineOptions.parse("{hl_lines=\"2 3\"}") == LineOptions(numbers: false, highlighted: [2...2, 3...3]))
        #expect(LineOptions.parse("{title=x}") == nil)
    }
}

@Suite struct HighlightMarkdownTests {
    private func html(_ markdown: String, highlight: Bool = true, rawHTML: Bool = true) -> String {
        MarkdownRenderer.render(markdown, options: MarkdownOptions(rawHTML: rawHTML, highlight: highlight)).html
    }

    @Test func fencedCodeIsHighlightedAndKeepsItsClass() {
        let out = html("```Swift\nlet a = b < c && d\n```\n")
        #expect(out == #"<pre data-lang="Swift"><code class="language-Swift"><span class="tok-keyword">let</span> "#
                + #"<span class="tok-variable">a</span> = b "#
                + #"&lt; c &amp;&amp; d"#
                + "\n</code></pre>\n")
    }

    /// Every token colour of the built-in theme, light and dark, against the code
    /// block's background: WCAG contrast of at least 4.5:1 (the browser test
    /// measures the rendered ones on a post too).
    @Test func tokenColoursHaveContrastInBothSchemes() throws {
        let css = String(decoding: try #require(Theme.builtIn["assets/style.css"]), as: UTF8.self)
        let darkStart = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        func variables(_ text: Substring) -> [String: String] {
            var out: [String: String] = [:]
            for match in text.matches(of: #/--([a-z-]+):\s*(#[0-9a-f]{6})/#) where out[String(match.output.1)] == nil {
                out[String(match.output.1)] = String(match.output.2)
            }
            return out
        }
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { c -> Double in
                let s = Double(c) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        for (scheme, block) in [("light", css[..<darkStart.lowerBound]), ("dark", css[darkStart.lowerBound...])] {
            let v = variables(block)
            let background = try #require(v["code-bg"], "\(scheme): no --code-bg")
            for token in ["k", "t", "f", "s", "n", "c"] {
                let colour = try #require(v[token], "\(scheme): no --\(token)")
                let (a, b) = (luminance(colour), luminance(background))
                let ratio = (max(a, b) + 0.05) / (min(a, b) + 0.05)
                #expect(ratio >= 4.5, "\(scheme) --\(token) \(colour) on \(background): \(ratio):1")
            }
        }
    }

    @Test func highlightOffIsExactlyCmark() {
        let markdown = "```swift {linenos}\nlet a = \"<b>\" & c\n```\n\n    indented\n\n```\nnone\n```\n"
        #expect(html(markdown, highlight: false)
                == "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot; &amp; c\n</code></pre>\n"
                + "<pre><code>indented\n</code></pre>\n<pre><code>none\n</code></pre>\n")
    }

    @Test func unknownLanguageIsEscapedLikeCmarkAndNamedAsWritten() {
        let markdown = "```klingon\nx < y & \"z\"\n```\n"
        #expect(html(markdown, highlight: false) == "<pre><code class=\"language-klingon\">x &lt; y &amp; &quot;z&quot;\n</code></pre>\n")
        #expect(html(markdown) == "<pre data-lang=\"klingon\"><code class=\"language-klingon\">x &lt; y &amp; &quot;z&quot;\n</code></pre>\n")
    }

    /// The label the stylesheet shows in the corner: the language's name as people
    /// write it, from one table; an unknown language's word as written (escaped);
    /// nothing without a language.
    @Test func codeBlocksNameTheirLanguageForTheLabel() throws {
        for (word, label) in [("swift", "Swift"), ("PHP", "PHP"), ("applescript", "AppleScript"), ("osascript", "AppleScript"),
                              ("js", "JavaScript"), ("objc", "Objective-C"), ("cpp", "C++"), ("sh", "Shell"),
                              ("bash", "Bash"), ("yml", "YAML"), ("Nginx", "Nginx"), ("a\"b", "a&quot;b")] {
            #expect(html("```\(word)\nx\n```\n").hasPrefix("<pre data-lang=\"\(label)\"><code class=\"language-"), "\(word)")
        }
        #expect(html("```\nplain\n```\n") == "<pre><code>plain\n</code></pre>\n")
        #expect(html("    indented\n") == "<pre><code>indented\n</code></pre>\n")
        #expect(html("```{linenos}\nx\n```\n").hasPrefix("<pre><code"))
        // Every language the highlighter knows has its name in the table.
        for definition in LanguageRegistry.all {
            #expect(LanguageLabels.byName[definition.name] != nil, "no label for \(definition.name)")
        }
        // The theme shows it: top right on a line of its own (never over the code), muted, not selected with it.
        let css = String(decoding: try #require(Theme.builtIn["assets/style.css"]), as: UTF8.self)
        let rule = try #require(css.firstRange(of: /pre\[data-lang\]::before \{[^}]*\}/).map { String(css[$0]) })
        for part in ["content: attr(data-lang)", "display: block", "text-align: right", "color: var(--muted)", "user-select: none"] {
            #expect(rule.contains(part), "\(rule) lacks \(part)")
        }
    }

    @Test func lineNumbersAndMarkedLines() {
        let out = html("```js {linenos, hl=2}\na\nb\n```\n", rawHTML: false)
        #expect(out == #"<pre data-lang="JavaScript"><code class="language-js"><span class="line ln">a</span>"# + "\n"
                + #"<span class="line ln hl">b</span>"# + "\n</code></pre>\n")
        // Marked lines without numbers, in a language we do not know.
        let plain = html("```text {hl=1}\n<a>\n```\n")
        #expect(plain == #"<pre data-lang="text"><code class="language-text"><span class="line hl">&lt;a&gt;</span>"# + "\n</code></pre>\n")
    }

    @Test func wordCountAndIDsUnchangedBySpans() {
        let markdown = "# Title\n\n```swift {linenos, hl=1}\nlet x = foo.bar(1) // three words\n```\n"
        let on = MarkdownRenderer.render(markdown, options: MarkdownOptions(highlight: true))
        let off = MarkdownRenderer.render(markdown, options: MarkdownOptions(highlight: false))
        #expect(on.wordCount == off.wordCount)
        #expect(on.ids == off.ids)
    }

    /// The README's list of languages is the highlighter's: every name it gives is
    /// known, and every language is named.
    @Test func readmeListsExactlyTheKnownLanguages() throws {
        let readme = try String(contentsOf: RepoPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let start = try #require(readme.range(of: "the info string's first word names the language, in any case:"))
        let end = try #require(readme.range(of: "Unknown languages stay plain.", range: start.upperBound..<readme.endIndex))
        // Drop the remarks in parentheses, then split "a, b/c, … and z".
        var list = ""
        var depth = 0
        for ch in readme[start.upperBound..<end.lowerBound] {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 } else if depth == 0 { list.append(ch) }
        }
        let items = list.replacingOccurrences(of: " and ", with: ",").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "."))) }.filter { !$0.isEmpty }
        var named = Set<String>()
        for item in items {
            for name in item.split(separator: "/").map(String.init) {
                let language = Highlighter.language(name)
                #expect(language != nil, "the README names '\(name)', which the highlighter does not know")
                if let language { named.insert(language.name) }
            }
        }
        #expect(named == Set(LanguageRegistry.all.map(\.name)), "languages the README does not name: \(Set(LanguageRegistry.all.map(\.name)).subtracting(named).sorted())")
    }

    @Test func configParsesHighlight() throws {
        #expect(SiteConfig().highlight)
        #expect(MarkdownOptions(config: SiteConfig()).highlight)
    }
}

/// The misses real blogs showed (issue 10): PHP without `<?php`, Ruby's `<<`
/// append, an interpolation with a call and a string inside, `obj-c`, xcconfig.
@Suite struct HighlightRealCodeTests {
    static func kinds(_ code: String, _ language: String) -> [TokenKind] {
        Highlighter.kinds(code: code, language: language)
    }

    /// The kind of the first byte of `needle` in `code`.
    static func kind(of needle: String, in code: String, _ language: String, occurrence: Int = 1) -> TokenKind? {
        var from = code.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let r = code.range(of: needle, range: from..<code.endIndex) else { return nil }
            found = r
            from = r.upperBound
        }
        guard let found else { return nil }
        return kinds(code, language)[code.utf8.distance(from: code.startIndex, to: found.lowerBound)]
    }

    @Test func phpWithoutAnOpeningTagIsPHP() {
        let code = "$names = [\"a\"];\necho count($names);\n"
        #expect(Self.kind(of: "$names", in: code, "php") == .variable)
        #expect(Self.kind(of: "echo", in: code, "php") == .keyword)
        #expect(Self.kind(of: "\"a\"", in: code, "php") == .string)
        // With a tag, text before it is HTML's, as before.
        let page = "<p>Hi</p>\n<?php echo $x; ?>\n"
        #expect(Self.kind(of: "p>Hi", in: page, "php") == .tag)
        #expect(Self.kind(of: "echo", in: page, "php") == .keyword)
    }

    @Test func rubyAppendIsNotAHeredoc() {
        let code = "names << name\nputs names.size\ntext = <<~EOS\n  hi\nEOS\nputs text\n"
        #expect(Self.kind(of: "<<", in: code, "ruby") == .operator)
        #expect(Self.kind(of: "puts", in: code, "ruby") == .builtin, "the code after `names << name` is code")
        #expect(Self.kind(of: "hi", in: code, "ruby") == .string, "a real heredoc still is one")
        #expect(Self.kind(of: "puts", in: code, "ruby", occurrence: 2) == .builtin, "and it ends at EOS")
    }

    @Test func swiftInterpolationWithACallAndAString() {
        let code = #"print("\(a.joined(separator: ", "))")"# + "\nlet x = 1 // done\n"
        #expect(Self.kind(of: "joined", in: code, "swift") == .plain)
        #expect(Self.kind(of: "separator", in: code, "swift") == .plain)
        #expect(Self.kind(of: #"", ""#, in: code, "swift") == .string)
        // The call's parentheses are code; `\(` and the `)` that closes it are the string's.
        #expect(Self.kind(of: "(separator", in: code, "swift") == .punctuation)
        #expect(Self.kind(of: "))", in: code, "swift") == .punctuation)
        #expect(Self.kind(of: ")\")", in: code, "swift") == .string)
        #expect(Self.kind(of: #"\("#, in: code, "swift") == .string)
        #expect(Self.kind(of: "let", in: code, "swift") == .keyword, "the string ended where it should")
        #expect(Self.kind(of: "1", in: code, "swift") == .number)
        #expect(Self.kind(of: "// done", in: code, "swift") == .comment)
    }

    /// `]`, `}` or `.` right before the `)` that closes an interpolation: the
    /// punctuation run must not swallow that `)`, or the string's rest is code.
    @Test(arguments: [#"let s = "\(a[0]) b""#, #"let s = "\(xs.map { $0 }) b""#, #"let s = "\(f(x).y) b""#,
                      #"let s = "\(a[f(0)]) b""#])
    func swiftInterpolationEndingInABracket(_ line: String) {
        let code = line + "\nlet x = 1\n"
        #expect(Self.kind(of: " b", in: code, "swift") == .string, "\(line)")
        #expect(Self.kind(of: "let", in: code, "swift", occurrence: 2) == .keyword, "\(line)")
        #expect(Self.kind(of: "1", in: code, "swift") == .number, "\(line)")
    }

    @Test func objectiveCAliases() {
        for name in ["obj-c", "objc", "objective-c", "OBJ-C"] { #expect(Highlighter.knows(name), "\(name)") }
        #expect(Self.kind(of: "@interface", in: "@interface Kettle : NSObject\n@end\n", "obj-c") == .keyword)
    }

    @Test func xcconfig() {
        let code = """
            // Shared settings
            #include? "Local.xcconfig"
            PRODUCT_NAME = Kettle
            OTHER_SWIFT_FLAGS[sdk=iphoneos*][arch=arm64] = $(inherited) -DRELEASE ${EXTRA}
            INFOPLIST_FILE = "$(SRCROOT)/Kettle/Info.plist" // the plist
            """
        #expect(Self.kind(of: "// Shared", in: code, "xcconfig") == .comment)
        #expect(Self.kind(of: "#include?", in: code, "xcconfig") == .preprocessor)
        #expect(Self.kind(of: "\"Local", in: code, "xcconfig") == .string)
        #expect(Self.kind(of: "PRODUCT_NAME", in: code, "xcconfig") == .attribute)
        #expect(Self.kind(of: "= Kettle", in: code, "xcconfig") == .operator)
        #expect(Self.kind(of: "Kettle\n", in: code, "xcconfig") == .plain)
        #expect(Self.kind(of: "sdk", in: code, "xcconfig") == .keyword)
        #expect(Self.kind(of: "iphoneos*", in: code, "xcconfig") == .string)
        #expect(Self.kind(of: "$(inherited)", in: code, "xcconfig") == .variable)
        #expect(Self.kind(of: "${EXTRA}", in: code, "xcconfig") == .variable)
        #expect(Self.kind(of: "-DRELEASE", in: code, "xcconfig") == .plain)
        #expect(Self.kind(of: "INFOPLIST_FILE", in: code, "xcconfig") == .attribute)
        #expect(Self.kind(of: "\"$(SRCROOT)", in: code, "xcconfig") == .string)
        #expect(Self.kind(of: "// the plist", in: code, "xcconfig") == .comment)
        #expect(Highlighter.knows("xcconfig"))
    }
}
