import Foundation
import HTML

/// One `<item>` of a WordPress export: a post, page, attachment, menu item or
/// any other post type, with the fields the importer reads, as written.
package struct WordPressItem: Sendable {
    /// `<category domain="category|post_tag" nicename="…">Name</category>`.
    package struct Term: Sendable, Equatable {
        package var domain: String
        package var nicename: String
        var name: String
    }

    /// `wp:post_id`; 0 when missing.
    var id: Int
    var title: String
    /// `<link>`: the post's URL on the old site (absolute), or "".
    package var link: String
    package var guid: String
    /// `wp:post_type`: post, page, attachment, nav_menu_item, …
    package var postType: String
    /// `wp:status`: publish, draft, private, pending, future, trash, inherit, …
    package var status: String
    /// `wp:post_name`, percent-encoded as WordPress stores non-ASCII slugs; may be empty on drafts.
    var postName: String
    /// `wp:post_date`, the blog's local time (`2019-03-04 11:15:00`).
    package var postDate: String
    /// `wp:post_date_gmt`; `0000-00-00 00:00:00` on a draft that was never published.
    package var postDateGMT: String
    var parent: Int
    var password: String
    /// `content:encoded`, as stored: HTML with WordPress's paragraph breaks and shortcodes.
    var content: String
    /// Line of `content:encoded`'s start tag in the export (its text starts there).
    var contentLine: Int
    /// `excerpt:encoded`.
    var excerpt: String
    package var terms: [Term]
    /// `wp:postmeta` key → value (the first of a key).
    var meta: [String: String]
    /// `wp:attachment_url` (attachments only).
    var attachmentURL: String
    var commentCount: Int
    /// Line of the `<item>` start tag.
    var line: Int

    /// How IMPORT.md names it: `export.xml (post 42 "Title")`.
    func source(in file: String) -> String {
        let kind = postType == "page" ? "page" : "post"
        // IMPORT.md shows it as inline code: one line, no backtick.
        let plain = PlainText.of(title).replacingOccurrences(of: "`", with: "'")
        let shown = plain.count > 60 ? String(plain.prefix(57)) + "..." : plain
        return "\(file) (\(kind) \(id) \"\(shown)\")"
    }

    /// The slug WordPress gave it, percent-decoded (`caf%c3%a9` → `café`); "" when none.
    var decodedName: String {
        postName.removingPercentEncoding ?? postName
    }
}
