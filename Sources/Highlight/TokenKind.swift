/// What a piece of highlighted code is. The set is fixed: themes colour these
/// and nothing else, whatever the language.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    case plain, keyword, type, function, string, number, comment, `operator`, punctuation
    case attribute, variable, builtin, tag, regex, preprocessor

    /// The CSS class, `tok-keyword` etc.; plain text has none.
    public var cssClass: String { "tok-\(self)" }

    /// `<span class="tok-…">` as bytes, made once per kind.
    static let openTags: [[UInt8]] = allCases.map { Array("<span class=\"\($0.cssClass)\">".utf8) }
}
