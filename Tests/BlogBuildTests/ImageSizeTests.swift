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

/// Image sizes from headers, for `width`/`height` on hero images and screenshots.
@Suite struct ImageSizeTests {
    /// A whole, valid black RGB PNG of this size (its IHDR is all `ImageSize` reads;
    /// libvips decodes the rest when a site resizes images): IDAT is zlib with
    /// stored, uncompressed blocks, so no compressor is needed.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        // Each row: filter byte 0, then black pixels.
        let raw = [UInt8](repeating: 0, count: Int(height) * (1 + Int(width) * 3))
        var zlib: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65_535, raw.count - at)
            let last: UInt8 = at + n == raw.count ? 1 : 0
            zlib += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[at..<at + n]
            at += n
        } while at < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += be32(b << 16 | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test func formats() {
        #expect(ImageSize.parse(Self.png(width: 1200, height: 630)) == ImageSize(width: 1200, height: 630))
        #expect(ImageSize.parse(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00]) == ImageSize(width: 320, height: 240))
        // JPEG: SOI, an APP0 segment to skip, then SOF0 (precision, height, width).
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08,
                             0x02, 0x76, 0x04, 0xB0, 0x03, 0x01, 0x22, 0x00]
        #expect(ImageSize.parse(jpeg) == ImageSize(width: 1200, height: 630))
        // Progressive JPEG (SOF2) after a DHT table (0xC4 is not a frame).
        let progressive: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x03, 0x00, 0xFF, 0xC2, 0x00, 0x11, 0x08,
                                    0x00, 0x10, 0x00, 0x20, 0x03, 0x01, 0x22, 0x00]
        #expect(ImageSize.parse(progressive) == ImageSize(width: 32, height: 16))
        // WebP, extended (VP8X): 24-bit width-1 and height-1.
        let webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0xAF, 0x04, 0x00, 0x75, 0x02, 0x00]
        #expect(ImageSize.parse(webp) == ImageSize(width: 1200, height: 630))
    }

    @Test func notAnImageOrCutShort() {
        #expect(ImageSize.parse(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageSize.parse(Array(Self.png(width: 10, height: 10).prefix(20))) == nil)
        #expect(ImageSize.parse([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02]) == nil)
        #expect(ImageSize.parse(Self.png(width: 0, height: 10)) == nil)
        #expect(ImageSize.parse([]) == nil)
    }

    @Test func staticPathsOfFrontMatterImages() {
        #expect(ImageReference.staticPath("/images/a.png", from: "content/posts/x.md") == "images/a.png")
        #expect(ImageReference.staticPath("a.png", from: "content/posts/2021/x.md") == "posts/2021/a.png")
        #expect(ImageReference.staticPath("https://example.com/a.png", from: "content/posts/x.md") == nil)
        #expect(ImageReference.staticPath("../../../a.png", from: "content/posts/x.md") == nil)
    }

    /// A site path the quick form (`isPlainSitePath`) must leave to the resolver,
    /// and what that gives: a wrong quick answer would point at a file that is not there.
    @Test func sitePathsThatNeedResolvingAreResolved() {
        let cases: [(String, String?)] = [
            ("/images/a.png", "images/a.png"), ("/images/", "images/"), ("/a/.../b.png", "a/.../b.png"),
            ("/a/../b.png", "b.png"), ("/a/./b.png", "a/b.png"), ("/a//b.png", "a/b.png"), ("/a/..", ""),
            ("/a%20b.png", "a b.png"), ("/a.png?v=2", "a.png"), ("/a.png#top", "a.png"), ("//cdn.example/a.png", nil),
            ("/..", nil), ("/../a.png", nil), ("/a/b/..", "a/"),
        ]
        for (src, expected) in cases {
            #expect(ImageReference.staticPath(src, from: "content/posts/x.md") == expected, "\(src)")
        }
        #expect(ImageReference.isPlainSitePath("/images/a.png"))
        #expect(!ImageReference.isPlainSitePath("/a/../b.png"))
        #expect(!ImageReference.isPlainSitePath("images/a.png"))
    }

    /// The example site's hero images are 1200 × 630: the post page says so.
    @Test func heroImagesGetTheirSize() throws {
        let site = try TestSiteFolder(files: [
            "content/posts/2021-01-01-hero.md": "---\ntitle: Hero\nimage: { src: /images/hero.png, alt: A hero }\n---\nText.\n",
            "content/posts/2021-01-02-remote.md": "---\ntitle: Remote\nimage: { src: \"https://example.com/x.png\", alt: Far }\n---\nText.\n",
        ])
        try site.writeBytes("content/images/hero.png", Self.png(width: 1200, height: 630))
        let pages = renderTestSite(site)
        let hero = try #require(pages["2021/01/hero/index.html"])
        #expect(hero.contains(#"<img class="hero" src="/images/hero.png" alt="A hero" width="1200" height="630">"#), "\(hero)")
        let remote = try #require(pages["2021/01/remote/index.html"])
        #expect(remote.contains(#"<img class="hero" src="https://example.com/x.png" alt="Far">"#), "\(remote)")
    }
}
