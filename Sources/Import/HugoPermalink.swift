import Load

/// A Hugo `[permalinks]` pattern and the URL it gives one page, by the rules of
/// Hugo's `resources/page/permalinks.go` (the tokens its documentation lists under
/// "Configure permalinks"): every token, not only the ones a blog we met used.
struct HugoPermalink {
    /// What a pattern's tokens are made of, for one page.
    struct Page {
        /// The page's `date` (Hugo's zero date, 0001-01-01, when it has none).
        var year = 1, month = 1, day = 1
        var title: String
        /// Front matter `slug`, when written.
        var slug: String?
        /// The file's name without its extension and language; a bundle's (`index.md`) folder name.
        var contentBaseName: String
        /// The sections the page is in, outermost first: the top folder, then each folder
        /// under it that is a section too (has an `_index` file), as Hugo nests them.
        var sections: [String]
    }

    var pattern: String

    /// The URL `pattern` gives `page`; `urlize` is the site's (it lower-cases unless
    /// `disablePathToLower`). A token Hugo does not know is kept as written.
    func url(_ page: Page, urlize: (String) -> String) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            var consumed = name.count
            var index: Substring?
            if after.dropFirst(consumed).hasPrefix("["), let close = after.dropFirst(consumed).firstIndex(of: "]") {
                index = after[after.index(after.startIndex, offsetBy: consumed + 1)..<close]
                consumed = after.distance(from: after.startIndex, to: close) + 1
            }
            if let value = value(String(name), index: index.map(String.init), page, urlize: urlize) {
                out += value
                rest = after.dropFirst(consumed)
            } else {
                out += ":"
                rest = after
            }
        }
        out += rest
        if !out.hasPrefix("/") { out = "/" + out }
        while out.contains("//") { out = out.replacingOccurrences(of: "//", with: "/") }
        return out
    }

    /// Whether the pattern reads the page's date.
    var usesDate: Bool {
        [":year", ":month", ":day", ":weekday", ":yearday"].contains { pattern.contains($0) }
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private func value(_ name: String, index: String?, _ page: Page, urlize: (String) -> String) -> String? {
        let slug = page.slug.flatMap { $0.isEmpty ? nil : $0 }
        switch name {
        case "year": return String(format: "%04d", page.year)
        case "month": return String(format: "%02d", page.month)
        case "monthname": return urlize(Self.months[(page.month - 1 + 12) % 12])
        case "day": return String(format: "%02d", page.day)
        case "weekday": return String(Self.weekday(page))
        case "weekdayname": return urlize(Self.weekdays[Self.weekday(page)])
        case "yearday": return String(DateParsing.daysFromCivil(year: page.year, month: page.month, day: page.day)
                                      - DateParsing.daysFromCivil(year: page.year, month: 1, day: 1) + 1)
        case "section": return page.sections.first.map(urlize) ?? ""
        case "sections": return Self.slice(page.sections, index).map(urlize).joined(separator: "/")
        case "title": return urlize(page.title)
        case "slug": return urlize(slug ?? page.title)
        case "filename", "contentbasename": return urlize(page.contentBaseName)
        case "slugorfilename", "slugorcontentbasename": return urlize(slug ?? page.contentBaseName)
        default: return nil
        }
    }

    /// 0 for Sunday, as Go's `time.Weekday`.
    private static func weekday(_ page: Page) -> Int {
        // 1970-01-01, day 0, was a Thursday.
        ((DateParsing.daysFromCivil(year: page.year, month: page.month, day: page.day) + 4) % 7 + 7) % 7
    }

    /// `:sections[1]`, `:sections[last]`, `:sections[0:2]`, `:sections[1:]`: Go's slice
    /// syntax over the sections, `last` the last index; out of range gives nothing.
    static func slice(_ sections: [String], _ index: String?) -> [String] {
        guard let index else { return sections }
        func position(_ text: Substring) -> Int? {
            let t = text.trimmingCharacters(in: .whitespaces)
            return t == "last" ? sections.count - 1 : Int(t)
        }
        let parts = index.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 1 {
            guard let i = position(parts[0]), sections.indices.contains(i) else { return [] }
            return [sections[i]]
        }
        let low = parts[0].isEmpty ? 0 : position(parts[0]) ?? 0
        let high = parts[1].isEmpty ? sections.count : min(sections.count, position(parts[1]) ?? sections.count)
        guard low >= 0, low < high else { return [] }
        return Array(sections[low..<high])
    }
}
