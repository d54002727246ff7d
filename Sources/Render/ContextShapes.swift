import Load
import Template
import Images

/// The template contract: every name a template can use, declared once, as the
/// shape of each page type's context. Templates are compiled against these
/// (`Theme`), so a name that is not here is reported where it is written, and
/// `TemplateValues` fills objects laid out by them. README's variable list is
/// this file in prose.
///
/// Each page template gets a tree of its own (`PageKinds.root(for:)` builds a fresh one per
/// call), so what one page type's templates read of a post entry is known apart
/// from what another's read: the archive shows no summaries, and its entries
/// are built without them.
public enum ContextShapes {
    public typealias Fields = [(String, TemplateShape)]

    /// Names whose values are text, numbers or flags.
    public static func scalars(_ names: String...) -> Fields {
        names.map { ($0, TemplateShape.scalar) }
    }

    public static func object(_ fields: Fields) -> TemplateShape {
        TemplateShape(fields: fields)
    }

    public static func list(_ element: TemplateShape) -> TemplateShape {
        TemplateShape(fields: [], element: element)
    }

    /// Free-form front matter (`params`): any name may be asked for.
    static var open: TemplateShape { TemplateShape(fields: [], isOpen: true) }

    // MARK: Site and page

    static var feedLink: TemplateShape { object(scalars("title", "url", "type", "label")) }

    static var site: TemplateShape {
        object(scalars("title", "base_url", "language", "home_url", "description", "logo_url", "logo_type", "icon_url",
                       "has_nav", "series_count", "app_count", "locale", "years", "css_strings", "has_social",
                       "has_search")
               + [("params", open),
                  ("author", object(scalars("name", "email", "url", "bio") + [("avatar", object(scalars("src", "width", "height")))])),
                  ("social", list(socialLink)),
                  ("nav", list(object(scalars("title", "url", "current")))),
                  ("feeds", list(feedLink))])
    }

    /// One of the author's profiles (`social:`): `name` as written, `label` to show,
    /// `url`, and `is_email` for the address (a `mailto:` link, no `rel="me"`).
    static var socialLink: TemplateShape { object(scalars("name", "label", "url", "is_email")) }

    /// One shape for every kind of page: the base template reads `page.image` and
    /// `page.is_post` on all of them, and `page.app_store_id` (the Smart App Banner,
    /// on an app's page and its child pages). `flags`: the page templates, each a `page.is_<name>`.
    static func page(flags: [String]) -> TemplateShape {
        object(scalars("kind", "title", "url", "absolute_url", "full_title", "description", "short_description",
                       "twitter_card", "image", "image_alt", "content", "has_toc", "show_toc", "has_content", "app_store_id")
               + flags.map { ("is_" + $0.replacingOccurrences(of: "-", with: "_"), TemplateShape.scalar) }
               + [("params", open),
                  ("feeds", list(feedLink)),
                  ("own_feed", feedLink),
                  ("toc", list(tocEntry))])
    }

    static var tocEntry: TemplateShape { object(scalars("level", "id", "text")) }

    // MARK: Posts

    public static var tagLink: TemplateShape { object(tagLinkFields) }
    public static var tagLinkFields: Fields { scalars("name", "slug", "url", "count", "count_text") }

    /// What a list entry shows of a post (`PostListEntry`); `thumbnail`: its hero image, small.
    static var entryFields: Fields {
        scalars("title", "url", "date", "date_short", "date_iso", "year", "summary", "reading_minutes", "reading_time",
                "has_tags", "draft", "future", "has_more")
            + [("tags", list(tagLink)), ("series", object(scalars("title", "url", "label", "ref_before", "ref_after"))),
               ("thumbnail", image)]
    }

    public static var entry: TemplateShape { object(entryFields) }

    /// A post on its own page: its entry, with the series box in place of the series mark
    /// and the hero `image` in place of the thumbnail,
    /// and links to its related posts (`RelatedPosts`).
    public static var post: TemplateShape {
        object(entryFields.filter { $0.0 != "series" && $0.0 != "thumbnail" }
               + scalars("content", "has_toc", "show_toc", "source_path", "updated", "updated_iso", "has_related")
               + [("toc", list(tocEntry)),
                  ("related", list(relatedLink)),
                  ("params", open),
                  ("image", image),
                  ("series", seriesBox),
                  ("app", appCard)])
    }

    /// A related post at the end of a post (`RelatedLink`): a link and its date.
    static var relatedLink: TemplateShape { object(scalars("title", "url", "date", "date_short", "date_iso", "year")) }

    /// A hero image or screenshot; a processed one also has its variants: `picture`
    /// (write a `<picture>`), `srcset`, `sizes`, and `sources` (type, srcset, sizes).
    static var image: TemplateShape {
        object(scalars("src", "alt", "width", "height", "picture", "srcset", "sizes")
               + [("sources", list(object(scalars("type", "srcset", "sizes"))))])
    }

    static var seriesBox: TemplateShape {
        let link = object(scalars("title", "url", "label"))
        return object(scalars("title", "url", "position", "count", "label", "ref_before", "ref_after", "nav_label",
                              "has_other_parts")
                      + [("parts", list(object(scalars("number", "title", "url", "current")))),
                         ("previous", link), ("next", link)])
    }

    // MARK: Series, apps, tags

    public static var seriesSummaryFields: Fields {
        scalars("title", "slug", "url", "count", "count_text", "description") + [("params", open)]
    }

    public static var series: TemplateShape {
        object(seriesSummaryFields + scalars("intro", "has_posts", "order")
               + [("posts", list(object(entryFields + scalars("number"))))])
    }

    static var appCardFields: Fields {
        scalars("title", "slug", "url", "status", "retired", "platforms_text", "has_platforms", "post_count",
                "tagline", "icon", "icon_alt", "released", "released_iso", "released_year", "since_text", "app_store_id", "more_title")
            + [("platforms", list(.scalar)), ("params", open)]
            + ImagePlanner.iconSizes.flatMap { [("icon_\($0)", .scalar), ("icon_\($0)_srcset", .scalar)] }
    }

    public static var appCard: TemplateShape { object(appCardFields) }

    public static var app: TemplateShape {
        object(appCardFields + scalars("description", "app_store", "website", "source", "has_links", "has_screenshots", "has_posts",
                               "posts_title", "privacy_url", "support_url", "has_pages")
               + [("screenshots", list(image)), ("posts", list(entry)), ("pages", list(appPageLink))])
    }

    /// A child page of an app, as its app's page lists it.
    static var appPageLink: TemplateShape { object(scalars("title", "slug", "url")) }

    /// The theme's words (`ThemeStrings`): every key without placeholders.
    static var strings: TemplateShape { object(ThemeStrings.Key.plain.map { ($0.rawValue, TemplateShape.scalar) }) }

    // MARK: Roots

    /// The context a page template gets: `site`, `page`, `strings`, and `own`, its page kind's names.
    public static func root(own: Fields, flags: [String]) -> TemplateShape {
        object([("site", site), ("page", page(flags: flags)), ("strings", strings)] + own)
    }
}
