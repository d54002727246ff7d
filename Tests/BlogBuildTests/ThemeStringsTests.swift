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

/// Issue 17, "any language": every word the built-in theme prints comes from one
/// table (`ThemeStrings`), in the language `language:` picks, with dates in that
/// language's form, and a site overrides any word in site.yml (`strings:`).
@Suite("The theme's words")
struct ThemeStringsTests {
    // MARK: - The table

    @Test func everyLanguageHasEveryKeyWithOnlyItsPlaceholders() {
        for language in ThemeLanguage.allCases {
            let table = language.strings
            for key in ThemeStrings.Key.allCases {
                guard let text = table[key] else {
                    Issue.record("\(language.name) has no '\(key.rawValue)'")
                    continue
                }
                #expect(ThemeStrings.problem(in: text, for: key) == nil, "\(language.name) '\(key.rawValue)': \(text)")
                // A plain text is read by templates as it is: it must have no placeholder left in it.
                if key.placeholders.isEmpty { #expect(!text.contains("{"), "\(language.name) '\(key.rawValue)': \(text)") }
            }
            #expect(language.months.count == 12 && language.shortMonths.count == 12)
            // Only the words the theme shares with English (names: App Store, RSS) may equal the English text.
            if language != .en {
                let same = ThemeStrings.Key.allCases.filter { table[$0] == ThemeLanguage.english[$0] }.map(\.rawValue)
                #expect(Set(same).isSubset(of: Self.sameInSomeLanguages), "\(language.name) leaves these English: \(same)")
            }
        }
    }

    /// Names and loanwords several languages write as English does.
    static let sameInSomeLanguages: Set<String> = ["feed_rss", "feed_atom", "feed_json", "app_store", "apps", "app", "website",
                                                   "support", "series", "pages", "notes", "date", "date_short", "app_feed"]

    @Test(arguments: [("de", ThemeLanguage.de), ("de-DE", .de), ("de-AT", .de), ("DE_ch", .de), ("en-GB", .en), ("en", .en),
                      ("fr-CA", .fr), ("es-419", .es), ("ja-JP", .ja), ("ko-KR", .ko), ("ko", .ko),
                      ("zh", .zhHans), ("zh-CN", .zhHans), ("zh-SG", .zhHans), ("zh-Hans", .zhHans), ("zh-Hans-HK", .zhHans),
                      ("zh-TW", .zhHant), ("zh-HK", .zhHant), ("zh_MO", .zhHant), ("zh-Hant", .zhHant), ("zh-hant-cn", .zhHant)])
    func theLanguageTagPicksTheLanguage(tag: String, language: ThemeLanguage) {
        #expect(ThemeLanguage(tag: tag) == language)
    }

    @Test func aLanguageWithoutWordsIsNone() {
        #expect(ThemeLanguage(tag: "pt-BR") == nil)
        #expect(ThemeLanguage(tag: "") == nil)
    }

    static let piDay = PostDate(instant: Date(timeIntervalSince1970: 1_773_446_400), year: 2026, month: 3, day: 14, utcOffsetSeconds: 0)

    @Test(arguments: [(ThemeLanguage.en, "14 March 2026", "14 Mar"), (.de, "14. März 2026", "14. März"),
                      (.fr, "14 mars 2026", "14 mars"), (.es, "14 de marzo de 2026", "14 mar"),
                      (.ja, "2026年3月14日", "3月14日"), (.zhHans, "2026年3月14日", "3月14日"),
                      (.zhHant, "2026年3月14日", "3月14日"), (.ko, "2026년 3월 14일", "3월 14일")])
    func datesTakeTheLanguagesForm(language: ThemeLanguage, long: String, short: String) {
        let strings = ThemeStrings(language: language)
        #expect(strings.date(Self.piDay) == long)
        #expect(strings.shortDate(Self.piDay) == short)
    }

    @Test func japaneseWritesNumbersIntoItsWordsWithoutSpaces() {
        let ja = ThemeStrings(language: .ja)
        #expect(ja.readingTime(6) == "6分で読めます")
        #expect(ja.part(3, of: 7) == "第3回（全7回）")
        let ref = ja.around("series", in: .seriesRef, ["part": ja.part(3, of: 7)])
        #expect(ref.before == "連載「" && ref.after == "」第3回（全7回）")
        var november = Self.piDay
        november.month = 11
        #expect(ja.date(november) == "2026年11月14日")
    }

    @Test func countsTakeTheLanguagesPlural() {
        let en = ThemeStrings(language: .en), fr = ThemeStrings(language: .fr), de = ThemeStrings(language: .de)
        #expect(en.count(1, one: .postCountOne, other: .postCountOther) == "1 post")
        #expect(en.count(0, one: .postCountOne, other: .postCountOther) == "0 posts")
        #expect(fr.count(0, one: .postCountOne, other: .postCountOther) == "0 article")
        #expect(de.count(5, one: .partCountOne, other: .partCountOther) == "5 Teile")
    }

    // MARK: - site.yml

    static func config(_ strings: String, language: String = "en-GB") -> (config: SiteConfig, lines: [String], notices: [String]) {
        let parsed = ConfigLoader.parse("""
            title: T
            base_url: https://example.org/
            language: \(language)
            \(strings)
            """)
        return (parsed.config, parsed.diagnostics.sorted().map(\.description), parsed.notices.map(\.description))
    }

    @Test func aSiteOverridesAnyWordInItsLanguage() {
        let (config, lines, _) = Self.config("""
            strings:
              min_read: "Min. Lesezeit"
              continue_reading: Mehr
              part_of: "{total}: {n}"
            """, language: "de-AT")
        #expect(lines.isEmpty, "\(lines)")
        #expect(config.strings.readingTime(4) == "4 Min. Lesezeit")
        #expect(config.strings[.continueReading] == "Mehr")
        #expect(config.strings.part(2, of: 9) == "9: 2")
        // The rest stays the language's own.
        #expect(config.strings[.olderPosts] == "Ältere Beiträge")
        #expect(config.strings.date(Self.piDay) == "14. März 2026")
    }

    @Test func anUnknownStringKeyIsAWarningAtItsLineWithADidYouMean() {
        let (config, lines, _) = Self.config("""
            strings:
              min_reed: "Min. Lesezeit"
              contine_reading: Weiter
            """)
        #expect(lines == [
            "content/site.yml:5:3: warning: unknown key 'strings.min_reed' (did you mean 'strings.min_read'?)",
            "content/site.yml:6:3: warning: unknown key 'strings.contine_reading' (did you mean 'strings.continue_reading'?)",
        ])
        #expect(config.strings.readingTime(4) == "4 min read")
    }

    @Test func aValueThatIsNotTextIsAnErrorAtItsLine() {
        let (config, lines, _) = Self.config("""
            strings:
              older_posts: [Older, posts]
              newer_posts: { text: Newer }
              draft:
              min_read: "{minutes} Min."
              series_ref: "{part}"
            """)
        #expect(lines == [
            "content/site.yml:5:16: 'strings.older_posts' must be text (found a list)",
            "content/site.yml:6:16: 'strings.newer_posts' must be text (found a mapping)",
            "content/site.yml:7:9: 'strings.draft' is empty (write the text, \"\" for none, or leave the key out for the built-in one)",
            "content/site.yml:8:13: 'strings.min_read' has no placeholder '{minutes}'; it has {n} (\"{minutes} Min.\")",
            "content/site.yml:9:15: 'strings.series_ref' must contain '{series}' (where the link goes) (\"{part}\")",
        ])
        #expect(config.strings[.olderPosts] == "Older posts")
        #expect(config.strings[.draft] == "Draft")
    }

    @Test func stringsMustBeAMapping() {
        let (_, lines, _) = Self.config("strings: [a, b]")
        #expect(lines == ["content/site.yml:4:10: 'strings' must be a mapping (found a list)"])
    }

    @Test func aLanguageWithoutWordsIsNamedInANoticeAndSpeaksEnglish() {
        let (config, lines, notices) = Self.config("", language: "pt-BR")
        #expect(lines.isEmpty)
        #expect(config.strings[.continueReading] == "Continue reading")
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("content/site.yml:3:11: notice: 'language' is pt-BR, which the theme has no words for: it speaks English") == true,
                "\(notices)")
        #expect(Self.config("", language: "de-DE").notices.isEmpty)
        #expect(Self.config("", language: "en-US").notices.isEmpty)
    }

    @Test func anOverriddenWordShowsOnThePages() throws {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig + """
            strings: { min_read: "Min. Lesezeit", continue_reading: "Mehr davon", notes: "Fuß\\"noten" }

            """, files: ["content/posts/2021-03-14-pi.md": "---\ntitle: Pi\n---\nThree point one four.[^1]\n\n[^1]: Roughly.\n"])
        let pages = renderTestSite(folder)
        #expect(pages.site.diagnostics.filter { $0.severity == .error }.isEmpty, "\(pages.site.diagnostics)")
        pages.expect("index.html", contains: ["1 Min. Lesezeit", ">Mehr davon<span"], lacks: ["min read", "Continue reading"])
        // The stylesheet's word, as a CSS string a quote cannot end early.
        pages.expect("2021/03/pi/index.html", contains: [#"style="--notes-label:&quot;Fuß\&quot;noten&quot;""#])
    }

    // MARK: - A German build of the example site

    /// The example site, in German (its navigation too: that is the author's own
    /// text), drafts and scheduled posts included so their badges show.
    static func germanExampleSite() throws -> (folder: TestSiteFolder, pages: RenderedPages) {
        try exampleSite(language: "de-DE", nav: [("Series", "Serien"), ("Archive", "Archiv"), ("Tags", "Schlagwörter"), ("About", "Über mich")])
    }

    /// The example site in `language`, its navigation's titles (the author's own
    /// words) as `nav` translates them.
    static func exampleSite(language: String, nav: [(String, String)]) throws -> (folder: TestSiteFolder, pages: RenderedPages) {
        let folder = try TestSiteFolder(config: nil)
        try FileManager.default.removeItem(at: folder.url("content"))
        try FileManager.default.copyItem(at: RepoPaths.root.appendingPathComponent("content"), to: folder.url("content"))
        var config = try #require(folder.read("content/site.yml"))
        config = config.replacingOccurrences(of: "language: en-GB", with: "language: \(language)")
        for (english, translated) in nav {
            config = config.replacingOccurrences(of: "title: \(english),", with: "title: \(translated),")
        }
        try folder.write("content/site.yml", config + "images: { resize: false }\n")
        let pages = renderTestSite(folder, mode: .build(includeDrafts: true))
        return (folder, pages)
    }

    /// The English theme words a German page must not show: each English text
    /// of the table, cut at its placeholders ("Part {n} of {total}" → "Part"),
    /// and the English month names, less what German writes the same way
    /// (App Store, RSS, Website) and bits too short to be told from a name.
    static var englishThemeWords: [String] { englishThemeWords(notIn: .de) }

    /// `englishThemeWords` for a page in `language`.
    static func englishThemeWords(notIn language: ThemeLanguage) -> [String] {
        let other = language.strings.values.joined(separator: "\n") + "\n" + language.months.joined(separator: "\n")
            + "\n" + language.shortMonths.joined(separator: "\n")
        var words = Set<String>()
        let english = ThemeLanguage.english.values + ThemeLanguage.en.months + ThemeLanguage.en.shortMonths
        for text in english {
            for piece in text.split(separator: /\{[a-z_]+\}/) {
                let trimmed = piece.trimmingCharacters(in: CharacterSet.letters.inverted)
                guard trimmed.filter(\.isLetter).count >= 3, contains(other, word: trimmed) == false else { continue }
                words.insert(trimmed)
            }
        }
        return words.sorted()
    }

    /// Whether `word` stands in `text` as a word (not inside a longer one).
    static func contains(_ text: String, word: String) -> Bool {
        var from = text.startIndex
        while let r = text.range(of: word, range: from..<text.endIndex) {
            let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
            let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
            // A Latin word stands alone beside a Japanese character too (no spaces there).
            func joins(_ c: Character?) -> Bool { c.map { $0.isLetter && ($0.unicodeScalars.first?.value ?? 0) < 0x2E80 } ?? false }
            if !joins(before) && !joins(after) { return true }
            from = text.index(after: r.lowerBound)
        }
        return false
    }

    /// What a reader sees of `html` that the theme wrote: its text, its `alt`,
    /// `aria-label` and `title` attributes, and the `<title>` and feed titles of
    /// its head, without the author's Markdown (`.content`, `.summary`) or any
    /// of `authored` (titles, names, taglines: the site's own words) or the
    /// headings a table of contents lists.
    static func themeText(_ html: String, authored: [String]) -> String {
        var body = html
        for marker in [#"<div class="content">"#, #"<div class="summary">"#] { body = removingBlocks(body, startingWith: marker) }
        // A table of contents lists the author's headings.
        body = body.replacing(/<li class="toc-\d"><a [^>]*>[^<]*<\/a><\/li>/, with: " ")
        var parts = [PlainText.of(body.replacingOccurrences(of: "<", with: " <"))]
        for match in body.matches(of: /(?:alt|aria-label|title)="([^"]*)"/) { parts.append(PlainText.of(String(match.1))) }
        var text = parts.joined(separator: " | ")
        for string in authored.sorted(by: { $0.count > $1.count }) where !string.isEmpty {
            text = text.replacingOccurrences(of: string, with: " ")
        }
        return text
    }

    /// `html` without each element that starts with `marker` (a `<div …>`), nested divs and all.
    static func removingBlocks(_ html: String, startingWith marker: String) -> String {
        var out = html
        while let start = out.range(of: marker) {
            var depth = 1
            var at = start.upperBound
            var end = out.endIndex
            while depth > 0, let next = out[at...].firstRange(of: /<\/?div[\s>]/) {
                depth += out[next].hasPrefix("</") ? -1 : 1
                at = next.upperBound
                if depth == 0 { end = out.range(of: ">", range: next.lowerBound..<out.endIndex)?.upperBound ?? next.upperBound }
            }
            out.replaceSubrange(start.lowerBound..<end, with: " ")
        }
        return out
    }

    /// The site's own words, as loaded: what `themeText` leaves out.
    static func authored(_ content: LoadedContent) -> [String] {
        var out = [content.config.title, content.config.description, content.config.author?.name ?? ""]
        out += content.config.nav.map(\.title)
        for p in content.posts { out += [p.title, p.image?.alt ?? ""] + p.tags }
        for s in content.series { out += [s.title, s.description ?? ""] }
        for a in content.apps { out += [a.title, a.tagline ?? ""] + a.platforms + a.screenshots.map { $0.alt ?? "" } }
        for p in content.pages { out.append(p.title) }
        return out
    }

    @Test func aGermanBuildOfTheExampleSiteHasNoEnglishThemeWordsLeft() throws {
        let (folder, pages) = try Self.germanExampleSite()
        #expect(pages.site.diagnostics.filter { $0.severity == .error }.isEmpty, "\(pages.site.diagnostics)")
        let authored = Self.authored(folder.load())
        let words = Self.englishThemeWords
        // The list holds what the theme used to write in English.
        for word in ["Continue reading", "min read", "Part", "Older posts", "Newer posts", "Posts about", "Retired", "Draft",
                     "Scheduled", "Skip to content", "Contents", "Archive", "Tags", "Previous", "Next", "newest first", "Notes",
                     "Screenshots", "Source code", "released", "since", "icon", "Posts tagged", "March"] {
            #expect(words.contains(word), "\(word) is not in the list of English words")
        }
        let htmlPaths = pages.paths.filter { $0.hasSuffix(".html") }.sorted()
        #expect(htmlPaths.count > 40)
        var left: [String] = []
        for path in htmlPaths {
            let text = Self.themeText(try #require(pages[path]), authored: authored)
            for word in words where Self.contains(text, word: word) { left.append("\(path): \(word)") }
        }
        #expect(left.isEmpty, "English theme words in the German build:\n\(left.joined(separator: "\n"))")

        // And the German ones are there, dates in German form.
        pages.expect("index.html", contains: ["Weiterlesen", "Min. Lesezeit", "Ältere Beiträge", "Seite 1 von"])
        pages.expect("2026/03/seven-years/index.html", contains: [">14. März 2026</time>", #"style="--notes-label:&quot;Anmerkungen&quot;""#])
        pages.expect("archive/index.html", contains: ["Beiträge, die neuesten zuerst.", ">14. März</time>"])
        let seriesPost = try #require(htmlPaths.first { pages[$0]?.contains(#"class="series-label""#) == true })
        pages.expect(seriesPost, contains: ["der Serie <a href=\"/series/"])
        pages.expect("apps/kettle/index.html", contains: ["Beiträge über Kettle"])
        pages.expect("tags/index.html", contains: ["<h1 class=\"page-title\">Schlagwörter</h1>"])
        // Feeds are titled in German too.
        pages.expect("series/building-tidemark/atom.xml", contains: ["<title type=\"text\">Serie: Building Tidemark – Low Tide Software</title>"])
        pages.expect("index.html", contains: [#"title="Low Tide Software (JSON-Feed)""#])
    }

    /// Language tag, language, the nav's English and translated words, the pi day's date.
    static let languagePages: [(String, ThemeLanguage, [(String, String)], String)] = [
        ("fr-FR", ThemeLanguage.fr, [("Series", "Séries"), ("Archive", "Archives"), ("Tags", "Étiquettes"), ("About", "À propos")], "14 mars 2026"),
        ("es-ES", .es, [("Series", "Series"), ("Archive", "Archivo"), ("Tags", "Etiquetas"), ("About", "Sobre mí")], "14 de marzo de 2026"),
        ("ja-JP", .ja, [("Apps", "アプリ"), ("Series", "シリーズ"), ("Archive", "アーカイブ"), ("Tags", "タグ"), ("About", "自己紹介")], "2026年3月14日"),
        ("zh-CN", .zhHans, [("Apps", "应用"), ("Series", "系列"), ("Archive", "归档"), ("Tags", "标签"), ("About", "关于")], "2026年3月14日"),
        ("zh-TW", .zhHant, [("Apps", "應用程式"), ("Series", "系列"), ("Archive", "文章彙整"), ("Tags", "標籤"), ("About", "關於")], "2026年3月14日"),
        ("ko-KR", .ko, [("Apps", "앱"), ("Series", "시리즈"), ("Archive", "보관함"), ("Tags", "태그"), ("About", "소개")], "2026년 3월 14일"),
    ]

    /// French, Spanish, Japanese, Chinese and Korean builds of the example site: no
    /// English theme word left (as the German test checks, with that language's
    /// table), and the dates in the language's form.
    @Test(arguments: Self.languagePages)
    func otherLanguagesLeaveNoEnglishThemeWords(tag: String, language: ThemeLanguage, nav: [(String, String)], date: String) throws {
        let (folder, pages) = try Self.exampleSite(language: tag, nav: nav)
        #expect(pages.site.diagnostics.filter { $0.severity == .error }.isEmpty, "\(pages.site.diagnostics)")
        let authored = Self.authored(folder.load())
        let words = Self.englishThemeWords(notIn: language)
        #expect(words.contains("Continue reading") && words.contains("March"), "\(words)")
        var left: [String] = []
        for path in pages.paths.filter({ $0.hasSuffix(".html") }).sorted() {
            let text = Self.themeText(try #require(pages[path]), authored: authored)
            for word in words where Self.contains(text, word: word) { left.append("\(path): \(word)") }
        }
        #expect(left.isEmpty, "English theme words in the \(language.name) build:\n\(left.joined(separator: "\n"))")
        pages.expect("2026/03/seven-years/index.html", contains: [">\(date)</time>"])
    }

    @Test func theSameBuildTwiceIsByteIdentical() throws {
        let (_, first) = try Self.germanExampleSite()
        let (_, second) = try Self.germanExampleSite()
        for path in first.paths.filter({ $0.hasSuffix(".html") || $0.hasSuffix(".xml") }).sorted() {
            #expect(first[path] == second[path], "\(path) differs between two German builds")
        }
    }
}
