import Foundation
import Testing
@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

/// Issue 42: one home for addresses. Every absolute URL is made by one maker that
/// percent-encodes one way (`AbsoluteURLs.absolute`), so a page's canonical link, its
/// Open Graph URL, the sitemap and the feeds name a post with a non-ASCII address
/// alike; every site path maps to its file through one function (`SitePaths.outputPath`),
/// a feed's folder holding `index.xml` where a page's holds `index.html`.
@Suite struct SiteURLsTests {
    @Test func aNonASCIIAddressIsTheSameURLInPagesSitemapAndFeeds() throws {
        let folder = try TestSiteFolder(files: [
            "content/posts/2024-01-05-note.md": "---\ntitle: 总结\nslug: 总结 2024\n---\nText.\n",
        ])
        let published = renderTestSite(folder, mode: .publish)
        #expect(published.problems.isEmpty, "\(published.problems)")
        // The file is where a server looks after decoding the request.
        let page = try #require(published["2024/01/总结 2024/index.html"], "\(published.byPath.keys.sorted())")
        let url = "https://example.org/2024/01/%E6%80%BB%E7%BB%93%202024/"
        #expect(page.contains("<link rel=\"canonical\" href=\"\(url)\">"), "\(page)")
        #expect(page.contains("<meta property=\"og:url\" content=\"\(url)\">"), "\(page)")
        published.expect("sitemap.xml", contains: ["<loc>\(url)</loc>"])
        published.expect("feed.xml", contains: ["<link>\(url)</link>"])
        published.expect("index.html", contains: ["href=\"\(url)\""])
    }

    @Test func pagesAndFeedsShareOneMappingToFiles() {
        for (sitePath, page, feed) in [("/", "index.html", "index.xml"), ("/feed/", "feed/index.html", "feed/index.xml"),
                                       ("/feed", "feed/index.html", "feed/index.xml"), ("/tags/x/atom.xml", "tags/x/atom.xml", "tags/x/atom.xml"),
                                       ("/caf%C3%A9/", "café/index.html", "café/index.xml"), ("/404.html", "404.html", "404.html")] {
            #expect(SiteURLs.outputPath(sitePath) == page, "\(sitePath)")
            #expect(FeedAddress.outputPath(forSitePath: sitePath) == feed, "\(sitePath)")
        }
        // The paths the site writes besides its pages come from SiteURLs too.
        #expect(SiteURLs.outputPath(SiteURLs.sitemapPart(2)) == "sitemap-2.xml")
        #expect(SiteURLs.outputPath(SiteURLs.collectionFeed(pageURL: SiteURLs.tag(slug: "swift"))) == "tags/swift/atom.xml")
        #expect(SiteURLs.assetOutputPath("style.css") == "assets/style.css")
        #expect(SiteURLs.imageVariant(stem: "images/a", width: 800, fileExtension: "webp") == "/images/a.800.webp")
    }
}
