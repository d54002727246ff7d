/// A name as a tag writes it: `.` (the top of the context stack) or dot-separated
/// segments (`page.title`), each resolved against the value the one before it found.
struct DottedName: Sendable, Hashable {
    /// As written, for messages.
    let text: String
    /// Empty for `.`.
    let segments: [String]

    /// Nil when the text is not a name: empty, containing blanks, or with an empty segment (`a..b`).
    init?(_ text: String) {
        self.text = text
        if text == "." {
            segments = []
            return
        }
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            return nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        segments = parts
    }

    /// True for `.`.
    var isImplicit: Bool { segments.isEmpty }
}
