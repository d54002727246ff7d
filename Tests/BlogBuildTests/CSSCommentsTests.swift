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

@Suite struct CSSCommentsTests {
    private func strip(_ css: String) -> String {
        String(decoding: CSSComments.strip(Array(css.utf8)), as: UTF8.self)
    }

    @Test func commentsGoAndLinesAloneGoWithThem() {
        #expect(strip("a { color: red; } /* why */\nb {}\n") == "a { color: red; } \nb {}\n")
        #expect(strip("/* header\n   two lines */\n:root {\n  /* note */\n  --x: 1;\n}\n") == ":root {\n  --x: 1;\n}\n")
        #expect(strip("a{}\r\n  /* c */\r\nb{}") == "a{}\r\nb{}")
        #expect(strip("a { margin: 0 /* top */ 1px; }") == "a { margin: 0  1px; }")
    }

    private func compact(_ css: String) -> String {
        String(decoding: CSSComments.strip(Array(css.utf8), compact: true), as: UTF8.self)
    }

    /// Compacting drops only the white space CSS ignores: the theme's stylesheet
    /// loses a sixth of its bytes and means the same.
    @Test func compactingKeepsEverySpaceThatSeparatesTokens() {
        #expect(compact(".toc h2, .related h2 {\n  margin: 0 0 .35rem;\n  color: var(--muted);\n}\n") == ".toc h2,.related h2{margin:0 0 .35rem;color:var(--muted)}")
        #expect(compact("@media (max-width: 34rem) {\n  .thumb { width: 5.5rem; }\n}\n") == "@media (max-width:34rem){.thumb{width:5.5rem}}")
        #expect(compact("a > b { width: calc(100% - 2rem + 1px); }") == "a>b{width:calc(100% - 2rem + 1px)}")
        #expect(compact("a :hover , b::before { content: \"a ; b\" ; }") == "a :hover,b::before{content:\"a ; b\"}")
        #expect(compact("a { background: url( x.png ) no-repeat ; } /* c */ b { }") == "a{background:url( x.png ) no-repeat}b{}")
    }

    @Test func aCommentBetweenTokensStillSeparatesThem() {
        #expect(strip("a/* x */b") == "a/**/b")
        #expect(strip("a /* x */b") == "a b")
    }

    @Test func stringsAndURLsAreLeftAlone() {
        let css = #"a::before { content: "/* not a comment */"; } b { content: '\'/*'; } "#
            + "c { background: url(http://x.test/a/*b*/c.png); } d { background: URL( //x/*y ) }"
        #expect(strip(css) == css)
        #expect(strip(#"e { background: url("/*q*/") } /* gone */"#) == #"e { background: url("/*q*/") } "#)
        // `curl(` is not `url(`.
        #expect(strip("f { x: curl(/* c */) }") == "f { x: curl(/**/) }")
    }

    @Test func unclosedCommentsAndStringsEndSafely() {
        #expect(strip("a {} /* open") == "a {} ")
        #expect(strip("/* open") == "")
        #expect(strip("a { content: \"open\nb {} /* c */") == "a { content: \"open\nb {} ")
        #expect(strip("") == "")
        #expect(strip("/**/") == "")
        #expect(strip("a{}/*/b{}") == "a{}")
    }

    @Test func noCommentMeansNoChange() {
        let css = "a > b { color: #fff; } @media (prefers-color-scheme: dark) { c { d: e / 2 } }\n"
        #expect(strip(css) == css)
    }

    @Test func aSiteStylesheetLosesItsCommentsOtherAssetsAreCopied() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-css-\(UUID().uuidString)")
        let assets = site.appendingPathComponent("templates/assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: site) }
        try Data("/* mine */\na { b: c }\n".utf8).write(to: assets.appendingPathComponent("site.css"))
        try Data("/* kept */".utf8).write(to: assets.appendingPathComponent("note.txt"))
        let (theme, _) = Theme.load(siteDirectory: site)
        #expect(theme?.assets["site.css"] == .bytes(Array("a{b:c}".utf8)), "comments gone, white space compacted")
        #expect(theme?.assets["note.txt"] == .file(assets.appendingPathComponent("note.txt").path))
    }

    @Test func builtInStylesheetLosesOnlyItsComments() throws {
        let (theme, _) = Theme.load(siteDirectory: RepoPaths.root.appendingPathComponent("does-not-exist"))
        guard case .bytes(let css)? = theme?.assets["style.css"], let original = Theme.builtIn["assets/style.css"] else {
            Issue.record("no built-in style.css")
            return
        }
        #expect(css.count < original.count)
        let text = String(decoding: css, as: UTF8.self)
        #expect(!text.contains("/*"))
        #expect(text.contains(".tok-keyword"))
    }
}
