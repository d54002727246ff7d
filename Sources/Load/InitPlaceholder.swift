import Foundation
import Diagnostics

/// A stand-in `blogbuild init` writes for the user to replace, still there: the site
/// would go live at `https://example.com/`, by "Your Name", linking to
/// `https://example.com/about/`, with `you@example.com` in its feeds, init's wireframe
/// as every page's picture, or the sample app's links to example.com.
public struct InitPlaceholder: Sendable, Hashable {
    public enum Key: String, Sendable, Hashable {
        case baseURL = "base_url"
        case author
        case authorURL = "author.url"
        case authorEmail = "author.email"
        /// `image:`: listed by `ConfigLoader` whenever site.yml names one; the build
        /// keeps it only when that file holds init's starter picture (`StarterImage.isStarter`).
        case siteImage = "image"
        /// An app's `website`, `app_store`, `source` or `app_store_id` (`appKey`).
        case appLink = "app link"
        /// `you@example.com` in a page's text: the address the sample app's privacy
        /// and support pages tell readers to write to.
        case pageEmail = "page email"
    }

    public var key: Key
    /// Where it is written (the value of `base_url:`, the author's name, an app's link).
    public var location: SourceLocation?
    /// The file it is written in: site.yml, or an app's page.
    public var file: String = ConfigLoader.path
    /// For `appLink`: the key and the value written.
    public var appKey: String? = nil
    public var value: String? = nil

    /// What init writes as the author's page and address.
    static let authorURL = ConfigLoader.placeholderBaseURL + "about/"
    static let authorEmail = "you@example.com"
    /// The App Store id init's sample app shows in a comment, to uncomment and replace.
    static let appStoreID = "1234567890"

    /// An address that is no one's: example.com, .org and .net (and their subdomains),
    /// kept by RFC 2606 for examples, where init points the sample app's links.
    static func isExampleAddress(_ url: String) -> Bool {
        guard let host = URLComponents(string: url.trimmingCharacters(in: .whitespaces))?.host?.lowercased() else { return false }
        return ["example.com", "example.org", "example.net"].contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The apps' links still at init's stand-ins, each at its key: an example.com
    /// website, store or source link, or the sample App Store id.
    public static func appLinks(in apps: [App]) -> [InitPlaceholder] {
        apps.flatMap { app -> [InitPlaceholder] in
            var links: [(String, String?)] = [("website", app.website), ("source", app.source)]
            // `app_store:` as written; the link made from `app_store_id` is told at the id.
            if app.keyLocations["app_store"] != nil { links.append(("app_store", app.appStore)) }
            var found = links.compactMap { key, value -> InitPlaceholder? in
                guard let value, isExampleAddress(value) else { return nil }
                return InitPlaceholder(key: .appLink, location: app.keyLocations[key], file: app.sourcePath, appKey: key, value: value)
            }
            if app.appStoreID == appStoreID {
                found.append(InitPlaceholder(key: .appLink, location: app.keyLocations["app_store_id"], file: app.sourcePath,
                                             appKey: "app_store_id", value: appStoreID))
            }
            return found
        }
    }

    /// Init's address in the text of the pages (an app's privacy and support pages
    /// say to write to it), each at its line. Posts are left alone: one may show
    /// the address as an example.
    public static func pageEmails(in pages: [Page]) -> [InitPlaceholder] {
        pages.flatMap { page -> [InitPlaceholder] in
            guard page.body.contains(authorEmail) else { return [] }
            return page.body.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                line.contains(authorEmail)
                    ? InitPlaceholder(key: .pageEmail, location: SourceLocation(line: page.bodyLine + index, column: 1), file: page.sourcePath)
                    : nil
            }
        }
    }

    /// What is said about it: a notice while the site is being written (`build`,
    /// `serve`), an error where it would go live (`publish`, and `check`, which
    /// reports what publish fails on).
    public func diagnostic(strict: Bool) -> Diagnostic {
        let message: String
        switch key {
        case .baseURL:
            message = "'base_url' is the placeholder \(ConfigLoader.placeholderBaseURL) that blogbuild init writes: "
                + "set it to the address the site is published at"
                + (strict ? " (or give it with --base-url URL, as init's GitHub workflow does)" : "")
        case .author:
            message = "'author' is the placeholder name \"\(ConfigLoader.placeholderAuthorName)\" that blogbuild init writes: "
                + (strict ? "write your own name" : "pages and feeds show it as the author")
        case .authorURL:
            message = "'author.url' is the placeholder \(Self.authorURL) that blogbuild init writes: "
                + (strict ? "write the address of your own page, or leave it out" : "pages and feeds link to it as the author's page")
        case .authorEmail:
            message = "'author.email' is the placeholder \(Self.authorEmail) that blogbuild init writes: "
                + (strict ? "write your own address, or leave it out" : "the Atom feed gives it as the author's address")
        case .siteImage:
            message = "'image' is the starter picture that blogbuild init writes: "
                + (strict ? "replace the file with a picture of your site (1200 × 630 px), or leave the key out"
                          : "every page without a picture of its own shares it on social sites")
        case .appLink:
            let key = appKey ?? "link"
            message = "'\(key)' is a placeholder (\(value ?? "")) that blogbuild init writes: "
                + (strict ? "write the app's own, or leave the key out" : "the app's page links to it")
        case .pageEmail:
            message = "\(Self.authorEmail) is the placeholder address that blogbuild init writes: "
                + (strict ? "write yours" : "the page tells readers to write to it")
        }
        return Diagnostic(file: file, line: location?.line, column: location?.column,
                          message: message, severity: strict ? .error : .notice)
    }
}
