import Foundation
import Diagnostics

/// Checks site.yml's `language`: a BCP 47 language tag (RFC 5646) whose first
/// part is an ISO 639 language code, such as `en`, `en-GB`, `pt-BR`, `zh-Hans`
/// or `sr-Latn-RS`. The parts after the language are checked for their shape
/// (script, region, variants, extensions, private use), not against a registry.
/// Case does not matter, as in BCP 47.
public enum LanguageTag {
    public struct Problem: Equatable, Sendable {
        /// What is wrong: `is not a known language code`.
        var reason: String
        /// What was probably meant (`en` for `english`), if anything.
        var suggestion: String?
    }

    /// Nil when `tag` is a fine language tag; else what is wrong with it.
    public static func problem(_ tag: String) -> Problem? {
        let written = ContentText.trimmed(tag)
        switch shapeProblem(written) {
        case nil:
            return nil
        case .unknownLanguage(let primary):
            if let two = LanguageCodes.twoLetterFor[primary] {
                return Problem(reason: "uses '\(primary)' where a language tag has the two-letter code '\(two)'",
                               suggestion: written.count == primary.count ? two : two + written.dropFirst(primary.count))
            }
            return Problem(reason: "is not a known language code (use an ISO 639 code such as en, de or pt-BR)",
                           suggestion: suggestion(for: written) ?? suggestion(for: primary))
        case .unitedKingdom(let index):
            var parts = written.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            let region = parts[index]
            parts[index] = "GB"
            return Problem(reason: "has the region '\(region)', which ISO 3166 writes 'GB'",
                           suggestion: parts.joined(separator: "-"))
        case .malformed:
            let dashed = written.replacingOccurrences(of: "_", with: "-")
            let fixed = dashed != written && shapeProblem(dashed) == nil ? dashed : suggestion(for: written)
            return Problem(reason: "is not a language tag such as en, en-GB or zh-Hans", suggestion: fixed)
        }
    }

    private enum ShapeProblem: Equatable {
        case unknownLanguage(String)
        /// `en-UK`: the part at this index should be `GB`.
        case unitedKingdom(Int)
        case malformed
    }

    /// RFC 5646's `langtag`: language (2-3 letters, then up to three 3-letter
    /// extlangs), script (4 letters), region (2 letters or 3 digits), variants
    /// (5-8 letters and digits, or a digit and 3 more), extensions (a singleton
    /// and parts of 2-8), private use (`x` and parts of 1-8).
    private static func shapeProblem(_ tag: String) -> ShapeProblem? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard let primary = parts.first, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy { $0.isLetter || $0.isNumber } })
        else { return .malformed }
        guard (2...3).contains(primary.count), primary.allSatisfy(\.isLetter) else {
            return primary.allSatisfy(\.isLetter) && primary.count <= 8 ? .unknownLanguage(primary) : .malformed
        }
        guard primary.count == 2 ? LanguageCodes.twoLetterCodes.contains(primary)
                : LanguageCodes.threeLetterCodes.contains(primary) else { return .unknownLanguage(primary) }

        var i = 1
        var extlangs = 0
        while i < parts.count, parts[i].count == 3, parts[i].allSatisfy(\.isLetter), extlangs < 3 { i += 1; extlangs += 1 }
        if i < parts.count, parts[i].count == 4, parts[i].allSatisfy(\.isLetter) { i += 1 }
        if i < parts.count, (parts[i].count == 2 && parts[i].allSatisfy(\.isLetter))
            || (parts[i].count == 3 && parts[i].allSatisfy(\.isNumber)) {
            if parts[i] == "uk" { return .unitedKingdom(i) }
            i += 1
        }
        while i < parts.count, isVariant(parts[i]) { i += 1 }
        // Extensions: a singleton other than x, then parts of 2-8.
        while i < parts.count, parts[i].count == 1, parts[i] != "x" {
            i += 1
            let start = i
            while i < parts.count, (2...8).contains(parts[i].count) { i += 1 }
            guard i > start else { return .malformed }
        }
        if i < parts.count, parts[i] == "x" {
            i += 1
            guard i < parts.count else { return .malformed }
            while i < parts.count, parts[i].count <= 8 { i += 1 }
        }
        return i == parts.count ? nil : .malformed
    }

    private static func isVariant(_ part: String) -> Bool {
        (5...8).contains(part.count) || (part.count == 4 && part.first!.isNumber)
    }

    /// The code for a language written by name (`English`, `deutsch`, `Englsh`).
    static func suggestion(for written: String) -> String? {
        let wanted = fold(written)
        guard wanted.count >= 3 else { return nil }
        var names: [String] = []
        var codes: [String] = []
        for entry in LanguageCodes.twoLetter {
            for name in entry.names {
                let folded = fold(name)
                if folded == wanted { return entry.code }
                names.append(folded)
                codes.append(entry.code)
            }
        }
        guard let near = DidYouMean.closest(to: wanted, in: names), let at = names.firstIndex(of: near) else { return nil }
        return codes[at]
    }

    /// Lower case, accents dropped: `Français` → `francais`.
    private static func fold(_ text: String) -> String {
        ContentText.trimmed(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
