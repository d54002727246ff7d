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
import Foundation
import Testing

/// Processed images keep their colours: a flat (201, 64, 32) square comes out
/// within 2 of that in every channel, in every variant (WebP and the image's own
/// format, body pictures and app icons), whether the source is untagged, tagged
/// sRGB, or stored in Adobe RGB with its profile (converted to sRGB exactly once).
/// Through the real pipeline, the published files decoded by Pillow.
@Suite(.enabled(if: LibVips.loadedOrCI, "libvips is not installed (apt install libvips42)"),
       .enabled(if: Pillow.availableOrCI, "needs python3 with Pillow (pip install pillow)"))
struct ImageColourTests {
    static let sources = ["flat.jpg", "flat.png", "flat-srgb.jpg", "flat-adobergb.jpg", "flat-adobergb.png"]

    @Test func everyVariantKeepsTheSourceColour() throws {
        let body = Self.sources.enumerated().map { "![Flat \($0.offset)](/images/\($0.element))" }.joined(separator: "\n\n")
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig.replacingOccurrences(
            of: "images: { resize: false }", with: "images: { resize: true, widths: [32, 48] }"), files: [
            "content/posts/2024-01-02-flat.md": "---\ntitle: Flat\ndate: 2024-01-02\n---\n\(body)\n",
            "content/apps/gauge.md": "---\ntitle: Gauge\ntagline: Measures\nicon: /images/icon.png\n---\nGauge.\n",
        ])
        for name in Self.sources {
            try folder.writeBytes("content/images/\(name)", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture(name)))))
        }
        try folder.writeBytes("content/images/icon.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture("flat-adobergb.png")))))
        let output = folder.outside("public")
        let report = try SiteBuilder.build(BuildRequest(siteDirectory: folder.root, outputDirectory: output,
                                                        mode: .build(includeDrafts: false), now: siteTestsNow))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let published = try FileManager.default.subpathsOfDirectory(atPath: output.appendingPathComponent("images").path)
            .filter { ["jpg", "png", "webp", "avif"].contains(($0 as NSString).pathExtension) }.sorted()
        // Each source at 32 and 48 px in WebP, and its own format; the icon (64 px) at its own size.
        for stem in ["flat.jpg", "flat.png", "flat-srgb", "flat-adobergb.jpg", "flat-adobergb.png"] {
            #expect(published.contains("\(stem).32.webp") && published.contains("\(stem).48.webp"), "\(stem): \(published)")
        }
        #expect(published.contains("icon.png") && published.count == 16, "\(published)")
        let expected = [201, 64, 32]
        let found = try Pillow.colours(published.map { output.appendingPathComponent("images/\($0)").path }, expected: expected)
        #expect(found.count == published.count, "Pillow decoded every file: \(found.keys.sorted())")
        for (path, colour) in found.sorted(by: { $0.key < $1.key }) {
            let name = (path as NSString).lastPathComponent
            for channel in 0..<3 {
                // The colour: within 2. Single pixels: within 4, for lossy WebP's chroma
                // noise at quality 80 (libwebp makes the same of a flat square by itself).
                #expect(abs(colour.mean[channel] - Double(expected[channel])) <= 2,
                        "\(name): channel \(channel) is \(colour.mean[channel]) on average, not \(expected[channel]) ± 2")
                #expect(colour.worst[channel] <= 4, "\(name): a pixel's channel \(channel) is \(colour.worst[channel]) off \(expected[channel])")
            }
            #expect(!colour.profiled, "\(name): published as sRGB without a profile, not tagged with the source's")
        }
    }
}
