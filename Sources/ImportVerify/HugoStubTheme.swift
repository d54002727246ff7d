import Foundation
import Import

/// A theme of stand-in templates for building a Hugo site whose theme (or a
/// shortcode template) is missing here: which URLs Hugo writes does not depend on
/// what the templates look like, only on the content and the configuration.
enum HugoStubTheme {
    static let name = "blogbuild-verify-stub"

    static let layouts: [(String, String)] = [
        ("_default/baseof.html",
         "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n"),
        ("_default/single.html", "{{ define \"main\" }}<article>{{ .Content }}</article>{{ end }}\n"),
        ("_default/list.html",
         "{{ define \"main\" }}{{ .Content }}<ul>{{ range .Paginator.Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n"),
        ("index.html",
         "{{ define \"main\" }}<ul>{{ range (where .Site.RegularPages \"Section\" \"in\" .Site.Params.mainSections).ByDate.Reverse }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n"),
    ]

    /// The shortcodes Hugo 0.168 has built in (`tweet` and `twitter` were removed in
    /// 0.156: stubbed like the site's own).
    static let builtIn: Set<String> = ["highlight", "figure", "gist", "instagram", "param", "ref", "relref", "vimeo",
                                       "youtube", "x", "details", "qr", "comment"]

    /// Writes the theme into `themes` (replacing an earlier one): the layouts, and a
    /// stub for every shortcode the site's content uses that is neither built in nor,
    /// unless `stubSiteShortcodes`, one of the site's own.
    static func write(into themes: URL, site: URL, stubSiteShortcodes: Bool) throws {
        let fm = FileManager.default
        let theme = themes.appendingPathComponent(name)
        try? fm.removeItem(at: theme)
        for (path, text) in layouts {
            try write(text, to: theme.appendingPathComponent("layouts/" + path))
        }
        // The output formats the site's `outputs` names that neither Hugo nor the site defines came
        // with the missing theme (FixIt's `baidu_urls`, `jsonfeed`); Hugo refuses the config without
        // them. Defined here as plain text with no template, Hugo writes nothing for them.
        let formats = unknownOutputFormats((try? HugoConfig.read(site)) ?? nil)
        if !formats.isEmpty {
            try write(formats.map { "[outputFormats.\($0)]\nmediaType = \"text/plain\"\nbaseName = \"blogbuild-stub-\($0)\"\nisPlainText = true\n" }
                      .joined(separator: "\n"), to: theme.appendingPathComponent("hugo.toml"))
        }
        for (shortcode, closed) in shortcodes(in: site.appendingPathComponent("content")).sorted(by: { $0.key < $1.key })
        where !builtIn.contains(shortcode) {
            if !stubSiteShortcodes && ["layouts/shortcodes", "layouts/_shortcodes"].contains(where: {
                fm.fileExists(atPath: site.appendingPathComponent("\($0)/\(shortcode).html").path)
            }) { continue }
            // Hugo asks for a closing tag when the template uses .Inner, and refuses one when it does not.
            try write(closed ? "{{ .Inner }}\n" : "{{/* stub */}}\n",
                      to: theme.appendingPathComponent("layouts/shortcodes/\(shortcode).html"))
        }
    }

    /// Hugo 0.168's own output formats.
    static let builtInOutputFormats: Set<String> = ["amp", "calendar", "css", "csv", "gotmpl", "html", "json", "markdown", "robots", "rss",
                                                    "sitemap", "sitemapindex", "webappmanifest"]

    /// The names in `config`'s `outputs` (per kind) that are neither Hugo's nor defined in
    /// its `outputFormats`, lower-cased and sorted.
    static func unknownOutputFormats(_ config: ImportValue?) -> [String] {
        guard let config else { return [] }
        let defined = Set((config["outputFormats"]?.entries ?? []).map { $0.key.lowercased() }).union(builtInOutputFormats)
        let named = (config["outputs"]?.entries ?? []).flatMap { $0.value.texts() }.map { $0.lowercased() }
        return Set(named).subtracting(defined).filter { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }.sorted()
    }

    /// Shortcode names the content uses (`{{< name >}}`, `{{% name %}}`), each with
    /// whether it is ever closed (`{{< /name >}}`) or self-closed.
    static func shortcodes(in content: URL) -> [String: Bool] {
        var found: [String: Bool] = [:]
        guard let walker = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil) else { return found }
        for case let file as URL in walker
        where ["md", "markdown", "html", "htm"].contains(file.pathExtension.lowercased()) {
            guard let data = try? Data(contentsOf: file) else { continue }
            let text = Array(String(decoding: data, as: UTF8.self).utf8)
            var i = 0
            while i + 2 < text.count {
                guard text[i] == UInt8(ascii: "{"), text[i + 1] == UInt8(ascii: "{"),
                      text[i + 2] == UInt8(ascii: "<") || text[i + 2] == UInt8(ascii: "%") else { i += 1; continue }
                var j = i + 3
                while j < text.count, text[j] == UInt8(ascii: " ") || text[j] == UInt8(ascii: "\t") { j += 1 }
                var closing = false
                if j < text.count, text[j] == UInt8(ascii: "/") {
                    closing = true
                    j += 1
                    while j < text.count, text[j] == UInt8(ascii: " ") { j += 1 }
                }
                let nameStart = j
                while j < text.count, isNameByte(text[j]) { j += 1 }
                guard j > nameStart else { i += 3; continue }
                let name = String(decoding: text[nameStart..<j], as: UTF8.self)
                // The end of the tag: `>}}` or `%}}`; self-closed when `/` comes just before.
                var k = j
                while k + 2 < text.count, !(text[k + 1] == UInt8(ascii: "}") && text[k + 2] == UInt8(ascii: "}")
                                            && (text[k] == UInt8(ascii: ">") || text[k] == UInt8(ascii: "%"))) { k += 1 }
                var back = k - 1
                while back > j, text[back] == UInt8(ascii: " ") { back -= 1 }
                let selfClosed = back >= j && text[back] == UInt8(ascii: "/")
                found[name] = (found[name] ?? false) || closing || selfClosed
                i = k + 1
            }
        }
        return found
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "/") || b >= 0x80
    }

    private static func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
