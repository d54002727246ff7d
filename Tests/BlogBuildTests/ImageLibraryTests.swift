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
import Synchronization
import Testing

/// Whether the libvips tests run: where libvips loads, and always under CI=true
/// (where a missing libvips must fail them, not skip them).
enum LibVips {
    static var loadedOrCI: Bool {
        if case .success = ImageLibrary.loaded { return true }
        return ProcessInfo.processInfo.environment["CI"] == "true"
    }
}

/// libvips through `ImageLibrary` and `DerivedImageCache`, on the images in
/// Tests/Fixtures/Images (drawn by its make_images.py). Without libvips these
/// are skipped with a note, unless CI=true, where a missing libvips fails them.
@Suite(.enabled(if: LibVips.loadedOrCI, "libvips is not installed (apt install libvips42)"))
struct ImageLibraryTests {
    static func fixture(_ name: String) -> String {
        RepoPaths.root.appendingPathComponent("Tests/Fixtures/Images/\(name)").path
    }

    /// The header of bytes libvips wrote, read back by libvips, after decoding
    /// every pixel of them (so a broken file fails here, not only a broken header).
    static func header(of bytes: [UInt8], ext: String) throws -> ImageLibrary.Header {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("blogbuild-image-\(UUID().uuidString).\(ext)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // This libheif reads back its own AVIF only through random access (libvips's CLI does, and
        // browsers do); AVIF is checked by its header here.
        if ext != "avif" { _ = try ImageLibrary.derive(file.path, width: 8, format: .png, quality: 80).get() }
        return try ImageLibrary.header(file.path).get()
    }

    @Test func libvipsLoadsAndWritesTheWebFormats() throws {
        let version = try ImageLibrary.loaded.get()
        #expect(version.split(separator: ".").count >= 2, "a version like 8.14.1: \(version)")
        #expect(ImageLibrary.writableFormats.isSuperset(of: [.webp, .jpeg, .png]), "\(ImageLibrary.writableFormats)")
    }

    @Test func exifOrientationIsAppliedAndMetadataStripped() throws {
        let source = Self.fixture("oriented.jpg")
        let header = try ImageLibrary.header(source).get()
        #expect((header.width, header.height, header.orientation) == (64, 32, 6))
        #expect((header.uprightWidth, header.uprightHeight) == (32, 64))
        let original = try #require(FileManager.default.contents(atPath: source))
        #expect(original.range(of: Data("CAM-SERIAL-12345".utf8)) != nil, "the fixture carries the serial")
        for format in [ImageFormat.jpeg, .webp, .png] {
            let bytes = try ImageLibrary.derive(source, width: 1000, format: format, quality: 80).get()
            let out = try Self.header(of: bytes, ext: format.fileExtension)
            #expect((out.width, out.height, out.orientation) == (32, 64, 1), "\(format): turned upright, not enlarged")
            let data = Data(bytes)
            #expect(data.range(of: Data("CAM-SERIAL-12345".utf8)) == nil, "\(format): camera serial stripped")
            #expect(data.range(of: Data("TestCam".utf8)) == nil, "\(format): camera make stripped")
            #expect(data.range(of: Data("Exif".utf8)) == nil, "\(format): no EXIF block at all (so no GPS)")
        }
    }

    @Test func derivedImagesAreByteIdenticalRunToRun() throws {
        for format in ImageLibrary.writableFormats.sorted() {
            let a = try ImageLibrary.derive(Self.fixture("wide.png"), width: 480, format: format, quality: 80).get()
            let b = try ImageLibrary.derive(Self.fixture("wide.png"), width: 480, format: format, quality: 80).get()
            #expect(a == b, "\(format) differs between two runs")
            #expect(try Self.header(of: a, ext: format.fileExtension).width == 480)
        }
    }

    @Test func neverEnlarged() throws {
        let bytes = try ImageLibrary.derive(Self.fixture("wide.png"), width: 4000, format: .webp, quality: 80).get()
        let out = try Self.header(of: bytes, ext: "webp")
        #expect((out.width, out.height) == (2000, 100))
    }

    @Test func variantWidthsNeverExceedTheSource() {
        #expect(ImageVariants.widths([480, 960, 1440], sourceWidth: 2000) == [480, 960, 1440])
        #expect(ImageVariants.widths([480, 960, 1440], sourceWidth: 1290) == [480, 960, 1290])
        #expect(ImageVariants.widths([480, 960, 1440], sourceWidth: 300) == [300])
        #expect(ImageVariants.widths([960, 480, 480], sourceWidth: 960) == [480, 960])
        #expect(ImageVariants.widths([480, 960, 1440], sourceWidth: 1000) == [480, 1000], "960 of 1000 px is not worth a file")
    }

    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        let result = ImageLibrary.derive(Self.fixture("bomb.png"), width: 480, format: .webp, quality: 80)
        guard case .failure(let failure) = result else { Issue.record("the bomb was decoded"); return }
        #expect(failure.message.contains("40000 × 40000 px"))
        #expect(failure.message.contains("decompression bomb"))
    }

    @Test(arguments: [("truncated.jpg", ""), ("corrupt.png", ""), ("notes.png", "not a known file format")])
    func badImagesFailWithAReason(name: String, expected: String) throws {
        let result = ImageLibrary.derive(Self.fixture(name), width: 480, format: .webp, quality: 80)
        guard case .failure(let failure) = result else { Issue.record("\(name) gave an image"); return }
        #expect(!failure.message.isEmpty)
        if !expected.isEmpty { #expect(failure.message.contains(expected), "\(failure.message)") }
    }

    /// libvips keeps one error buffer for the process: failures on many threads at
    /// once must each say their own file's problem, never another's.
    @Test func concurrentFailuresKeepTheirOwnMessages() {
        let names = ["notes.png", "corrupt.png", "truncated.jpg"]
        let messages = Mutex<[(String, String)]>([])
        DispatchQueue.concurrentPerform(iterations: 60) { i in
            let name = names[i % names.count]
            if case .failure(let failure) = ImageLibrary.derive(Self.fixture(name), width: 64, format: .webp, quality: 80) {
                messages.withLock { $0.append((name, failure.message)) }
            }
        }
        let all = messages.withLock { $0 }
        #expect(all.count == 60, "every bad image failed")
        for (name, message) in all {
            for other in names where other != name {
                #expect(!message.contains(other), "\(name) failed with \(other)'s message: \(message)")
            }
        }
    }

    @Test func theCacheMakesAnImageOnceAndAgainWhenItChanges() throws {
        let folder = try TestSiteFolder(config: nil)
        let cacheFolder = folder.url(".blogbuild-cache/images")
        let cache = DerivedImageCache(folder: cacheFolder, libvipsVersion: try ImageLibrary.loaded.get())
        let source = folder.url("content/images/wide.png")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture("wide.png"), toPath: source.path)
        let request = DerivedImageCache.Request(source: source.path, width: 480, format: .webp, quality: 80)
        // As a build does it: the source's hash from the index the cache folder
        // holds (a new one each time, as each build reads it), then the derived file.
        func derived() throws -> (bytes: [UInt8], cached: Bool) {
            let index = ImageSourceIndex(cacheFolder: cacheFolder)
            let hash = try #require(index.sha256(of: source.path))
            let found = try cache.file(request, sourceHash: hash).get()
            index.save()
            return ([UInt8](try #require(FileManager.default.contents(atPath: found.file.path))), found.cached)
        }

        let first = try derived()
        #expect(!first.cached)
        let second = try derived()
        #expect(second.cached, "an unchanged image is not made again")
        #expect(second.bytes == first.bytes)

        // Another image under the same name: made again, from its new bytes.
        try FileManager.default.removeItem(at: source)
        try FileManager.default.copyItem(atPath: Self.fixture("oriented.jpg"), toPath: source.path)
        let third = try derived()
        #expect(!third.cached, "a changed image is made again")
        #expect(try Self.header(of: third.bytes, ext: "webp").width == 32)
        let stored = try FileManager.default.subpathsOfDirectory(atPath: cache.folder.path).filter { $0.hasSuffix(".webp") }
        #expect(stored.count == 2, "\(stored)")
    }

    /// The index keeps a hash only while the file's stamp holds: the same size and
    /// modification time put back after an edit still count as a change.
    @Test func theSourceIndexNoticesAnEditThatKeepsSizeAndTime() throws {
        let folder = try TestSiteFolder(config: nil)
        let cacheFolder = folder.url(".blogbuild-cache/images")
        let source = folder.url("content/a.png")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 1, count: 64).write(to: source)
        let index = ImageSourceIndex(cacheFolder: cacheFolder)
        let before = try #require(index.sha256(of: source.path))
        index.save()
        #expect(ImageSourceIndex(cacheFolder: cacheFolder).sha256(of: source.path) == before, "recorded for the next build")
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: source.path)[.modificationDate] as? Date)
        try Data(repeating: 2, count: 64).write(to: source)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: source.path)
        let after = ImageSourceIndex(cacheFolder: cacheFolder).sha256(of: source.path)
        #expect(after != nil && after != before)
    }
}
