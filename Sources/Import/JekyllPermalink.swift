import Foundation
import Load

/// Jekyll's URLs, worked out the way Jekyll 4 does, so an import knows each
/// post's and page's old address.
enum JekyllPermalink {
    /// The pattern behind a site's `permalink:` (a style name or a pattern).
    static func pattern(_ setting: String?) -> String {
        switch setting ?? "date" {
        case "date": return "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": return "/:categories/:year/:month/:day/:title/"
        case "ordinal": return "/:categories/:year/:y_day/:title:output_ext"
        case "weekdate": return "/:categories/:year/W:week/:short_day/:title:output_ext"
        case "none": return "/:categories/:title:output_ext"
        case let pattern: return pattern
        }
    }

    /// The same URLs as a blogbuild `permalinks.post` pattern, when blogbuild
    /// can say it (`:categories` left out: posts with categories get aliases).
    static func blogbuildPattern(_ pattern: String) -> String? {
        var p = pattern.replacingOccurrences(of: "/:categories", with: "")
        p = p.replacingOccurrences(of: ":output_ext", with: ".html").replacingOccurrences(of: ":title", with: ":slug")
        guard case .success(let checked) = ConfigLoader.postPermalink(p) else { return nil }
        return checked
    }

    /// A post's URL: `pattern` filled from its date (in the site's zone), its
    /// file name's title (or `slug:`), and its categories.
    static func postURL(pattern: String, date: Date, timeZone: TimeZone, nameTitle: String, slug: String?,
                        categories: [String], outputExtension: String = ".html", collection: (label: String, path: String)? = nil) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let yearDay = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
        let week = calendar.component(.weekOfYear, from: date)
        let base = slug ?? nameTitle
        var seen = Set<String>()
        let cats = categories.map { $0.lowercased() }.filter { seen.insert($0).inserted }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let values: [String: String] = [
            "year": String(format: "%04d", c.year ?? 1970),
            "month": String(format: "%02d", c.month ?? 1),
            "i_month": String(c.month ?? 1),
            "short_month": months[((c.month ?? 1) - 1) % 12],
            "day": String(format: "%02d", c.day ?? 1),
            "i_day": String(c.day ?? 1),
            "short_year": String(format: "%02d", (c.year ?? 1970) % 100),
            "y_day": String(format: "%03d", yearDay),
            "week": String(format: "%02d", week),
            "short_day": days[((c.weekday ?? 1) - 1) % 7],
            "hour": String(format: "%02d", c.hour ?? 0),
            "minute": String(format: "%02d", c.minute ?? 0),
            "second": String(format: "%02d", c.second ?? 0),
            "title": slugify(base, pretty: true),
            "slug": slugify(base, pretty: false),
            "name": slugify(base, pretty: false),
            "categories": cats.map { $0.replacingOccurrences(of: " ", with: "%20") }.joined(separator: "/"),
            "output_ext": outputExtension,
            "collection": collection?.label ?? "posts",
            "path": collection.map { ($0.path as NSString).deletingPathExtension } ?? "",
        ]
        return fill(pattern, values)
    }

    /// A page's URL: its `permalink:` or the site's style (`/about.html`, or
    /// `/about/` when the site's pattern ends in `/`); `index` files are their folder.
    static func pageURL(path: String, permalink: String?, sitePattern: String, outputExtension: String = ".html") -> String {
        let parts = path.split(separator: "/").map(String.init)
        let file = parts.last ?? ""
        let basename = (file as NSString).deletingPathExtension
        let folder = parts.dropLast().joined(separator: "/")
        let values = ["path": folder, "basename": basename, "output_ext": outputExtension]
        if let permalink { return fill(permalink, values) }
        if basename == "index" { return fill("/:path/", values) }
        return fill(sitePattern.hasSuffix("/") ? "/:path/:basename/" : "/:path/:basename:output_ext", values)
    }

    /// The addresses Jekyll's file for `url` answers at: a URL without a trailing
    /// slash or an extension (`permalink: /articles/:title`, `redirect_from: /x`) is
    /// written as `/articles/NAME.html`, which the old host served at both.
    static func writtenForms(_ url: String) -> [String] {
        let last = url.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        return url.hasSuffix("/") || last.contains(".") ? [url] : [url, url + ".html"]
    }

    /// A post's `id` as Jekyll's `Document#id` makes it: `File.join(File.dirname(url),
    /// slug)`, Ruby's `dirname` (trailing slashes ignored; `/` when nothing is left),
    /// so `/blog/swift-blog/` gives `/blog/swift-blog` and `/2014/04/04/x.html` gives
    /// `/2014/04/04/x`.
    static func documentID(url: String, slug: String) -> String {
        var path = Substring(url)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        let folder = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
        return (folder.isEmpty ? "" : String(folder)) + "/" + slug
    }

    /// An undated collection document's URL: `/:collection/:path/` and the like.
    static func collectionURL(pattern: String, label: String, relativePath: String, outputExtension: String = ".html") -> String {
        let path = (relativePath as NSString).deletingPathExtension
        let name = (path as NSString).lastPathComponent
        return fill(pattern, ["collection": label, "path": path, "name": slugify(name, pretty: false),
                              "title": slugify(name, pretty: true), "slug": slugify(name, pretty: false), "output_ext": outputExtension])
    }

    /// Replaces `:name` placeholders (longest name first), then tidies slashes as Jekyll does.
    private static func fill(_ pattern: String, _ values: [String: String]) -> String {
        let names = values.keys.sorted { $0.count > $1.count }
        var out = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            if let name = names.first(where: { after.hasPrefix($0) }) {
                out += values[name] ?? ""
                rest = after.dropFirst(name.count)
            } else {
                out += ":"
                rest = after
            }
        }
        out += rest
        while out.contains("//") { out = out.replacingOccurrences(of: "//", with: "/") }
        return escaped(out.hasPrefix("/") ? out : "/" + out)
    }

    /// The URL as Jekyll writes it in links (`Addressable` escapes it): `?`, `#`,
    /// a blank, a control character and a `%` that starts no escape are percent-encoded,
    /// so `what?.md`'s old URL is `/what%3F/`, the file a server finds at `what?/`.
    static func escaped(_ url: String) -> String {
        let scalars = Array(url.unicodeScalars)
        var out = ""
        for (i, c) in scalars.enumerated() {
            let isEscape = c == "%" && i + 2 < scalars.count && scalars[i + 1].properties.isASCIIHexDigit && scalars[i + 2].properties.isASCIIHexDigit
            if (c == "%" && !isEscape) || c == "?" || c == "#" || c == " " || c.value < 0x20 || c.value == 0x7F {
                for byte in String(c).utf8 { out += String(format: "%%%02X", byte) }
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Jekyll's `slugify`: `pretty` keeps case and `._~!$&'()+,;=@`; the default
    /// lower-cases and keeps letters and digits only.
    static func slugify(_ text: String, pretty: Bool) -> String {
        let keep = pretty ? Set("._~!$&'()+,;=@") : Set<Character>()
        var out = ""
        var hyphen = false
        for ch in text {
            if (ch.isLetter || ch.isNumber) || keep.contains(ch) {
                if hyphen && !out.isEmpty { out.append("-") }
                hyphen = false
                out.append(contentsOf: pretty ? String(ch) : ch.lowercased())
            } else {
                hyphen = true
            }
        }
        return out
    }
}
