import Foundation
import Load
import Markdown
import Support
import Template
import Site
import Images

/// Makes the values templates see, laid out by `ContextShapes`, from the site and
/// its projections. What a value is made of is decided here and only here
/// (README lists the names).
///
/// Shared by the threads that render pages: every property is a `let` holding
/// immutable values.
public struct TemplateValues: Sendable {
    let site: Site
    let urls: URLMaker
    /// Resolves URLs in HTML moved away from its own page.
    let contentURLs: AbsoluteURLs
    /// What pages show of posts, tags, series and apps.
    public let projections: SiteProjections
    /// `page.feeds` on every page: the site's RSS, Atom and JSON feeds.
    let siteFeeds: [FeedLink]
    /// By post index, when made ahead (`withEntryTexts`): a post is listed on several
    /// pages (home, archive, each tag, series, app), and a full build lists each one
    /// about seven times.
    private(set) var entryTexts: [EntryTexts]? = nil

    /// What a list entry writes of a post that does not depend on the page.
    struct EntryTexts: Sendable {
        let url: TemplateValue
        let date: TemplateValue
        let dateShort: TemplateValue
        let dateISO: TemplateValue
        let readingTime: TemplateValue
    }

    public init(site: Site, urls: URLMaker, projections: SiteProjections? = nil) {
        self.site = site
        self.urls = urls
        self.projections = projections ?? SiteProjections(site)
        contentURLs = AbsoluteURLs(baseURL: site.config.baseURL)
        siteFeeds = FeedLink.siteFeeds(siteTitle: site.config.title, strings: site.config.strings)
    }

    /// The theme's words in the site's language (`strings:` applied).
    var strings: ThemeStrings { site.config.strings }

    /// These values with every post's entry texts made ahead, on all cores: for a
    /// render of many pages, not for the few a live edit re-renders.
    public func withEntryTexts() -> TemplateValues {
        var copy = self
        copy.entryTexts = projections.entries.parallelMap(entryTexts)
        return copy
    }

    func entryTexts(_ e: PostListEntry) -> EntryTexts {
        EntryTexts(url: .string(urls.url(e.permalink)), date: .string(strings.date(e.date)),
                   dateShort: .string(strings.shortDate(e.date)), dateISO: .string(DateText.iso(e.date)),
                   readingTime: .string(strings.readingTime(e.readingMinutes)))
    }

    // MARK: Site and page

    func feedLink(_ link: FeedLink, _ r: TemplateRecord) -> TemplateValue {
        var r = r
        r["title"] = .string(link.title)
        r["url"] = .string(urls.url(link.path))
        r["type"] = .string(link.type)
        r["label"] = .string(FeedLink.label(ofType: link.type, strings: strings))
        return r.value
    }

    /// `site` without `nav`, the same on every page of a type: made once per page type
    /// (`RouteValues`), then given each page's `nav`.
    public func siteWithoutNav(_ r: TemplateRecord) -> TemplateRecord {
        var r = r
        let shown = projections.site
        let c = shown.config
        r["title"] = .string(c.title)
        r["base_url"] = .string(c.baseURL)
        r["language"] = .string(c.language)
        r["home_url"] = .string(urls.url("/"))
        r["params"] = Self.open(c.params)
        // Mustache treats an empty string as true: what is empty is left out.
        if !c.description.isEmpty { r["description"] = .string(c.description) }
        if let author = c.author {
            var a = r.record(for: "author")
            a["name"] = .string(author.name)
            if let e = author.email { a["email"] = .string(e) }
            if let u = author.url { a["url"] = .string(u) }
            if let bio = author.bio { a["bio"] = .string(bio) }
            if let avatar = author.avatar {
                // The processed picture (Images/ makes it at 2× the size shown), else
                // the file as written, with its size for the page's layout.
                var picture = a.record(for: "avatar")
                picture["src"] = .string(urls.url(shown.avatarPath ?? ImageReference.sitePath(avatar, from: ConfigLoader.path)))
                if let size = shown.avatarSize {
                    picture["width"] = .int(size.width)
                    picture["height"] = .int(size.height)
                }
                a["avatar"] = picture.value
            }
            r["author"] = a.value
        }
        let link = r.elementRecord(for: "social")
        r["social"] = .list(c.social.map { social in
            var l = link
            l["name"] = .string(social.name)
            l["label"] = .string(social.label(strings: c.strings))
            l["url"] = .string(social.url)
            if social.isEmail { l["is_email"] = .bool(true) }
            return l.value
        })
        r["has_social"] = .bool(!c.social.isEmpty)
        // The site's mark: its own `logo:` (relative to content/), else the theme's initial.
        let logo = c.logo.map { ImageReference.sitePath($0, from: ConfigLoader.path) } ?? SiteURLs.asset(SiteMark.assetName)
        r["logo_url"] = .string(urls.url(logo))
        r["logo_type"] = .string(SiteMark.mediaType(of: logo) ?? "image/svg+xml")
        // Processed at the 180 px iOS asks for (Images/), else the file as written.
        if let icon = c.icon { r["icon_url"] = .string(urls.url(shown.iconPath ?? ImageReference.sitePath(icon, from: ConfigLoader.path))) }
        r["has_nav"] = .bool(!c.nav.isEmpty)
        r["has_search"] = .bool(c.search)
        r["series_count"] = .int(shown.seriesCount)
        r["app_count"] = .int(shown.appCount)
        r["feeds"] = feedLinks(siteFeeds, r.elementRecord(for: "feeds"))
        // `en-GB` → `en_GB`, for Open Graph's og:locale.
        if !c.language.isEmpty { r["locale"] = .string(c.language.replacingOccurrences(of: "-", with: "_")) }
        if let years = shown.years { r["years"] = .string(years) }
        r["css_strings"] = .string("--notes-label:" + Self.cssString(c.strings[.notes]))
        return r
    }

    /// `strings`: the theme's plain words (those without placeholders), by key.
    public func strings(_ r: TemplateRecord) -> TemplateValue {
        var r = r
        for key in ThemeStrings.Key.plain { r[key.rawValue] = .string(strings[key]) }
        return r.value
    }

    /// `text` as a CSS string (`"Notes"`), for the words the stylesheet prints with
    /// `content:`: a quote or backslash in a site's own text must not end it early.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for ch in text.unicodeScalars {
            switch ch {
            case "\"", "\\": out += "\\" + String(ch)
            // A line break cannot stand in a CSS string: its escape, with the space that ends one.
            case "\n", "\r", "\u{0C}": out += "\\A "
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }

    /// `site.nav`, with `current` on the entry the page at `pageURL` belongs to: its own
    /// URL, or a section above it (`/apps/` on `/apps/kettle/`; never the home page).
    public func nav(_ r: TemplateRecord, pageURL: String) -> TemplateValue {
        let home = urls.url("/")
        return .list(site.config.nav.map { link in
            var n = r
            let url = urls.url(link.url)
            n["title"] = .string(link.title)
            n["url"] = .string(url)
            if url == pageURL || (url != home && url.hasSuffix("/") && pageURL.hasPrefix(url)) { n["current"] = .bool(true) }
            return n.value
        })
    }

    func feedLinks(_ links: [FeedLink], _ r: TemplateRecord) -> TemplateValue {
        .list(links.map { feedLink($0, r) })
    }

    /// `page`: what every page has (title, URLs, description, kind, params).
    /// `r` holds what is the same on every page (`pageWithSiteFeeds`).
    public func page(_ r: TemplateRecord, kind: String, title: String, path: String, description: String?,
              params: [String: FrontMatterValue] = [:], ownFeed: FeedCollection? = nil) -> TemplateRecord {
        var r = r
        r["kind"] = .string(kind)
        r["title"] = .string(title)
        r["url"] = .string(urls.url(path))
        r["absolute_url"] = .string(urls.absoluteURL(path))
        r["is_" + kind.replacingOccurrences(of: "-", with: "_")] = .bool(true)
        r["params"] = Self.open(params)
        r["full_title"] = .string(kind != "home" || path != "/" ? "\(title) – \(site.config.title)" : title)
        var shown = description ?? ""
        if shown.isEmpty { shown = site.config.description }
        if !shown.isEmpty {
            r["description"] = .string(shown)
            r["short_description"] = .string(Self.shortDescription(shown))
        }
        if let ownFeed {
            let own = FeedLink.collectionFeed(ownFeed, siteTitle: site.config.title, strings: strings)
            r["own_feed"] = feedLink(own, r.record(for: "own_feed"))
            r["feeds"] = feedLinks(siteFeeds + [own], r.elementRecord(for: "feeds"))
        }
        return r
    }

    /// What `page` holds on every page: the site's feeds, the default card and the
    /// site's `image:` as its picture (a post's hero and an app's icon replace it).
    public func pageWithSiteFeeds(_ r: TemplateRecord) -> TemplateRecord {
        var r = r
        r["feeds"] = feedLinks(siteFeeds, r.elementRecord(for: "feeds"))
        r["twitter_card"] = .string("summary")
        let shown = projections.site
        if let image = shown.config.image {
            r["image"] = .string(urls.absoluteURL(shown.imagePath ?? ImageReference.sitePath(image, from: ConfigLoader.path)))
        }
        return r
    }

    // MARK: Posts

    /// A post as lists show it, made from its list entry alone; only what the page's
    /// templates read is made (the archive shows no summaries).
    public func entry(_ i: Int, _ r: TemplateRecord, seriesMark: Bool = true) -> TemplateRecord {
        let e = projections.entries[i]
        let texts = entryTexts?[i] ?? entryTexts(e)
        var r = r
        link(title: e.title, year: e.date.year, texts, into: &r)
        if r.wants("summary") { r["summary"] = .string(summaryHTML(e)) }
        r["reading_minutes"] = .int(e.readingMinutes)
        r["reading_time"] = texts.readingTime
        if r.wants("tags") {
            let tag = r.elementRecord(for: "tags")
            r["tags"] = .list(e.tags.map { tagLink($0, tag).value })
        }
        r["has_tags"] = .bool(!e.tags.isEmpty)
        r["draft"] = .bool(e.isDraft)
        r["future"] = .bool(e.isFuture)
        r["has_more"] = .bool(e.hasMore)
        if let t = e.thumbnail, r.wants("thumbnail") { r["thumbnail"] = thumbnail(t, r.record(for: "thumbnail")) }
        if seriesMark, let s = e.series {
            var m = r.record(for: "series")
            m["title"] = .string(s.title)
            m["url"] = .string(urls.url(s.url))
            let label = strings.part(s.position, of: s.count)
            m["label"] = .string(label)
            (m["ref_before"], m["ref_after"]) = seriesRef(label)
            r["series"] = m.value
        }
        return r
    }

    /// A related post at the end of a post: what `SiteProjections.relatedLink` holds, no more.
    func relatedLink(_ i: Int, _ r: TemplateRecord) -> TemplateValue {
        let related = SiteProjections.relatedLink(projections.entries[i])
        var r = r
        link(title: related.title, year: related.date.year, entryTexts?[i] ?? entryTexts(projections.entries[i]), into: &r)
        return r.value
    }

    /// What a list entry and a related post's link both show: the title, URL and dates.
    private func link(title: String, year: Int, _ texts: EntryTexts, into r: inout TemplateRecord) {
        r["title"] = .string(title)
        r["url"] = texts.url
        r["date"] = texts.date
        r["date_short"] = texts.dateShort
        r["date_iso"] = texts.dateISO
        r["year"] = .int(year)
    }

    /// The text around a series' linked title in "Part 3 of 7 in {series}".
    func seriesRef(_ label: String) -> (TemplateValue, TemplateValue) {
        let (before, after) = strings.around("series", in: .seriesRef, ["part": label])
        return (.string(before), .string(after))
    }

    /// The entries of `indices`, for a list field laid out by `r`.
    public func entries(_ indices: some Sequence<Int>, _ r: TemplateRecord) -> TemplateValue {
        .list(indices.map { entry($0, r).value })
    }

    /// The summary as list pages show it: relative links and images in it were
    /// written for the post's own page, so they are resolved against its permalink.
    func summaryHTML(_ e: PostListEntry) -> String {
        if urls.absolute { return contentURLs.rewrite(e.summaryHTML, page: urls.absoluteURL(e.permalink)) }
        return contentURLs.rewriteRootRelative(e.summaryHTML, page: e.permalink)
    }

    /// Rendered Markdown for its own page: site paths the author wrote (`/about/`)
    /// get `base_url`'s path, or all of `base_url` in `publish`.
    public func contentHTML(_ html: String) -> String {
        contentURLs.rewriteSitePaths(html, absolute: urls.absolute)
    }

    public func toc(_ entries: [TOCEntry], _ r: TemplateRecord) -> TemplateValue {
        .list(entries.map { t in
            var r = r
            r["level"] = .int(t.level)
            r["id"] = .string(t.id)
            r["text"] = .string(t.text)
            return r.value
        })
    }

    /// A post with everything its own page shows.
    public func post(_ i: Int, _ r: TemplateRecord) -> TemplateValue {
        let sp = site.posts[i]
        let post = sp.post
        // The series box, not the mark lists show, is the post's own `series`.
        var r = entry(i, r, seriesMark: false)
        r["content"] = .string(contentHTML(sp.rendered.html))
        r["toc"] = toc(sp.rendered.toc, r.elementRecord(for: "toc"))
        r["has_toc"] = .bool(sp.rendered.toc.count >= 2)
        r["show_toc"] = .bool(sp.rendered.toc.count >= Self.tocMinimumHeadings)
        r["params"] = Self.open(post.params)
        r["source_path"] = .string(post.sourcePath)
        if let u = post.updated, u.instant != post.date.instant {
            r["updated"] = .string(strings.date(u))
            r["updated_iso"] = .string(DateText.iso(u))
        }
        if let image = post.image {
            r["image"] = self.image(image, from: post.sourcePath, r.record(for: "image"))
        }
        if let box = SiteProjections.seriesBox(for: i, in: site) { r["series"] = seriesBox(box, r.record(for: "series")) }
        if let ai = sp.appIndex { r["app"] = appCard(ai, r.record(for: "app")).value }
        if r.wants("related") {
            let link = r.elementRecord(for: "related")
            r["related"] = .list(sp.relatedIndices.map { relatedLink($0, link) })
        }
        r["has_related"] = .bool(!sp.relatedIndices.isEmpty)
        return r.value
    }

    /// A hero image or a screenshot: its URL, alt text and, when known, size; when
    /// it is processed, its variants (`srcset`, `sizes`, and `sources` for a
    /// `<picture>`, whose `picture` says to write one). `displayed`: how the theme
    /// shows it, for `sizes`.
    func image(_ image: ImageRef, from sourcePath: String, _ r: TemplateRecord,
               displayed: ImageVariantSet.Display = .column) -> TemplateValue {
        var r = r
        r["src"] = .string(urls.url(ImageReference.sitePath(image.src, from: sourcePath)))
        if let alt = image.alt { r["alt"] = .string(alt) }
        if let size = site.imageSize(image.src, in: sourcePath) {
            r["width"] = .int(size.width)
            r["height"] = .int(size.height)
        }
        if let set = site.imageVariants(image.src, in: sourcePath) {
            let sizes = set.sizes(displayed)
            let srcset = { (format: ImageFormat) in set.srcset(format, url: urls.url) }
            r["src"] = .string(urls.url("/" + set.fallbackPath))
            r["picture"] = .bool(true)
            if set.widths.count > 1 && set.modernFormats.isEmpty { r["srcset"] = .string(srcset(set.fallback)) }
            r["sizes"] = .string(sizes)
            let element = r.elementRecord(for: "sources")
            r["sources"] = .list(set.modernFormats.map { format in
                var source = element
                source["type"] = .string(format.mediaType)
                source["srcset"] = .string(srcset(format))
                source["sizes"] = .string(sizes)
                return source.value
            })
        }
        return r.value
    }

    /// How wide the theme shows a list entry's thumbnail (`.thumb` in style.css: 7.5rem,
    /// 5.5rem on a phone), for `sizes`.
    static let thumbnailSizes = "(max-width: 34rem) 5.5rem, 7.5rem"
    /// 7.5rem in CSS pixels.
    static let thumbnailWidth = 120

    /// A hero image as a list's thumbnail: the smallest variant that is sharp at 2×
    /// as `src`, with its own `width` and `height`, and in `srcset` only the variants
    /// a 3× screen could want (not the 1440 px one a post's page offers).
    func thumbnail(_ t: EntryImage, _ r: TemplateRecord) -> TemplateValue {
        var r = r
        if let alt = t.alt { r["alt"] = .string(alt) }
        guard let set = t.variants else {
            r["src"] = .string(urls.url(t.src))
            if let size = t.size {
                r["width"] = .int(size.width)
                r["height"] = .int(size.height)
            }
            return r.value
        }
        // The size of what a browser picks: the first modern format's narrowest sharp
        // variant. `src`, for a browser that takes no <source>, is in the image's own
        // format, which has the small widths only when no modern format is offered.
        let small = set.variant(set.modernFormats.first ?? set.fallback, atLeast: 2 * Self.thumbnailWidth)
        let own = set.variant(set.fallback, atLeast: 2 * Self.thumbnailWidth)
        let width = small?.width ?? set.width
        r["src"] = .string(urls.url("/" + (own?.path ?? set.fallbackPath)))
        r["width"] = .int(width)
        r["height"] = .int(small == nil ? set.height : Int((Double(width * set.height) / Double(max(set.width, 1))).rounded()))
        r["picture"] = .bool(true)
        r["sizes"] = .string(Self.thumbnailSizes)
        let srcset = { (format: ImageFormat) in set.srcset(format, upTo: 3 * Self.thumbnailWidth, url: urls.url) }
        if set.modernFormats.isEmpty, set.widths.count > 1 { r["srcset"] = .string(srcset(set.fallback)) }
        let element = r.elementRecord(for: "sources")
        r["sources"] = .list(set.modernFormats.map { format in
            var source = element
            source["type"] = .string(format.mediaType)
            source["srcset"] = .string(srcset(format))
            source["sizes"] = .string(Self.thumbnailSizes)
            return source.value
        })
        return r.value
    }

    /// The series box on a post: "Part 3 of 7", the parts, previous and next.
    func seriesBox(_ box: SeriesBox, _ r: TemplateRecord) -> TemplateValue {
        var r = r
        let n = box.parts.count
        let position = box.position
        r["title"] = .string(box.title)
        r["url"] = .string(urls.url(box.url))
        r["position"] = .int(position + 1)
        r["count"] = .int(n)
        let label = strings.part(position + 1, of: n)
        r["label"] = .string(label)
        (r["ref_before"], r["ref_after"]) = seriesRef(label)
        r["nav_label"] = .string(strings.format(.seriesNav, ["series": box.title]))
        r["has_other_parts"] = .bool(n > 1)
        let part = r.elementRecord(for: "parts")
        r["parts"] = .list(box.parts.enumerated().map { k, p in
            var e = part
            e["number"] = .int(k + 1)
            e["title"] = .string(p.title)
            e["url"] = .string(urls.url(p.permalink))
            e["current"] = .bool(k == position)
            return e.value
        })
        func link(_ p: SeriesBox.Part, _ name: String, _ label: ThemeStrings.Key) -> TemplateValue {
            var l = r.record(for: name)
            l["title"] = .string(p.title)
            l["url"] = .string(urls.url(p.permalink))
            l["label"] = .string(strings.format(label, ["title": p.title]))
            return l.value
        }
        if position > 0 { r["previous"] = link(box.parts[position - 1], "previous", .previousPart) }
        if position + 1 < n { r["next"] = link(box.parts[position + 1], "next", .nextPart) }
        return r.value
    }

    public func tagLink(_ t: TagLink, _ r: TemplateRecord) -> TemplateRecord {
        var r = r
        r["name"] = .string(t.name)
        r["slug"] = .string(t.slug)
        r["url"] = .string(urls.url(t.url))
        r["count"] = .int(t.count)
        r["count_text"] = .string(strings.count(t.count, one: .postCountOne, other: .postCountOther))
        return r
    }

    // MARK: Series

    public func seriesSummary(_ si: Int, _ r: TemplateRecord) -> TemplateRecord {
        let s = projections.series[si]
        var r = r
        r["title"] = .string(s.title)
        r["slug"] = .string(s.slug)
        r["url"] = .string(urls.url(s.url))
        r["count"] = .int(s.count)
        r["count_text"] = .string(strings.count(s.count, one: .partCountOne, other: .partCountOther))
        r["params"] = Self.open(s.params)
        if let desc = s.description { r["description"] = .string(desc) }
        return r
    }

    public func series(_ si: Int, _ r: TemplateRecord) -> TemplateValue {
        let s = site.series[si]
        var r = seriesSummary(si, r)
        r["intro"] = .string(contentHTML(s.intro.html))
        let part = r.elementRecord(for: "posts")
        r["posts"] = .list(s.postIndices.enumerated().map { k, pi in
            var e = entry(pi, part)
            e["number"] = .int(k + 1)
            return e.value
        })
        r["has_posts"] = .bool(!s.postIndices.isEmpty)
        r["order"] = .string(s.series.order.rawValue)
        return r.value
    }

    // MARK: Apps

    public func appCard(_ ai: Int, _ r: TemplateRecord) -> TemplateRecord {
        let a = projections.apps[ai]
        var r = r
        r["title"] = .string(a.title)
        r["slug"] = .string(a.slug)
        r["url"] = .string(urls.url(a.url))
        r["status"] = .string(a.status.rawValue)
        r["retired"] = .bool(a.status == .retired)
        r["platforms"] = .list(a.platforms.map { .string($0) })
        r["platforms_text"] = .string(a.platforms.joined(separator: ", "))
        r["has_platforms"] = .bool(!a.platforms.isEmpty)
        r["post_count"] = .int(a.postCount)
        r["params"] = Self.open(a.params)
        if let t = a.tagline { r["tagline"] = .string(t) }
        if let icon = a.icon {
            r["icon"] = .string(urls.url(icon))
            r["icon_alt"] = .string(strings.format(.appIcon, ["app": a.title]))
        }
        if let set = a.iconVariants {
            // Each size the theme shows an icon at: its 1× variant, and a `srcset` with the
            // 2× one for sharp screens (a <picture> per icon would weigh more than it saves).
            for size in ImagePlanner.iconSizes {
                let src = set.variant(set.fallback, atLeast: size).map { "/" + $0.path } ?? "/" + set.fallbackPath
                r["icon_\(size)"] = .string(urls.url(src))
                let srcset = set.densitySrcset(set.fallback, size: size, url: urls.url)
                if srcset.contains(" 2x") { r["icon_\(size)_srcset"] = .string(srcset) }
            }
        }
        if let id = a.appStoreID { r["app_store_id"] = .string(id) }
        r["more_title"] = .string(strings.format(.backToApp, ["app": a.title]))
        if let d = a.released {
            r["released"] = .string(strings.date(d))
            r["released_iso"] = .string(DateText.iso(d))
            r["released_year"] = .int(d.year)
            r["since_text"] = .string(strings.format(.since, ["year": String(d.year)]))
        }
        return r
    }

    public func app(_ ai: Int, _ r: TemplateRecord) -> TemplateValue {
        let a = site.apps[ai]
        var r = appCard(ai, r)
        r["description"] = .string(contentHTML(a.description.html))
        if let v = a.app.appStore { r["app_store"] = .string(v) }
        if let v = a.app.website { r["website"] = .string(v) }
        if let v = a.app.source { r["source"] = .string(v) }
        // Privacy Policy and Support go beside the store buttons; other child pages in a list.
        let children = projections.appPages[ai]
        let privacy = children.first { $0.slug == "privacy" }, support = children.first { $0.slug == "support" }
        if let privacy { r["privacy_url"] = .string(urls.url(privacy.url)) }
        if let support { r["support_url"] = .string(urls.url(support.url)) }
        let others = children.filter { $0.slug != "privacy" && $0.slug != "support" }
        let link = r.elementRecord(for: "pages")
        r["pages"] = .list(others.map { p in
            var l = link
            l["title"] = .string(p.title)
            l["slug"] = .string(p.slug)
            l["url"] = .string(urls.url(p.url))
            return l.value
        })
        r["has_pages"] = .bool(!others.isEmpty)
        r["has_links"] = .bool(a.app.appStore != nil || a.app.website != nil || a.app.source != nil
                               || privacy != nil || support != nil)
        let shot = r.elementRecord(for: "screenshots")
        r["screenshots"] = .list(a.app.screenshots.map { image($0, from: a.app.sourcePath, shot, displayed: .screenshot) })
        r["has_screenshots"] = .bool(!a.app.screenshots.isEmpty)
        r["posts"] = entries(a.postIndices, r.elementRecord(for: "posts"))
        r["has_posts"] = .bool(!a.postIndices.isEmpty)
        r["posts_title"] = .string(strings.format(.postsAbout, ["app": a.app.title]))
        return r.value
    }

    // MARK: Values

    /// The default theme shows a table of contents (`show_toc`) from this many headings on.
    public static let tocMinimumHeadings = 3

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

    /// Free-form front matter, looked up by name (`page.params.anything`).
    static func open(_ params: [String: FrontMatterValue]) -> TemplateValue {
        .object(TemplateObject(values: [], open: params.mapValues(value)))
    }

    static func value(_ v: FrontMatterValue) -> TemplateValue {
        switch v {
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .bool(let b): return .bool(b)
        case .null: return .bool(false)
        case .array(let a): return .list(a.map(value))
        case .mapping(let pairs):
            // As YAML reads them: a repeated key's last value wins.
            var m: [String: TemplateValue] = [:]
            for (k, v) in pairs { m[k] = value(v) }
            return .object(TemplateObject(values: [], open: m))
        }
    }
}
