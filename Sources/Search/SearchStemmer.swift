import CStemmer

/// A Snowball stemmer (libstemmer) for the site's language. Not thread-safe
/// (libstemmer's stemmer keeps state): one per task. It keeps no cache: its one
/// caller, `SearchVocabulary`, stems each distinct word once already.
final class SearchStemmer {
    /// libstemmer's algorithm for a site `language:` (`en-GB` → `english`);
    /// nil when there is none (Japanese, or a language we do not stem).
    static func algorithm(forLanguage language: String) -> String? {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch primary {
        case "en": return "english"
        case "de": return "german"
        case "fr": return "french"
        case "es": return "spanish"
        default: return nil
        }
    }

    private let stemmer: OpaquePointer?

    init(algorithm: String?) {
        stemmer = algorithm.flatMap { sb_stemmer_new($0, "UTF_8") }
    }

    deinit {
        if let stemmer { sb_stemmer_delete(stemmer) }
    }

    /// The index term of a folded word: its stem, or the word itself without a stemmer.
    func stem(_ word: String) -> String {
        guard let stemmer else { return word }
        var copy = word
        return copy.withUTF8 { bytes -> String in
            guard let out = sb_stemmer_stem(stemmer, bytes.baseAddress, Int32(bytes.count)) else { return word }
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)
        }
    }
}
