import Foundation

/// Builds the plain dictionaries templates see. This file is the template
/// contract: every variable a template can use is made here (README lists them).
///
/// Shared by the threads that render pages: every property is a `let` set in
/// `init` and holds only immutable values (strings, numbers, arrays and
/// dictionaries of them), so reading it from several threads is safe.
final class TemplateContext: @unchecked Sendable {
    let site: Site
    let urls: URLMaker
    /// `site` as templates see it, built once.
    let siteValue: [String: Any]
    /// Resolves URLs in HTML moved away from its own page.
    let contentURLs: AbsoluteURLs
    /// `page.feeds` on every page: the site's RSS, Atom and JSON feeds.
    let siteFeeds: [[String: Any]]
    /// What pages show of posts, tags, series and apps: list entries, tag links,
    /// series summaries and app cards are made from these alone.
    let projections: SiteProjections

    init(site: Site, urls: URLMaker, projections: SiteProjections? = nil) {
        self.site = site
        self.urls = urls
        self.projections = projections ?? SiteProjections(site)
        self.contentURLs = AbsoluteURLs(baseURL: site.config.baseURL)
        let c = site.config
        siteFeeds = FeedLink.siteFeeds(siteTitle: c.title).map { Self.feedLink($0, urls: urls) }
        var value: [String: Any] = [
            "title": c.title,
            "base_url": c.baseURL,
            "language": c.language,
            "home_url": urls.url("/"),
            "params": Self.plain(c.params),
        ]
        // Mustache treats an empty string as true: leave out what is empty.
        if !c.description.isEmpty { value["description"] = c.description }
        if let author = c.author {
            var a: [String: Any] = ["name": author.name]
            if let e = author.email { a["email"] = e }
            if let u = author.url { a["url"] = u }
            value["author"] = a
        }
        // The site's mark: its own `logo:` (relative to content/), else the theme's initial.
        let logo = c.logo.map { ImageReference.sitePath($0, from: ConfigLoader.path) } ?? "/assets/" + SiteMark.assetName
        value["logo_url"] = urls.url(logo)
        value["logo_type"] = SiteMark.mediaType(of: logo) ?? "image/svg+xml"
        value["nav"] = c.nav.map { ["title": $0.title, "url": urls.url($0.url)] as [String: Any] }
        value["has_nav"] = !c.nav.isEmpty
        value["series_count"] = site.series.count
        value["app_count"] = site.apps.count
        value["feeds"] = siteFeeds
        // `en-GB` → `en_GB`, for Open Graph's og:locale.
        if !c.language.isEmpty { value["locale"] = c.language.replacingOccurrences(of: "-", with: "_") }
        // "2019–2026" (or "2026"): the years the site's posts span, for a copyright line.
        let years = site.posts.map { $0.post.date.year }
        if let first = years.min(), let last = years.max() {
            value["years"] = first == last ? "\(first)" : "\(first)–\(last)"
        }
        siteValue = value
    }

    // MARK: Page-level wrapper

    /// The root of every template's context: `site`, `page`, plus the page-type keys.
    func root(page: [String: Any], extra: [String: Any]) -> [String: Any] {
        var out = extra
        var site = siteValue
        if let url = page["url"] as? String { site["nav"] = nav(current: url) }
        out["site"] = site
        out["page"] = page
        return out
    }

    /// `site.nav` with `current` set on the entry the page belongs to: its own
    /// URL, or a section above it (`/apps/` on `/apps/kettle/`; never the home page).
    func nav(current pageURL: String) -> [[String: Any]] {
        let home = urls.url("/")
        return site.config.nav.map { link in
            let url = urls.url(link.url)
            var d: [String: Any] = ["title": link.title, "url": url]
            if url == pageURL || (url != home && url.hasSuffix("/") && pageURL.hasPrefix(url)) { d["current"] = true }
            return d
        }
    }

    /// `page`: what every page has (title, URLs, description, kind, params).
    func page(kind: String, title: String, path: String, description: String?, params: [String: FrontMatterValue] = [:]) -> [String: Any] {
        var p: [String: Any] = [
            "kind": kind,
            "title": title,
            "url": urls.url(path),
            "absolute_url": urls.absoluteURL(path),
            "is_\(kind.replacingOccurrences(of: "-", with: "_"))": true,
            "params": Self.plain(params),
        ]
        if kind != "home" || path != "/" { p["full_title"] = "\(title) – \(site.config.title)" } else { p["full_title"] = title }
        if let d = description, !d.isEmpty { p["description"] = d } else if !site.config.description.isEmpty {
            p["description"] = site.config.description
        }
        if let d = p["description"] as? String { p["short_description"] = Self.shortDescription(d) }
        p["feeds"] = siteFeeds
        p["twitter_card"] = "summary"
        return p
    }

    /// A description short enough for `<meta name="description">` and social cards:
    /// whole sentences up to `limit` characters (at least half of it), else words cut with "…".
    static func shortDescription(_ text: String, limit: Int = 180) -> String {
        if text.count <= limit { return text }
        // Counted as it goes (String.count is linear), and stopped as soon as no
        // further sentence can fit: a 400 KB paragraph with no full stop costs no more
        // than a short one.
        var out = "", outCount = 0
        var sentence = "", sentenceCount = 0
        var previous: Character?
        for ch in text {
            sentence.append(ch)
            sentenceCount += 1
            if outCount + sentenceCount - 1 > limit { break }
            if ch == " ", let last = previous, ".!?".contains(last) {
                out += sentence
                outCount += sentenceCount
                sentence = ""
                sentenceCount = 0
            }
            previous = ch
        }
        out = out.trimmingCharacters(in: .whitespaces)
        if out.count >= limit / 2 { return out }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:–-")) + "…"
    }

    // MARK: Feeds

    /// `{title, url, type}` for a `<link rel="alternate">` tag.
    static func feedLink(_ link: FeedLink, urls: URLMaker) -> [String: Any] {
        ["title": link.title, "url": urls.url(link.path), "type": link.type, "label": label(ofFeedType: link.type)]
    }

    /// A short name for a feed link's text: `RSS`, `Atom`, `JSON Feed`.
    static func label(ofFeedType type: String) -> String {
        switch type {
        case FeedLink.rssType: return "RSS"
        case FeedLink.atomType: return "Atom"
        case FeedLink.jsonType: return "JSON Feed"
        default: return "Feed"
        }
    }

    /// Adds a series', tag's or app's own Atom feed to its page's `page.feeds`.
    func addCollectionFeed(_ collection: FeedCollection, to page: inout [String: Any]) {
        let own = Self.feedLink(FeedLink.collectionFeed(collection, siteTitle: site.config.title), urls: urls)
        page["feeds"] = siteFeeds + [own]
        page["own_feed"] = own
    }

    // MARK: Posts

    /// A post as list pages show it, computed key by key as templates ask (see `PostSummaryValue`).
    func postSummary(_ i: Int) -> PostSummaryValue {
        PostSummaryValue(context: self, entry: projections.entries[i])
    }

    /// Every key of a post summary.
    static let postSummaryKeys = ["title", "url", "date", "date_short", "date_iso", "year", "summary", "reading_minutes",
                                  "reading_time", "tags", "has_tags", "draft", "future", "has_more", "series"]

    /// One value of a post summary, made from the list entry alone; nil for a key it does not have.
    func postSummaryField(_ name: String, _ e: PostListEntry) -> Any? {
        switch name {
        case "title": return e.title
        case "url": return urls.url(e.permalink)
        case "date": return DateText.display(e.date)
        case "date_short": return DateText.short(e.date)
        case "date_iso": return DateText.iso(e.date)
        case "year": return e.date.year
        case "summary": return summaryHTML(e)
        case "reading_minutes": return e.readingMinutes
        case "reading_time": return "\(e.readingMinutes) min read"
        case "tags": return e.tags.map(tagLink)
        case "has_tags": return !e.tags.isEmpty
        case "draft": return e.isDraft
        case "future": return e.isFuture
        case "has_more": return e.hasMore
        case "series":
            guard let s = e.series else { return nil }
            return ["title": s.title, "url": urls.url(s.url), "label": "Part \(s.position) of \(s.count)"] as [String: Any]
        default: return nil
        }
    }

    /// A post summary with every value computed, for the post's own page.
    func postSummaryDictionary(_ e: PostListEntry) -> [String: Any] {
        var d: [String: Any] = [:]
        for key in Self.postSummaryKeys {
            if let value = postSummaryField(key, e) { d[key] = value }
        }
        return d
    }

    /// The summary as list pages show it: relative links and images in it were
    /// written for the post's own page, so they are resolved against its permalink.
    func summaryHTML(_ e: PostListEntry) -> String {
        if urls.absolute { return contentURLs.rewrite(e.summaryHTML, page: urls.absoluteURL(e.permalink)) }
        return contentURLs.rewriteRootRelative(e.summaryHTML, page: e.permalink)
    }

    /// Rendered Markdown for its own page: site paths the author wrote (`/about/`)
    /// get `base_url`'s path, or all of `base_url` in `publish`.
    func contentHTML(_ html: String) -> String {
        contentURLs.rewriteSitePaths(html, absolute: urls.absolute)
    }

    /// A post with everything its own page shows.
    func post(_ i: Int) -> [String: Any] {
        let sp = site.posts[i]
        let post = sp.post
        var d = postSummaryDictionary(projections.entries[i])
        d["content"] = contentHTML(sp.rendered.html)
        d["toc"] = sp.rendered.toc.map { ["level": $0.level, "id": $0.id, "text": $0.text] as [String: Any] }
        d["has_toc"] = sp.rendered.toc.count >= 2
        d["show_toc"] = sp.rendered.toc.count >= Self.tocMinimumHeadings
        d["params"] = Self.plain(post.params)
        d["source_path"] = post.sourcePath
        if let u = post.updated, u.instant != post.date.instant {
            d["updated"] = DateText.display(u)
            d["updated_iso"] = DateText.iso(u)
        }
        if let image = post.image {
            var img: [String: Any] = ["src": urls.url(ImageReference.sitePath(image.src, from: post.sourcePath))]
            if let alt = image.alt { img["alt"] = alt }
            if let size = site.imageSize(image.src, in: post.sourcePath) {
                img["width"] = size.width
                img["height"] = size.height
            }
            d["image"] = img
        }
        if let box = SiteProjections.seriesBox(for: i, in: site) { d["series"] = seriesBox(box) }
        if let ai = sp.appIndex { d["app"] = appCard(ai) }
        return d
    }

    /// The series box on a post: "Part 3 of 7", the parts, previous and next.
    func seriesBox(_ box: SeriesBox) -> [String: Any] {
        let n = box.parts.count
        let position = box.position
        var d: [String: Any] = [
            "title": box.title,
            "url": urls.url(box.url),
            "position": position + 1,
            "count": n,
            "label": "Part \(position + 1) of \(n)",
            "has_other_parts": n > 1,
        ]
        d["parts"] = box.parts.enumerated().map { k, part in
            ["number": k + 1, "title": part.title, "url": urls.url(part.permalink), "current": k == position] as [String: Any]
        }
        if position > 0 {
            let p = box.parts[position - 1]
            d["previous"] = ["title": p.title, "url": urls.url(p.permalink)]
        }
        if position + 1 < n {
            let p = box.parts[position + 1]
            d["next"] = ["title": p.title, "url": urls.url(p.permalink)]
        }
        return d
    }

    func tagLink(_ ti: Int) -> [String: Any] { tagLink(projections.tags[ti]) }

    func tagLink(_ t: TagLink) -> [String: Any] {
        ["name": t.name, "slug": t.slug, "url": urls.url(t.url), "count": t.count,
         "count_text": t.count == 1 ? "1 post" : "\(t.count) posts"]
    }

    // MARK: Series

    func seriesSummary(_ si: Int) -> [String: Any] {
        let s = projections.series[si]
        var d: [String: Any] = [
            "title": s.title,
            "slug": s.slug,
            "url": urls.url(s.url),
            "count": s.count,
            "count_text": s.count == 1 ? "1 part" : "\(s.count) parts",
            "params": Self.plain(s.params),
        ]
        if let desc = s.description { d["description"] = desc }
        return d
    }

    func series(_ si: Int) -> [String: Any] {
        let s = site.series[si]
        var d = seriesSummary(si)
        d["intro"] = contentHTML(s.intro.html)
        d["posts"] = s.postIndices.enumerated().map { k, pi -> PostSummaryValue in
            var p = postSummary(pi)
            p.extra["number"] = k + 1
            return p
        }
        d["has_posts"] = !s.postIndices.isEmpty
        d["order"] = s.series.order.rawValue
        return d
    }

    // MARK: Apps

    func appCard(_ ai: Int) -> [String: Any] {
        let a = projections.apps[ai]
        var d: [String: Any] = [
            "title": a.title,
            "slug": a.slug,
            "url": urls.url(a.url),
            "status": a.status.rawValue,
            "retired": a.status == .retired,
            "platforms": a.platforms,
            "platforms_text": a.platforms.joined(separator: ", "),
            "has_platforms": !a.platforms.isEmpty,
            "post_count": a.postCount,
            "params": Self.plain(a.params),
        ]
        if let t = a.tagline { d["tagline"] = t }
        if let icon = a.icon { d["icon"] = urls.url(icon) }
        if let r = a.released {
            d["released"] = DateText.display(r)
            d["released_iso"] = DateText.iso(r)
            d["released_year"] = r.year
        }
        return d
    }

    func app(_ ai: Int) -> [String: Any] {
        let a = site.apps[ai]
        var d = appCard(ai)
        d["description"] = contentHTML(a.description.html)
        if let v = a.app.appStore { d["app_store"] = v }
        if let v = a.app.website { d["website"] = v }
        if let v = a.app.source { d["source"] = v }
        d["has_links"] = a.app.appStore != nil || a.app.website != nil || a.app.source != nil
        d["screenshots"] = a.app.screenshots.map { shot -> [String: Any] in
            var s: [String: Any] = ["src": urls.url(ImageReference.sitePath(shot.src, from: a.app.sourcePath))]
            if let alt = shot.alt { s["alt"] = alt }
            if let size = site.imageSize(shot.src, in: a.app.sourcePath) {
                s["width"] = size.width
                s["height"] = size.height
            }
            return s
        }
        d["has_screenshots"] = !a.app.screenshots.isEmpty
        d["posts"] = a.postIndices.map(postSummary)
        d["has_posts"] = !a.postIndices.isEmpty
        return d
    }

    /// The default theme shows a table of contents (`show_toc`) from this many headings on.
    static let tocMinimumHeadings = 3

    // MARK: Values

    /// Front-matter values as plain Swift values Mustache can walk.
    static func plain(_ params: [String: FrontMatterValue]) -> [String: Any] {
        params.mapValues(plain)
    }

    static func plain(_ v: FrontMatterValue) -> Any {
        switch v {
        case .string(let s): return s
        case .int(let i): return i
        case .double(let d): return d
        case .bool(let b): return b
        case .null: return false
        case .array(let a): return a.map(plain)
        case .mapping(let m):
            var out: [String: Any] = [:]
            for (k, v) in m { out[k] = plain(v) }
            return out
        }
    }
}
