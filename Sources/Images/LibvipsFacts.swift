import Foundation
import Support
import Site

/// What blogbuild needs to know of the installed libvips before it processes an
/// image: its version (part of every derived image's cache name) and the formats
/// it writes. Finding them out means loading libvips and its libraries and
/// writing a tiny image in each format, which costs more than a whole warm build
/// of a small site; so they are kept in the image cache (`libvips.json`) with the
/// stamps of what decides them, and libvips is loaded only when an image must
/// really be read or made.
///
/// The record holds while the library file, its modules folder (where libvips
/// finds its HEIF/AVIF saver), the dynamic linker's cache and
/// `LD_LIBRARY_PATH` are as they were: an upgrade, a new module or an
/// `ldconfig` run makes blogbuild load libvips and look again.
public struct LibvipsFacts: Codable, Sendable, Equatable {
    public var version: String
    public var writable: [ImageFormat]
    /// The files and folder whose stamps must match, and their stamps.
    var checks: [Check]
    var libraryPath: String? = nil
    var ldLibraryPath: String?

    struct Check: Codable, Sendable, Equatable {
        var path: String
        var stamp: FileStamp?
    }

    static let fileName = "libvips.json"

    /// The facts: from the cache folder's record while it holds, else from
    /// libvips itself (then recorded). A failure says why libvips cannot be used.
    public static func current(cacheFolder: URL) -> Result<LibvipsFacts, ImageLibrary.Failure> {
        // Set to stand for a machine without libvips: never answered from a record.
        if ProcessInfo.processInfo.environment["BLOGBUILD_NO_LIBVIPS"] != nil {
            return ImageLibrary.loaded.map { _ in fromLibrary() }
        }
        let file = cacheFolder.appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: file.path),
           let recorded = try? JSONDecoder().decode(LibvipsFacts.self, from: data), recorded.stillHolds {
            return .success(recorded)
        }
        return ImageLibrary.loaded.map { _ in
            let facts = fromLibrary()
            facts.record(in: file)
            return facts
        }
    }

    /// Whether the record describes the libvips this process would load.
    var stillHolds: Bool {
        ldLibraryPath == ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"]
            && !checks.isEmpty && checks.allSatisfy { FileStamp.of($0.path) == $0.stamp }
    }

    /// Asks the loaded libvips.
    private static func fromLibrary() -> LibvipsFacts {
        let version = (try? ImageLibrary.loaded.get()) ?? ""
        let library = ImageLibrary.libraryPath
        var checked = ["/etc/ld.so.cache"]
        if !library.isEmpty {
            checked.append(library)
            // libvips's modules sit beside it, in vips-modules-MAJOR.MINOR.
            let majorMinor = version.split(separator: ".").prefix(2).joined(separator: ".")
            checked.append((library as NSString).deletingLastPathComponent + "/vips-modules-" + majorMinor)
        }
        return LibvipsFacts(version: version, writable: ImageLibrary.writableFormats.sorted(),
                            checks: library.isEmpty ? [] : checked.map { Check(path: $0, stamp: FileStamp.of($0)) },
                            libraryPath: library.isEmpty ? nil : library,
                            ldLibraryPath: ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"])
    }

    /// Written to a temporary file and renamed, so a reader never sees half a record.
    /// A record that cannot be written only means libvips is asked again next time.
    private func record(in file: URL) {
        guard !checks.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(self) else { return }
        DerivedImageCache.writeAtomically(data, to: file)
    }
}
