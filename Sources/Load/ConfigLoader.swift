import Foundation
import Support
import Diagnostics

/// Reads `content/site.yml` into a `SiteConfig` (see SPEC "Configuration").
/// A problem in one key leaves that key at its default and is reported; the
/// rest of the file is still read. Keys it does not know are warnings with a
/// did-you-mean, and still reach templates as `site.params` (as do the keys
/// under `params:`, which are not warned about).
public enum ConfigLoader {
    /// What `blogbuild init` writes for `base_url` and the author's name, for the
    /// user to replace; `publish` fails while they are still there (`InitPlaceholder`).
    public static let placeholderBaseURL = "https://example.com/"
    public static let placeholderAuthorName = "Your Name"

    public static let path = "content/site.yml"

    /// Other generators' names for our keys, folded (`DidYouMean.fold`): Hugo's
    /// `languageCode` and `paginate`, Jekyll's `url` and `permalink`, ...
    static let otherNames: [String: String] = [
        "url": "base_url", "languagecode": "language", "lang": "language", "locale": "language",
        "tz": "timezone", "paginate": "posts_per_page", "pagination": "posts_per_page", "perpage": "posts_per_page",
        "menu": "nav", "menus": "nav", "navigation": "nav", "permalink": "permalinks", "feed": "feeds", "rss": "feeds",
        "socials": "social", "profiles": "social",
    ]

    /// The configuration from site.yml's text, with the diagnostics found and
    /// the notices (a language the theme has no words for); `init`'s placeholders
    /// still in place are in `config.placeholders`.
    static func parse(_ text: String) -> (config: SiteConfig, diagnostics: [Diagnostic], notices: [Diagnostic]) {
        var config = SiteConfig()
        var fields: YAMLFields
        switch YAMLDocument.parse(text, file: path, lineOffset: 0, messagePrefix: "") {
        case .failure(let diagnostic): return (config, [diagnostic], [])
        case .success(let parsed): fields = parsed
        }

        if let title = fields.text("title") { config.title = title }
        if let description = fields.text("description") { config.description = description }
        let author = author(&fields)
        config.author = author?.author
        if let baseURL = baseURL(&fields) { config.baseURL = baseURL }
        if let node = fields.node("language"), let language = fields.text("language") {
            if let problem = LanguageTag.problem(language) {
                fields.report("'language' \(problem.reason) \(YAMLFields.quote(language))"
                              + (problem.suggestion.map { " (did you mean '\($0)'?)" } ?? ""), at: node)
            } else {
                config.language = ContentText.trimmed(language)
            }
        }
        let unspoken = themeStrings(&fields, into: &config)
        if let node = fields.node("timezone"), let name = fields.text("timezone") {
            let trimmed = ContentText.trimmed(name)
            if let zone = TimeZone(identifier: trimmed), !trimmed.isEmpty {
                config.timeZone = zone
            } else {
                fields.report("'timezone' is not a known time zone \(YAMLFields.quote(name))"
                              + (timeZoneSuggestion(trimmed).map { " (did you mean '\($0)'?)" } ?? " (use a name such as Europe/London or UTC)"),
                              at: node)
            }
        }
        if let perPage = fields.positiveInt("posts_per_page") { config.postsPerPage = perPage }
        if var permalinks = fields.nested("permalinks") {
            if let node = permalinks.node("post"), let pattern = permalinks.text("post") {
                switch postPermalink(pattern) {
                case .success(let checked): config.postPermalink = checked
                case .failure(let error): permalinks.report(error.message, at: node)
                }
            }
            fields.absorb(permalinks)
        }
        if var feeds = fields.nested("feeds") {
            if let items = feeds.positiveInt("items") { config.feedItems = items }
            if let full = feeds.bool("full_content") { config.feedFullContent = full }
            config.feedAlsoAt = feedPaths(&feeds, "also_at", needsSlug: false)
            config.tagFeedAlsoAt = feedPaths(&feeds, "tags_also_at", needsSlug: true)
            config.tagListAt = feedPaths(&feeds, "tag_list_at", needsSlug: false)
            fields.absorb(feeds)
        }
        if let nav = nav(&fields) { config.nav = nav }
        config.redirects = redirects(&fields)
        config.social = social(&fields)
        config.logo = imagePath(&fields, "logo", accepts: { ImageMediaType.of($0) != nil },
                                expected: "an SVG, PNG, ICO, JPEG, GIF or WebP image",
                                ifEmpty: "give the path of an image, e.g. /images/logo.svg, or leave the key out for a mark from the title")
        // iOS takes a PNG for a home-screen bookmark (`apple-touch-icon`), and nothing else.
        config.icon = imagePath(&fields, "icon", accepts: { ImageMediaType.of($0) == "image/png" },
                                expected: "a PNG image (iOS shows nothing else on the home screen), ideally 180 × 180 px",
                                ifEmpty: "give the path of a square PNG, e.g. /images/icon.png, or leave the key out")
        // The picture of a shared link to a page that has none of its own (og:image):
        // what link previews take, and nothing else (no SVG).
        config.image = imagePath(&fields, "image", accepts: { ["image/png", "image/jpeg", "image/webp", "image/gif"].contains(ImageMediaType.of($0)) },
                                 expected: "a PNG, JPEG, WebP or GIF image (what link previews show), ideally 1200 × 630 px",
                                 ifEmpty: "give the path of a picture, e.g. /images/site.png, or leave the key out")
        if var markdown = fields.nested("markdown") {
            if let raw = markdown.bool("raw_html") { config.rawHTML = raw }
            if let highlight = markdown.bool("highlight") { config.highlight = highlight }
            if let smart = markdown.bool("smart") { config.smartPunctuation = smart }
            fields.absorb(markdown)
        }
        if var images = fields.nested("images") {
            config.images = imageSettings(&images)
            fields.absorb(images)
        }
        if let related = fields.bool("related") { config.related = related }
        if let search = fields.bool("search") { config.search = search }
        var params: [String: FrontMatterValue] = [:]
        if let node = fields.node("params") {
            if case .mapping = node, case .mapping(let pairs) = fields.value(node) {
                for pair in pairs { params[pair.key] = pair.value }
            } else {
                fields.report("'params' must be a mapping of names to values for templates (found \(YAMLFields.shape(node)))", at: node)
            }
        }

        for entry in fields.unusedEntries {
            var message = fields.unknownKeyMessage(entry.key, otherNames: otherNames)
            if fields.suggestion(for: entry.key, otherNames: otherNames) == nil {
                message += " (a value for templates belongs under 'params:')"
            }
            fields.report(message, at: entry.keyNode, severity: .warning)
        }
        // Unknown keys still reach templates, as they always did; `params:` wins.
        config.params = fields.params().merging(params) { _, declared in declared }

        var notices: [Diagnostic] = []
        func notice(_ message: String, at location: SourceLocation?) {
            notices.append(Diagnostic(file: path, line: location?.line, column: location?.column,
                                      message: message, severity: .notice))
        }
        if config.baseURL == Self.placeholderBaseURL {
            config.placeholders.append(InitPlaceholder(key: .baseURL, location: fields.keyLocations["base_url"]))
        }
        if unspoken {
            notice("'language' is \(config.language), which the theme has no words for: it speaks English "
                   + "(built in: \(ThemeLanguage.allCases.map(\.rawValue).joined(separator: ", "))); "
                   + "give your own under 'strings:' (README lists the keys)", at: fields.keyLocations["language"])
        }
        if let author, ContentText.trimmed(author.author.name) == Self.placeholderAuthorName {
            config.placeholders.append(InitPlaceholder(key: .author, location: author.nameAt))
        }
        if let author, author.author.url.map(ContentText.trimmed) == InitPlaceholder.authorURL {
            config.placeholders.append(InitPlaceholder(key: .authorURL, location: author.keys["url"]))
        }
        if let author, author.author.email.map(ContentText.trimmed) == InitPlaceholder.authorEmail {
            config.placeholders.append(InitPlaceholder(key: .authorEmail, location: author.keys["email"]))
        }
        // Whether it is init's picture is told by the file's bytes, which the build reads.
        if config.image != nil {
            config.placeholders.append(InitPlaceholder(key: .siteImage, location: fields.keyLocations["image"]))
        }
        return (config, fields.diagnostics, notices.sorted())
    }

    /// `strings: { min_read: "Min. Lesezeit" }`: the theme's words in `language:`'s
    /// built-in language, with the site's own texts over them. A key the theme does
    /// not have is a warning (with a did-you-mean), a text that is not one, or uses a
    /// placeholder its key does not have, is an error. True when the language has
    /// no built-in texts and `strings:` does not give them all (the notice's cue).
    private static func themeStrings(_ fields: inout YAMLFields, into config: inout SiteConfig) -> Bool {
        let builtIn = ThemeLanguage(tag: config.language)
        config.strings = ThemeStrings(language: builtIn ?? .en)
        var given = 0
        if var strings = fields.nested("strings") {
            for key in ThemeStrings.Key.allCases {
                guard let node = strings.writtenNode(key.rawValue) else { continue }
                if YAMLScalar.isNull(node) {
                    strings.report("'strings.\(key.rawValue)' is empty (write the text, \"\" for none, or leave the key out for the built-in one)", at: node)
                    continue
                }
                guard let text = strings.text(key.rawValue) else { continue }
                if let problem = ThemeStrings.problem(in: text, for: key) {
                    strings.report("'strings.\(key.rawValue)' \(problem) \(YAMLFields.quote(text))", at: node)
                    continue
                }
                config.strings.override(key, with: text)
                given += 1
            }
            fields.absorb(strings)
        }
        return builtIn == nil && given < ThemeStrings.Key.allCases.count
    }

    /// An image path site.yml names under `key` (`logo`, `icon`, `author.avatar`), trimmed; nil (with
    /// an error at the value) when it is blank or not a kind of image `accepts` takes.
    /// Whether the file exists is for the link checker, which reports it at this line.
    private static func imagePath(_ fields: inout YAMLFields, _ key: String, accepts: (String) -> Bool,
                                  expected: String, ifEmpty: String) -> String? {
        guard let node = fields.node(key), let written = fields.text(key) else { return nil }
        let trimmed = ContentText.trimmed(written)
        if trimmed.isEmpty {
            fields.report("\(fields.name(key)) is empty (\(ifEmpty))", at: node)
        } else if !accepts(trimmed) {
            fields.report("\(fields.name(key)) must be \(expected) \(YAMLFields.quote(written))", at: node)
        } else {
            return trimmed
        }
        return nil
    }

    /// The known time zone `name` probably means: `europe/london` and `London`
    /// → `Europe/London`, `Europe/Londn` → `Europe/London`.
    static func timeZoneSuggestion(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        let known = TimeZone.knownTimeZoneIdentifiers.sorted()
        let folded = DidYouMean.fold(name)
        if let same = known.first(where: { DidYouMean.fold($0) == folded }) { return same }
        if !name.contains("/"), let city = known.first(where: { DidYouMean.fold(String($0.split(separator: "/").last ?? "")) == folded }) {
            return city
        }
        return DidYouMean.closest(to: name, in: known)
    }

    /// `author: Jane Doe` or `author: {name, email, url}`, with where the name is
    /// written and, for a mapping, where each of its keys is.
    private static func author(_ fields: inout YAMLFields) -> (author: Author, nameAt: SourceLocation?, keys: [String: SourceLocation])? {
        guard let node = fields.node("author") else { return nil }
        if case .scalar = node {
            return fields.text("author").map { (Author(name: $0), fields.keyLocations["author"], [:]) }
        }
        guard var inner = fields.nested(node, key: "author") else { return nil }
        let name = inner.requiredText("name")
        let email = inner.text("email")
        let url = inner.text("url")
        let bio = inner.text("bio").map(ContentText.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let avatar = imagePath(&inner, "avatar", accepts: { ["image/svg+xml", "image/png", "image/jpeg", "image/gif", "image/webp"].contains(ImageMediaType.of($0)) },
                               expected: "a JPEG, PNG, WebP, GIF or SVG image",
                               ifEmpty: "give the path of a picture, e.g. /images/me.jpg, or leave the key out")
        fields.absorb(inner)
        return name.map { (Author(name: $0, email: email, url: url, bio: bio, avatar: avatar), inner.keyLocations["name"], inner.keyLocations) }
    }

    /// `social: { mastodon: …, github: jane, email: … }`: the author's profiles, in
    /// the order written. Every key is taken (any service with a URL); a value that
    /// is neither a URL nor a handle its service is known to use is an error at it.
    private static func social(_ fields: inout YAMLFields) -> [SocialLink] {
        guard var inner = fields.nested("social") else { return [] }
        var links: [SocialLink] = []
        var seen = Set<String>()
        for entry in inner.entries {
            guard let node = inner.node(entry.key) else {
                inner.report("\(inner.name(entry.key)) is empty (write the URL, or leave the key out)", at: entry.keyNode)
                continue
            }
            guard let value = inner.text(entry.key) else { continue }
            // `GitHub:` and `github:` would make the same link twice.
            guard seen.insert(entry.key.lowercased()).inserted else {
                inner.report("\(inner.name(entry.key)) is given twice (keep one)", at: entry.keyNode)
                continue
            }
            switch SocialLink.parse(name: entry.key, value: value) {
            case .success(let link): links.append(link)
            case .failure(let problem): inner.report("\(inner.name(entry.key)) \(problem.expected) \(YAMLFields.quote(value))", at: node)
            }
        }
        fields.absorb(inner)
        return links
    }

    /// Required; an absolute http(s) URL, returned ending with `/`.
    private static func baseURL(_ fields: inout YAMLFields) -> String? {
        guard let node = fields.node("base_url") else {
            fields.report("'base_url' is required (e.g. https://example.com/)", at: nil)
            return nil
        }
        guard let text = fields.text("base_url") else { return nil }
        guard let checked = SiteConfig.checkedBaseURL(text) else {
            fields.report("'base_url' must be an absolute http(s) URL \(YAMLFields.quote(text))", at: node)
            return nil
        }
        return checked
    }

    /// `images: { widths, formats, quality, resize }`; a bad value keeps its default.
    private static func imageSettings(_ fields: inout YAMLFields) -> ImageSettings {
        var settings = ImageSettings()
        if let resize = fields.bool("resize") {
            settings.resize = resize
            settings.resizeWritten = true
        }
        if let quality = fields.positiveInt("quality") {
            if quality <= 100 { settings.quality = quality } else {
                fields.report("'images.quality' must be 1 to 100 (\(quality))", at: fields.node("quality"))
            }
        }
        if let widths = fields.textListWithNodes("widths") {
            var chosen: [Int] = []
            for (text, node) in widths {
                if let width = Int(text), (16...8192).contains(width) { chosen.append(width) } else {
                    fields.report("'images.widths' entries must be widths in pixels from 16 to 8192 \(YAMLFields.quote(text))", at: node)
                }
            }
            if !chosen.isEmpty { settings.widths = Array(Set(chosen)).sorted() }
        }
        if let formats = fields.textListWithNodes("formats") {
            var chosen: [String] = []
            for (text, node) in formats {
                let name = text.lowercased()
                if ImageSettings.knownFormats.contains(name) { if !chosen.contains(name) { chosen.append(name) } } else {
                    let hint = DidYouMean.closest(to: name, in: ImageSettings.knownFormats).map { " (did you mean '\($0)'?)" } ?? " (use avif or webp; the image's own format is always kept as the fallback)"
                    fields.report("'images.formats' has an unknown format \(YAMLFields.quote(text))" + hint, at: node)
                }
            }
            settings.formats = chosen
        }
        return settings
    }

    /// The addresses a feed is also written to (`feeds.also_at`, `feeds.tags_also_at`,
    /// `feeds.tag_list_at`): site paths of files (`/index.xml`) or folders (`/feed/`,
    /// which hold the feed as `index.xml`: `FeedAddress`), never an HTML page's name.
    static func feedPaths(_ feeds: inout YAMLFields, _ key: String, needsSlug: Bool) -> [String] {
        var out: [String] = []
        for (path, node) in feeds.textListWithNodes(key) ?? [] {
            if !path.hasPrefix("/") {
                feeds.report("'feeds.\(key)' entries must start with '/' \(YAMLFields.quote(path))", at: node)
            } else if path.contains("?") || path.contains("#") || path.contains(" ")
                        || path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
                feeds.report("'feeds.\(key)' entry \(YAMLFields.quote(path)) must be the path of a file or folder, such as /index.xml "
                             + "or /feed/ (a static host cannot serve a query, fragment or space)", at: node)
            } else if !FeedAddress.canHoldFeed(path) {
                feeds.report("'feeds.\(key)' entry \(YAMLFields.quote(path)) is an HTML page's name: a host serves it as a page, "
                             + "not a feed (use a .xml name or a folder such as /feed/)", at: node)
            } else if needsSlug && !path.contains(":slug") {
                feeds.report("'feeds.\(key)' entry \(YAMLFields.quote(path)) needs ':slug' where the tag's slug goes, "
                             + "such as /tags/:slug/index.xml", at: node)
            } else {
                out.append(path)
            }
        }
        return out
    }

    /// Checks a post permalink pattern: only `:year :month :day :slug :title`,
    /// at least one of `:slug`/`:title`; a missing leading `/` is added.
    public static func postPermalink(_ pattern: String) -> Result<String, PatternError> {
        let allowed: Set<String> = ["year", "month", "day", "slug", "title"]
        var tokens: [String] = []
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let after = rest[rest.index(after: colon)...]
            let name = after.prefix { $0.isASCII && ($0.isLetter || $0 == "_") }
            tokens.append(String(name))
            rest = after.dropFirst(name.count)
        }
        for token in tokens where !allowed.contains(token) {
            return .failure(PatternError(message: "'permalinks.post' has an unknown token ':\(token)' \(YAMLFields.quote(pattern)) (use :year :month :day :slug :title)"))
        }
        guard tokens.contains("slug") || tokens.contains("title") else {
            return .failure(PatternError(message: "'permalinks.post' must contain :slug or :title \(YAMLFields.quote(pattern))"))
        }
        let trimmed = ContentText.trimmed(pattern)
        return .success(trimmed.hasPrefix("/") ? trimmed : "/" + trimmed)
    }

    public struct PatternError: Error {
        var message: String
    }

    /// `nav: [{title, url}, ...]`.
    /// `redirects: { /old/: /new/ }`: each old path must be a site path a static
    /// host can serve (no query or fragment); each target a site path or a URL.
    private static func redirects(_ fields: inout YAMLFields) -> [Redirect] {
        guard let node = fields.node("redirects") else { return [] }
        guard case .mapping(let mapping) = node else {
            fields.report("'redirects' must be a mapping of old paths to new ones, such as { /article/: /archive/ }", at: node)
            return []
        }
        var out: [Redirect] = []
        for (key, value) in mapping {
            guard case .scalar(let from) = key, case .scalar(let to) = value, !to.string.isEmpty else {
                fields.report("'redirects' entries must be an old path and where it goes, such as /article/: /archive/", at: key)
                continue
            }
            let old = ContentText.trimmed(from.string), target = ContentText.trimmed(to.string)
            if !old.hasPrefix("/") || old.contains("?") || old.contains("#") {
                fields.report("'redirects' old path \(YAMLFields.quote(old)) must be a site path starting with '/', without a query or "
                              + "#fragment (a static host cannot serve those)", at: key)
            } else if !target.hasPrefix("/") && !URLReference.isExternal(target) {
                fields.report("'redirects' target \(YAMLFields.quote(target)) must be a site path starting with '/' or a full URL", at: value)
            } else {
                out.append(Redirect(from: old, to: target, location: fields.context.location(of: key)))
            }
        }
        return out
    }

    private static func nav(_ fields: inout YAMLFields) -> [NavLink]? {
        guard let node = fields.node("nav") else { return nil }
        guard case .sequence(let items) = node else {
            fields.report("'nav' must be a list of {title, url} (found \(node.mapping != nil ? "a mapping" : "text"))", at: node)
            return nil
        }
        var links: [NavLink] = []
        for item in items {
            guard case .mapping = item else {
                fields.report("'nav' entries must be {title, url} mappings", at: item)
                continue
            }
            guard var inner = fields.nested(item, key: "nav") else { continue }
            let title = inner.requiredText("title")
            let url = inner.requiredText("url")
            fields.absorb(inner)
            if let title, let url { links.append(NavLink(title: title, url: url)) }
        }
        return links
    }
}
