import Foundation
import Load
import Diagnostics

/// Which posts a build shows: with drafts, every one; else those that are not
/// drafts and not dated after the build's `now`. The whole-site step (`select`)
/// and a rebuild's (`isShown`, `cameDue`) read this one rule.
public struct PostVisibility: Sendable {
    public let includesDrafts: Bool
    public let now: Date

    public init(mode: BuildMode, now: Date) {
        includesDrafts = mode.includesDrafts
        self.now = now
    }

    /// Dated after this build: shown only with drafts, and marked as such.
    public func isFuture(_ post: Post) -> Bool { post.date.instant > now }

    /// Shown by this build.
    public func isShown(_ post: Post) -> Bool { includesDrafts || (!post.draft && !isFuture(post)) }

    /// A post a build at `last` left in the future that this one shows in lists and feeds:
    /// a rebuild's posts are not only the edited ones then.
    public func cameDue(_ post: Post, since last: Date) -> Bool {
        post.date.instant > last && post.date.instant <= now
    }

    /// The whole-site step: the posts this build shows, and the source paths of the drafts and
    /// future posts it leaves out.
    func select(_ all: [Post]) -> (visible: [Post], skippedDrafts: [String], skippedFuture: [String]) {
        var visible: [Post] = []
        var skippedDrafts: [String] = []
        var skippedFuture: [String] = []
        for post in all {
            if isShown(post) {
                visible.append(post)
            } else if post.draft {
                skippedDrafts.append(post.sourcePath)
            } else {
                skippedFuture.append(post.sourcePath)
            }
        }
        return (visible, skippedDrafts, skippedFuture)
    }
}
