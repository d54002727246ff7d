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

/// No metadata leaves: originals published as they are (libvips missing, or
/// `images: { resize: false }`, or a page linking to the file) lose their EXIF
/// (GPS position, camera serial), XMP, IPTC, comments and text chunks, losslessly
/// (the same pixels, the colour profile and the orientation kept); what libvips
/// makes carries none either. The fixtures (Tests/Fixtures/Images/gps.*, drawn by
/// make_images.py) carry all of it; Pillow reads back what was published.
@Suite(.enabled(if: Pillow.availableOrCI, "needs python3 with Pillow (pip install pillow)"))
struct ImageMetadataTests {
    static let strippable = ["gps.jpg", "gps.png", "gps.webp", "gps.avif"]

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: ImageLibraryTests.fixture(name))))
    }

    /// What must be gone from a published file, and what must stay, by Pillow's reading.
    static func expectClean(_ found: [String: Any]?, original: [String: Any]?, _ name: String,
                            orientation: Int = 6, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let found else { Issue.record("\(name) was not read", sourceLocation: sourceLocation); return }
        #expect(found["gps"] as? Int == 0, "\(name): a GPS position", sourceLocation: sourceLocation)
        #expect((found["exif"] as? [Int])?.isEmpty == true, "\(name): EXIF beyond the orientation: \(found["exif"] ?? "")", sourceLocation: sourceLocation)
        #expect(found["xmp"] as? Bool == false, "\(name): XMP", sourceLocation: sourceLocation)
        #expect((found["text"] as? [String])?.isEmpty == true, "\(name): text chunks \(found["text"] ?? "")", sourceLocation: sourceLocation)
        #expect(found["comment"] as? Bool == false && found["iptc"] as? Bool == false, "\(name): a comment or IPTC", sourceLocation: sourceLocation)
        #expect(found["orientation"] as? Int == orientation, "\(name): orientation \(found["orientation"] ?? "")", sourceLocation: sourceLocation)
        if let original {
            #expect(found["pixels"] as? String == original["pixels"] as? String, "\(name): the pixels changed", sourceLocation: sourceLocation)
            #expect(found["icc"] as? Bool == original["icc"] as? Bool, "\(name): the colour profile was not kept", sourceLocation: sourceLocation)
        }
    }

    /// The published bytes hold none of the fixtures' telltale strings either.
    static func expectNoTelltales(_ bytes: Data, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for telltale in ["CAM-SERIAL-12345", "TestCam", "XMP-CREATOR-Jo", "IPTC-CITY-Bath", "COMMENT-Home", "TEXT-Home", "tIME", "zTXt"] {
            #expect(bytes.range(of: Data(telltale.utf8)) == nil, "\(name) still holds '\(telltale)'", sourceLocation: sourceLocation)
        }
    }

    @Test func theFixturesCarryWhatMustGo() throws {
        let found = try Pillow.metadata(Self.strippable.map(ImageLibraryTests.fixture))
        for name in Self.strippable {
            let info = try #require(found[ImageLibraryTests.fixture(name)])
            #expect(info["gps"] as? Int == 4 && info["xmp"] as? Bool == true && info["orientation"] as? Int == 6, "\(name): \(info)")
            if !name.hasSuffix(".avif") { #expect(info["icc"] as? Bool == true, "\(name): \(info)") }
        }
        #expect(try #require(found[ImageLibraryTests.fixture("gps.jpg")])["iptc"] as? Bool == true)
        #expect(try #require(found[ImageLibraryTests.fixture("gps.png")])["text"] as? [String] == ["Author", "Comment", "XML:com.adobe.xmp"])
    }

    /// The stripper alone: JPEG, PNG and WebP lose their metadata and keep their
    /// pixels, profile and orientation (AVIF: its EXIF and XMP items blanked in
    /// place; Pillow reads its orientation from `irot`, which stays); an
    /// orientation of 1 leaves no EXIF at all; broken files are refused with a reason.
    @Test func theStripperKeepsPixelsProfileAndOrientation() throws {
        let folder = try TestSiteFolder(config: nil)
        var written: [String] = []
        for name in Self.strippable {
            guard case .stripped(let out) = MetadataStripper.strip(try Self.bytes(name)) else { Issue.record("\(name) was not stripped"); continue }
            try folder.writeBytes(name, out)
            written.append(folder.url(name).path)
            Self.expectNoTelltales(Data(out), name)
        }
        let found = try Pillow.metadata(written + Self.strippable.map(ImageLibraryTests.fixture))
        for name in Self.strippable {
            Self.expectClean(found[folder.url(name).path], original: found[ImageLibraryTests.fixture(name)], name)
        }
        // Stripping again changes nothing: the minimal EXIF holds the orientation alone.
        for path in written {
            #expect(MetadataStripper.strip([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))) == .unchanged, "\(path)")
        }
        // Orientation 1 (flat.jpg has none; the serial-carrying photo turned upright by hand) leaves no EXIF.
        #expect(MetadataStripper.strip(try Self.bytes("flat.jpg")) == .unchanged)
        #expect(MetadataStripper.strip(Array("PNG".utf8)) == .notAnImage, "placeholder bytes are no image")
        guard case .malformed(let why) = MetadataStripper.strip(try Self.bytes("truncated.jpg")) else {
            Issue.record("a JPEG cut off halfway was taken"); return
        }
        #expect(why.contains("broken JPEG"), "\(why)")
    }

    static let post = """
        ---
        title: Photos
        date: 2024-01-02
        ---
        ![A JPEG](/images/gps.jpg)

        ![A PNG](/images/gps.png)

        ![A WebP](/images/gps.webp)

        [The original JPEG](/images/gps.jpg)
        """

    static func site(config: String) throws -> TestSiteFolder {
        let folder = try TestSiteFolder(config: TestSiteFolder.defaultConfig.replacingOccurrences(of: "images: { resize: false }", with: config),
                                        files: ["content/posts/2024-01-02-photos.md": post])
        for name in Self.strippable { try folder.writeBytes("content/images/\(name)", try Self.bytes(name)) }
        return folder
    }

    /// Without libvips: `publish` refuses to ship the photos unresized unless
    /// site.yml says `images: { resize: false }`; `build` ships them with a notice;
    /// either way every original published (an AVIF too) has lost its metadata, not a pixel.
    @Test func withoutLibvipsOriginalsArePublishedStripped() throws {
        let exe = try #require(RepoPaths.executable, "build blogbuild first")
        let environment = ["NO_COLOR": "1", "BLOGBUILD_NO_LIBVIPS": "1"]
        let unsaid = try Self.site(config: "")
        let refused = try ProcessRunner.run(exe, ["publish", "--site", unsaid.root.path], environment: environment, timeout: 60)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("content/site.yml: images would be published as they are, not resized: libvips is not used (BLOGBUILD_NO_LIBVIPS is set); "
                                        + "install libvips, or write images: { resize: false } in site.yml"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: unsaid.url("public/images/gps.jpg").path), "nothing published")

        let built = try ProcessRunner.run(exe, ["build", "--verbose", "--site", unsaid.root.path], environment: environment, timeout: 60)
        #expect(built.status == 0, "\(built)")
        #expect((built.stdout + built.stderr).contains("images are copied as they are, not resized"), "\(built)")

        let meant = try Self.site(config: "images: { resize: false }")
        let published = try ProcessRunner.run(exe, ["publish", "--site", meant.root.path], environment: environment, timeout: 60)
        #expect(published.status == 0, "\(published)")
        for folder in [unsaid, meant] {
            let files = Self.strippable.map { folder.url("public/images/\($0)").path }
            let found = try Pillow.metadata(files + Self.strippable.map(ImageLibraryTests.fixture))
            for (name, file) in zip(Self.strippable, files) {
                Self.expectClean(found[file], original: found[ImageLibraryTests.fixture(name)], name)
                Self.expectNoTelltales(try Data(contentsOf: URL(fileURLWithPath: file)), name)
            }
        }

    }

    /// With libvips: every published image (each variant in WebP, AVIF when this
    /// libvips writes it, and the image's own format; the linked original JPEG,
    /// which keeps its own pixels) carries no metadata.
    @Test(.enabled(if: LibVips.loadedOrCI, "libvips is not installed (apt install libvips42)"))
    func withLibvipsNothingPublishedCarriesMetadata() throws {
        let folder = try Self.site(config: "images: { resize: true, widths: [24, 40], formats: [avif, webp] }")
        let output = folder.outside("public")
        let report = try SiteBuilder.build(BuildRequest(siteDirectory: folder.root, outputDirectory: output, mode: .publish, now: siteTestsNow))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let published = try FileManager.default.subpathsOfDirectory(atPath: output.appendingPathComponent("images").path).sorted()
        // Three sources named gps: their variants keep the extension (gps.jpg.24.webp).
        #expect(published.contains("gps.jpg.24.webp") && published.contains("gps.jpg") && published.contains("gps.png"), "\(published)")
        if ImageLibrary.writableFormats.contains(.avif) { #expect(published.contains("gps.jpg.24.avif"), "\(published)") }
        let paths = published.map { output.appendingPathComponent("images/\($0)").path }
        let found = try Pillow.metadata(paths + [ImageLibraryTests.fixture("gps.jpg")])
        for (name, path) in zip(published, paths) {
            // Made by libvips: turned upright (orientation 1), resized, converted; the originals published as
            // they are (the linked JPEG, the AVIF no page shows) keep their orientation and pixels.
            let original = ["gps.jpg", "gps.avif"].contains(name)
            Self.expectClean(found[path], original: original ? found[ImageLibraryTests.fixture(name)] : nil, name, orientation: original ? 6 : 1)
            Self.expectNoTelltales(try Data(contentsOf: URL(fileURLWithPath: path)), name)
        }
    }
}

/// The stripper on broken input (no Pillow needed).
@Suite struct MetadataStripperFuzzTests {
    /// Broken files never crash the stripper: every length each fixture can be cut
    /// to, and bytes changed at seeded places, give an outcome (stripped, unchanged,
    /// or a reason), and whatever comes out stripped holds no GPS telltale.
    @Test func theStripperSurvivesBrokenFiles() throws {
        var generator = SplitMix(state: 25)
        for name in ImageMetadataTests.strippable + ["flat-adobergb.png", "oriented.jpg"] {
            let whole = try ImageMetadataTests.bytes(name)
            for length in 0..<whole.count {
                if case .stripped(let out) = MetadataStripper.strip(Array(whole[0..<length])) {
                    #expect(Data(out).range(of: Data("CAM-SERIAL-12345".utf8)) == nil, "\(name) cut to \(length)")
                }
            }
            for _ in 0..<300 {
                var changed = whole
                for _ in 0..<3 { changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
                _ = MetadataStripper.strip(changed)
            }
        }
    }
}
