/// The types blogbuild reads its own front-matter keys as, and an imported value
/// of another type made into one, for every document any importer writes
/// (`ImportAssembler.ordered`): another generator takes what blogbuild would
/// reject (Hugo's `description:` written as a one-item YAML list, a `title:`
/// that is a list of one, `aliases: /old/`), and one such file must not fail the
/// whole site's build (issue 41). A list of texts in a key that takes text is
/// its items joined (one item: the item); one text in a key that takes a list
/// is a list of it; a map in a key that takes text is kept under
/// `imported_KEY`, a parameter templates see, instead.
enum ImportFieldTypes {
    /// Keys blogbuild reads as one line of text.
    static let textKeys: Set<String> = ["title", "summary", "slug", "series", "app", "permalink", "social_image", "feed_id"]
    /// Keys blogbuild reads as a list of texts.
    static let listKeys: Set<String> = ["tags", "aliases"]

    /// `fields` with each of blogbuild's keys in its type; a change that is more than
    /// unwrapping one item (a list joined, a map moved) is named in IMPORT.md against `source`.
    static func conformed(_ fields: ImportFields, source: String, report: inout ImportReport) -> ImportFields {
        fields.map { field in
            if textKeys.contains(field.key) {
                switch field.value {
                case .list(let items) where items.allSatisfy({ $0.scalarText != nil }):
                    let joined = items.compactMap(\.scalarText).joined(separator: ", ")
                    if items.count > 1 {
                        report.leave(source, line: nil, field.key, "a list where blogbuild reads one text: its items joined (\"\(joined)\")")
                    }
                    return (key: field.key, value: .text(joined))
                case .map:
                    report.leave(source, line: nil, field.key,
                                 "a map where blogbuild reads one text: kept as 'imported_\(field.key)' (page.params), not as '\(field.key)'")
                    return (key: "imported_" + field.key, value: field.value)
                default:
                    return field
                }
            }
            if listKeys.contains(field.key), let text = field.value.scalarText {
                return (key: field.key, value: .list([.text(text)]))
            }
            return field
        }
    }
}
