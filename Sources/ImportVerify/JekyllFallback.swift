import Foundation
import Yams

/// What lets Debian's Jekyll build a site whose plugins, theme or assets are not
/// installed here, step by step: a config that names only what is installed, then
/// stand-ins for every Liquid tag but Liquid's own. Which URLs Jekyll writes does not
/// depend on what a plugin's tag renders.
enum JekyllFallback {
    /// Liquid's control flow, kept when every other tag is stubbed.
    static let liquidTags: Set<String> = [
        "if", "elsif", "else", "unless", "case", "when", "for", "break", "continue", "cycle", "tablerow",
        "assign", "capture", "increment", "decrement", "comment", "raw", "liquid", "echo",
    ]

    /// File types whose Liquid tags are looked for.
    static let markup: Set<String> = ["md", "markdown", "mkdn", "mkd", "html", "htm", "textile", "xml", "json", "liquid", "txt"]

    /// The site's `_config.yml` (or `.yaml`) in `site`, as a map; empty when it does not read.
    static func config(in site: URL) -> [String: Any] {
        for name in ["_config.yml", "_config.yaml"] {
            let file = site.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\t", with: "  ")
            return ((try? Yams.load(yaml: text)) as? [String: Any]) ?? [:]
        }
        return [:]
    }

    /// `key: :value` (a Ruby symbol, which Debian's Jekyll refuses: "Tried to load
    /// unspecified class: Symbol") made `key: value` in the copy's config. True when one was.
    static func unsymbolConfig(in site: URL) -> Bool {
        var changed = false
        for name in ["_config.yml", "_config.yaml"] {
            let file = site.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
            for (i, line) in lines.enumerated() {
                // `key: :value`, with any blanks between (`style:     :compressed`).
                guard let colon = line.range(of: #":[ \t]+:"#, options: .regularExpression) else { continue }
                let key = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
                let value = line[colon.upperBound...].trimmingCharacters(in: .whitespaces)
                guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
                      !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
                lines[i] = String(line[..<colon.lowerBound]) + ": " + value
                changed = true
            }
            if changed { try? Data(lines.joined(separator: "\n").utf8).write(to: file) }
        }
        return changed
    }

    /// A config to layer over the site's: only the plugins and the theme in `installed`
    /// (gem names), no remote theme, Liquid lax. The plugins named and the ones kept.
    static func override(_ config: [String: Any], installed: Set<String>) -> (yaml: String, named: [String], kept: [String], theme: String?) {
        let named = ((config["plugins"] as? [Any] ?? []) + (config["gems"] as? [Any] ?? [])).compactMap { $0 as? String }
        let kept = named.filter { installed.contains($0) }
        let theme = (config["theme"] as? String).flatMap { installed.contains($0) ? $0 : nil }
        let list = "[" + kept.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        // `false`, not `null`: Jekyll's layered configs keep the earlier value where the later is
        // nil (`Utils.deep_merge_hashes!`), and `Site#configure_theme` takes no theme for a non-string.
        let yaml = "plugins: \(list)\ngems: []\ntheme: \(theme.map { "\"\($0)\"" } ?? "false")\nremote_theme: false\n"
            + "strict_front_matter: false\nliquid:\n  error_mode: lax\n  strict_filters: false\n  strict_variables: false\n"
        return (yaml, named, kept, theme)
    }

    /// Makes every Liquid tag the copy uses, other than Liquid's own, render nothing (a
    /// block renders its body); sets the site's own `_plugins/` aside (they may need gems
    /// not installed here) and its Sass (which may import `node_modules`).
    static func stubLiquid(in site: URL) throws {
        let fm = FileManager.default
        var tags = Set<String>(), blocks = Set<String>()
        var sass: [URL] = []
        if let walker = fm.enumerator(at: site, includingPropertiesForKeys: nil) {
            for case let file as URL in walker {
                let ext = file.pathExtension.lowercased()
                if ext == "scss" || ext == "sass" { sass.append(file); continue }
                guard markup.contains(ext), let data = try? Data(contentsOf: file) else { continue }
                for name in tagNames(String(decoding: data, as: UTF8.self)) {
                    if name.hasPrefix("end") { blocks.insert(String(name.dropFirst(3))) } else { tags.insert(name) }
                }
            }
        }
        for file in sass { try? fm.removeItem(at: file) }
        let plugins = site.appendingPathComponent("_plugins")
        try? fm.removeItem(at: plugins)
        try fm.createDirectory(at: plugins, withIntermediateDirectories: true)
        var lines = ["# blogbuild import --verify: stand-ins for Liquid tags of plugins that are not installed here",
                     "class BlogBuildVerifyStubTag < Liquid::Tag; def render(context) = ''; end",
                     "class BlogBuildVerifyStubBlock < Liquid::Block; end"]
        for name in tags.union(blocks).subtracting(liquidTags).sorted() {
            lines.append("Liquid::Template.register_tag('\(name)', \(blocks.contains(name) ? "BlogBuildVerifyStubBlock" : "BlogBuildVerifyStubTag"))")
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: plugins.appendingPathComponent("blogbuild_verify_stubs.rb"))
    }

    /// A stand-in for jekyll-redirect-from, for a site that names the plugin where it is
    /// not installed: the pages it writes are old URLs too. By the plugin's rules: a page
    /// or document with `redirect_to:` is written as a redirect to its (first) target; each
    /// path in `redirect_from:` gets a page at that permalink (`/old/` → `old/index.html`,
    /// `/old` → `old.html`) redirecting to the document's absolute URL.
    static let redirectStandIn = """
        # blogbuild import --verify: a stand-in for jekyll-redirect-from, which is not installed here
        module BlogBuildVerifyRedirects
          def self.page(to)
            "<!DOCTYPE html><html><head><meta charset=\\"utf-8\\"><title>Redirecting</title>" \\
              "<meta http-equiv=\\"refresh\\" content=\\"0; url=#{to}\\"></head><body></body></html>"
          end

          def self.absolute(site, url)
            "#{site.config['url']}#{site.config['baseurl']}#{url}"
          end

          class Generator < Jekyll::Generator
            priority :lowest
            def generate(site)
              (site.pages + site.docs_to_write).each do |doc|
                Array(doc.data['redirect_from']).compact.each do |from|
                  page = Jekyll::PageWithoutAFile.new(site, site.source, '', 'redirect.html')
                  page.data['permalink'] = from.to_s.start_with?('/') ? from.to_s : "/#{from}"
                  page.data['layout'] = nil
                  page.data['blogbuild_redirect'] = BlogBuildVerifyRedirects.absolute(site, doc.url)
                  site.pages << page
                end
              end
            end
          end
        end

        Jekyll::Hooks.register [:pages, :documents], :post_render do |doc|
          to = doc.data['blogbuild_redirect'] || Array(doc.data['redirect_to']).compact.first
          doc.output = BlogBuildVerifyRedirects.page(to) if to.is_a?(String) && !to.empty?
        end
        """

    /// Writes `redirectStandIn` into the copy's `_plugins/`.
    static func addRedirectStandIn(in site: URL) throws {
        let plugins = site.appendingPathComponent("_plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try Data(redirectStandIn.utf8).write(to: plugins.appendingPathComponent("blogbuild_verify_redirects.rb"))
    }

    /// The names after `{%` or `{%-` in `text` (word characters only).
    static func tagNames(_ text: String) -> Set<String> {
        var names = Set<String>()
        let bytes = Array(text.utf8)
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "%") else { i += 1; continue }
            var j = i + 2
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") { j += 1 }
            while j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") || bytes[j] == UInt8(ascii: "\n") { j += 1 }
            let start = j
            while j < bytes.count, isWordByte(bytes[j]) { j += 1 }
            if j > start { names.insert(String(decoding: bytes[start..<j], as: UTF8.self)) }
            i = max(j, i + 2)
        }
        return names
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
    }
}
