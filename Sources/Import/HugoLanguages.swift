import Foundation
import Load

/// Hugo's language suffixes in content file names: `about.en.md` is the page
/// `about.md` in English, `post.sv.md` the same page in Swedish. blogbuild
/// builds one language, so the site's default language's file is the page (a
/// file without a suffix is in that language too); a page written only in
/// another language is kept, since it is the only one there is.
struct HugoLanguages {
    /// A content file's path without its language: `posts/a/index.sv.md` → `posts/a/index.md`.
    private var pages: [String: String] = [:]
    /// Files not imported, each with the file that is its page in the default language.
    private(set) var left: [String: String] = [:]

    init(_ files: [String], config: ImportValue) {
        let defaultLanguage = (config["defaultContentLanguage"]?.scalarText ?? "en").lowercased()
        let configured = Set((config["languages"]?.entries.map(\.key) ?? []).map { $0.lowercased() })
        var groups: [String: [(file: String, language: String?)]] = [:]
        for file in files {
            let (page, language) = Self.split(file, configured: configured)
            pages[file] = page
            groups[page, default: []].append((file, language))
        }
        for (_, group) in groups where group.count > 1 {
            let kept = group.first { $0.language == defaultLanguage }
                ?? group.first { $0.language == nil }
                ?? group.min { $0.file < $1.file }
            guard let kept else { continue }
            for other in group where other.file != kept.file { left[other.file] = kept.file }
        }
    }

    /// The page `file` is, without its language suffix.
    func page(_ file: String) -> String { pages[file] ?? file }

    /// `about.en.md` → (`about.md`, `en`). A suffix is a language configured in
    /// `languages`, or a tag with a two-letter ISO 639 code (`sv`, `en-us`) as Hugo's language codes are.
    static func split(_ file: String, configured: Set<String>) -> (page: String, language: String?) {
        let folder = (file as NSString).deletingLastPathComponent
        let parts = (file as NSString).lastPathComponent.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, !parts[0].isEmpty else { return (file, nil) }
        let code = parts[parts.count - 2].lowercased()
        // An ISO 639 two-letter code, with a region or script if any (`sv`, `en-gb`), never `js` or `min`.
        let looksLikeOne = code.split(separator: "-").first?.count == 2 && LanguageTag.problem(code) == nil
        guard configured.contains(code) || looksLikeOne else { return (file, nil) }
        let name = (parts.dropLast(2) + [parts[parts.count - 1]]).joined(separator: ".")
        return (folder.isEmpty ? name : folder + "/" + name, code)
    }
}
