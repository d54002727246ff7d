import Foundation
import Load
import Markdown

extension SitePost {
    /// `post` as a build shows it: its rendered body (with its `summary:` as the list
    /// summary, `SiteResolver.withSummary`), its URL by the site's permalink pattern,
    /// and whether it is a draft or dated in the future. Relations to series, apps,
    /// tags and related posts are none yet: `PostRelations` makes them.
    public init(showing post: Post, rendered: RenderedMarkdown, postPermalink: String, visibility: PostVisibility) {
        self.init(post: post, rendered: rendered, permalink: SiteURLs.post(post, pattern: postPermalink),
                  isDraft: post.draft, isFuture: visibility.isFuture(post), tagIndices: [])
    }

    /// This post with the relations `old` had (series, app, tags, related posts): an edited
    /// post keeps them until `PostRelations.update` makes them again.
    public func keepingRelations(of old: SitePost) -> SitePost {
        var post = self
        post.seriesIndex = old.seriesIndex
        post.seriesPosition = old.seriesPosition
        post.appIndex = old.appIndex
        post.tagIndices = old.tagIndices
        post.relatedIndices = old.relatedIndices
        return post
    }
}
