import Foundation

/// Turns titles and tag names into URL path segments: "App Store" → `app-store`,
/// "Café" → `cafe`, "naïve résumé" → `naive-resume`.
public enum Slug {
    /// Lower-case ASCII letters and digits joined by single hyphens; accents are
    /// folded to their base letter and everything else becomes a separator.
    public static func make(_ text: String) -> String {
        let folded = text.decomposedStringWithCompatibilityMapping
        var out = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, let c = Optional(Character(scalar)), c.isLetter || c.isNumber {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(contentsOf: String(c).lowercased())
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                pendingHyphen = true
            }
        }
        return out
    }
}
