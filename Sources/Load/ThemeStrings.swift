import Diagnostics

/// Every word the built-in theme prints, in the site's language: the theme's
/// templates read the plain ones as `strings.KEY`, and the ones with
/// placeholders (`Part {n} of {total}`) are filled in here and handed to
/// templates as ready values (`series.label`, `reading_time`, ...). Feed titles
/// and the pages blogbuild writes without a template (alias redirects) take
/// theirs from here too.
///
/// `language:` in site.yml picks the built-in texts (`ThemeLanguage`), and
/// `strings:` overrides any of them, key by key (`ConfigLoader`). Part of
/// `SiteConfig`, so every page's and feed's render key covers it: a changed
/// string re-renders what shows it.
public struct ThemeStrings: Sendable, Hashable {
    /// The names a site overrides in `strings:` and templates read under `strings`.
    /// README lists them with their English texts.
    public enum Key: String, CaseIterable, Sendable, Hashable {
        case skipToContent = "skip_to_content", mainNavigation = "main_navigation", homePage = "home_page"
        case archive, tags, series, apps, app
        case feedRSS = "feed_rss", feedAtom = "feed_atom", feedJSON = "feed_json", atomFeed = "atom_feed"
        case updated, draft, scheduled, contents, tagged
        case continueReading = "continue_reading", retired, released
        case appStore = "app_store", website, sourceCode = "source_code", screenshots
        case seriesParts = "series_parts", allTags = "all_tags", followSeries = "follow_series", followTag = "follow_tag"
        case seriesLead = "series_lead"
        case noPosts = "no_posts", noSeries = "no_series", noApps = "no_apps", noTags = "no_tags"
        case newerPosts = "newer_posts", olderPosts = "older_posts", pages
        case pageNotFound = "page_not_found", notFoundText = "not_found_text", notes
        case privacy, support, relatedPosts = "related_posts", aboutAuthor = "about_author", elsewhere, email
        case search, searchLabel = "search_label", searchPlaceholder = "search_placeholder", searchButton = "search_button"
        case searchResults = "search_results", searching, noResults = "no_results", moreResults = "more_results"
        case searchNeedsScript = "search_needs_script", webSearch = "web_search"
        // With placeholders: filled in by blogbuild, not read as `strings.KEY`.
        case minRead = "min_read", partOf = "part_of", seriesRef = "series_ref"
        case previousPart = "previous_part", nextPart = "next_part", seriesNav = "series_nav"
        case appIcon = "app_icon", postsAbout = "posts_about", since, backToApp = "back_to_app"
        case postsTagged = "posts_tagged", pageOf = "page_of", archiveLead = "archive_lead"
        case postCountOne = "post_count_one", postCountOther = "post_count_other"
        case partCountOne = "part_count_one", partCountOther = "part_count_other"
        case resultCountOne = "result_count_one", resultCountOther = "result_count_other"
        case moved
        case seriesFeed = "series_feed", tagFeed = "tag_feed", appFeed = "app_feed"
        case date, dateShort = "date_short"

        /// The placeholders its text may use (`{n}`), in the order README names them;
        /// empty for a plain text that templates read as `strings.KEY`.
        public var placeholders: [String] {
            switch self {
            case .minRead, .postCountOne, .postCountOther, .partCountOne, .partCountOther, .resultCountOne, .resultCountOther: ["n"]
            case .partOf, .pageOf: ["n", "total"]
            case .seriesRef: ["part", "series"]
            case .previousPart, .nextPart, .moved: ["title"]
            case .seriesNav: ["series"]
            case .appIcon, .postsAbout, .backToApp: ["app"]
            case .since: ["year"]
            case .postsTagged: ["tag"]
            case .archiveLead: ["posts"]
            case .seriesFeed: ["title", "site"]
            case .tagFeed: ["tag", "site"]
            case .appFeed: ["app", "site"]
            case .date, .dateShort: ["day", "month", "month_short", "month_number", "year"]
            default: []
            }
        }

        /// The placeholder a text must keep: the one a link is written around
        /// (the series' title, the post's), which would otherwise vanish.
        var requiredPlaceholder: String? {
            switch self {
            case .seriesRef: "series"
            case .moved: "title"
            default: nil
            }
        }

        /// The keys templates read as `strings.KEY`.
        public static var plain: [Key] { allCases.filter { $0.placeholders.isEmpty } }
    }

    /// The language whose texts these are (and whose month names dates use).
    public let language: ThemeLanguage
    private var texts: [Key: String]

    /// The built-in texts of `language`.
    public init(language: ThemeLanguage = .en) {
        self.language = language
        // A language missing a key (a mistake in the tables, which tests catch) falls back to English.
        texts = ThemeLanguage.english.merging(language.strings) { _, own in own }
    }

    /// The text of `key`, placeholders and all.
    public subscript(key: Key) -> String { texts[key] ?? "" }

    /// Replaces `key`'s text with a site's own (`strings:` in site.yml), already
    /// checked (`problem(in:for:)`). A reading time written without `{n}`
    /// ("Min. Lesezeit", as the words after the number) gets the number in front.
    public mutating func override(_ key: Key, with text: String) {
        texts[key] = key == .minRead && !text.contains("{n}") ? "{n} " + text : text
    }

    /// What is wrong with `text` as `key`'s text, or nil: a placeholder the key
    /// does not have (`{count}` for `{n}`), or a required one left out.
    public static func problem(in text: String, for key: Key) -> String? {
        let known = key.placeholders
        for name in placeholders(in: text) where !known.contains(name) {
            let hint = DidYouMean.closest(to: name, in: known).map { " (did you mean '{\($0)}'?)" } ?? ""
            if known.isEmpty { return "has no placeholders, but the text uses '{\(name)}'" }
            return "has no placeholder '{\(name)}'\(hint); it has " + known.map { "{\($0)}" }.joined(separator: ", ")
        }
        if let required = key.requiredPlaceholder, !text.contains("{\(required)}") {
            return "must contain '{\(required)}' (where the link goes)"
        }
        return nil
    }

    /// The names written as `{name}` in `text`.
    static func placeholders(in text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) { out.append(String(name)) }
            rest = after[after.index(after: close)...]
        }
        return out
    }

    // MARK: Filled in

    /// `key`'s text with each `{name}` replaced by `values[name]`.
    public func format(_ key: Key, _ values: [String: String]) -> String {
        Self.fill(self[key], values)
    }

    static func fill(_ text: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }

    /// `key`'s text around its link, filled in: the text before `{placeholder}` and
    /// the text after it (`Part 3 of 7 in ` and `` for `{part} in {series}`).
    public func around(_ placeholder: String, in key: Key, _ values: [String: String]) -> (before: String, after: String) {
        let text = self[key]
        guard let at = text.range(of: "{\(placeholder)}") else { return (Self.fill(text, values), "") }
        return (Self.fill(String(text[..<at.lowerBound]), values), Self.fill(String(text[at.upperBound...]), values))
    }

    /// `3 posts`, `1 post`: `one` or `other` by the language's rule.
    public func count(_ n: Int, one: Key, other: Key) -> String {
        format(language.isSingular(n) ? one : other, ["n": String(n)])
    }

    /// `6 min read`.
    public func readingTime(_ minutes: Int) -> String { format(.minRead, ["n": String(minutes)]) }

    /// `Part 3 of 7`.
    public func part(_ n: Int, of total: Int) -> String { format(.partOf, ["n": String(n), "total": String(total)]) }

    /// `14 March 2026`, `14. März 2026`, `2026年3月14日`: from the wall-clock fields as written.
    public func date(_ d: PostDate) -> String { format(.date, dateValues(d)) }

    /// `14 Mar`: day and month, for lists grouped by year.
    public func shortDate(_ d: PostDate) -> String { format(.dateShort, dateValues(d)) }

    private func dateValues(_ d: PostDate) -> [String: String] {
        let m = max(0, min(11, d.month - 1))
        return ["day": String(d.day), "month": language.months[m], "month_short": language.shortMonths[m],
                "month_number": String(d.month), "year": String(d.year)]
    }
}
