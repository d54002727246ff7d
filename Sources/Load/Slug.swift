import Foundation

/// Turns titles and tag names into URL path segments: "App Store" → `app-store`,
/// "Café" → `cafe`, "naïve résumé" → `naive-resume`.
public enum Slug {
    /// Lower-case ASCII letters and digits joined by single hyphens; accents are
    /// folded to their base letter and everything else becomes a separator.
    public static func make(_ text: String) -> String {
        // ASCII has no compatibility decompositions: skip Foundation's (slow) fold.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ascii(text.utf8) }
        let folded = text.decomposedStringWithCompatibilityMapping
        var out = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            // Like NFKD-then-ASCII in most slug libraries: what has no ASCII form
            // is dropped, not turned into a separator.
            guard scalar.isASCII else { continue }
            let v = scalar.value
            let isAlnum = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
            if isAlnum {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.unicodeScalars.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 32)! : scalar)
            } else {
                pendingHyphen = true
            }
        }
        return out
    }

    /// Whether a file name's part is a URL path segment as it is: ASCII letters,
    /// digits, `-`, `_` and `.` only (`kettle-audit`, `Side_Project`, `v1.2`).
    /// Such a name is its own slug, so a site whose file names are slugs keeps
    /// exactly the URLs it has.
    public static func isClean(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
        }
    }

    /// The slug a file name's part gives a URL: the name itself when it is clean
    /// (`isClean`), else `make`'s slug of it, the rule `blogbuild new post` names
    /// files by (`Café notes ☕ über` → `cafe-notes-uber`). Empty when the name has
    /// no letter or digit `make` keeps (`日記`): the caller decides.
    public static func fromFileName(_ name: String) -> String {
        isClean(name) ? name : make(name)
    }

    /// `make` for text that is all ASCII, byte by byte.
    private static func ascii(_ bytes: String.UTF8View) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingHyphen = false
        for b in bytes {
            let isAlnum = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            if isAlnum {
                if pendingHyphen && !out.isEmpty { out.append(0x2D) }
                pendingHyphen = false
                out.append(b >= 0x41 && b <= 0x5A ? b + 32 : b)
            } else {
                pendingHyphen = true
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
