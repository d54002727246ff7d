/// Gives headings `id`s the way GitHub does, so `#fragment` links written for
/// GitHub keep working: lower-case, letters (any script), marks, digits, `_` and
/// `-` kept, spaces turned into `-`, everything else dropped
/// ("What's new in C++ 20?" → `whats-new-in-c-20`). Repeats get `-1`, `-2`, ….
///
/// Two additions: an empty slug becomes `section`, and a slug that starts with
/// `fn-` or `fnref-` (the prefixes of cmark-gfm's footnote ids) gets `section-`
/// in front, so a heading can never take a footnote's id.
struct HeadingIDs {
    private var used: Set<String>
    /// Per slug, the suffix to try next: a repeat starts where the last one ended,
    /// so 20,000 headings "Notes" take linear time, not a scan from `-1` each.
    private var nextSuffix: [String: Int] = [:]

    /// `reserved`: ids already in the document (from raw HTML) that headings must avoid.
    init(reserved: Set<String> = []) {
        used = reserved
    }

    /// A new id for a heading with this text, unique among those handed out
    /// and the reserved ones.
    mutating func next(for text: String) -> String {
        var base = Self.slug(text)
        if base.isEmpty {
            base = "section"
        } else if base.hasPrefix("fn-") || base.hasPrefix("fnref-") {
            base = "section-" + base
        }
        var candidate = base
        var n = nextSuffix[base] ?? 1
        while used.contains(candidate) {
            candidate = "\(base)-\(n)"
            n += 1
        }
        if candidate != base { nextSuffix[base] = n }
        used.insert(candidate)
        return candidate
    }

    /// GitHub's slug of a heading text (github-slugger), without de-duplication.
    static func slug(_ text: String) -> String {
        // Fast path: ASCII text needs no Unicode tables.
        var ascii: [UInt8] = []
        ascii.reserveCapacity(text.utf8.count)
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                ascii.append(b)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                ascii.append(b | 0x20)
            case UInt8(ascii: " "):
                ascii.append(UInt8(ascii: "-"))
            case 0x80...:
                return unicodeSlug(text)
            default:
                continue
            }
        }
        return String(decoding: ascii, as: UTF8.self)
    }

    private static func unicodeSlug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark,
                 .decimalNumber, .letterNumber, .otherNumber,
                 .connectorPunctuation:
                out.append(scalar)
            case .dashPunctuation where scalar == "-":
                out.append(scalar)
            case .spaceSeparator where scalar == " ":
                out.append("-")
            default:
                continue
            }
        }
        return String(out)
    }
}
