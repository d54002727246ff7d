/// Text helpers for the loader, cheaper than Foundation's
/// `trimmingCharacters(in:)` (which bridges through NSString on Linux).
enum ContentText {
    /// `text` without leading and trailing white space (Unicode's definition).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return text }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }

    /// Whether `text` is empty or only white space.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}
