import Foundation
import Testing

/// Pillow (PyPI `pillow`, through python3): decodes what blogbuild published with
/// a decoder that is not libvips. Missing, its tests are skipped; under CI=true
/// they fail.
enum Pillow {
    static let python: URL? = {
        guard let python = ProcessRunner.findOnPath("python3"),
              let probe = try? ProcessRunner.run(python, ["-c", "import PIL"], timeout: 30), probe.status == 0 else { return nil }
        return python
    }()

    static var availableOrCI: Bool { python != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Runs `script` (Python, with Pillow) with `arguments`; its standard output.
    static func run(_ script: String, _ arguments: [String]) throws -> String {
        let python = try #require(python, "CI=true but python3 with Pillow is missing (pip install pillow)")
        let outcome = try ProcessRunner.run(python, ["-c", script] + arguments, timeout: 120)
        try #require(outcome.status == 0, "\(outcome)")
        return outcome.stdout
    }

    /// What Pillow finds in each file: `gps` (the GPS IFD's entries), `exif` (EXIF
    /// tags), `orientation`, `xmp` (an XMP packet with properties), `text` (PNG text chunks), `comment`, `iptc`
    /// (JPEG APP13), `icc` (an ICC profile), `pixels` (a hash of the decoded
    /// pixels, as stored: not turned upright), `size`.
    static func metadata(_ files: [String]) throws -> [String: [String: Any]] {
        let script = """
            import hashlib, json, sys
            from PIL import Image
            out = {}
            for path in sys.argv[1:]:
                im = Image.open(path)
                exif = im.getexif()
                out[path] = {
                    "gps": len(exif.get_ifd(0x8825)),
                    "exif": sorted(int(k) for k in exif.keys() if k != 0x0112),
                    "orientation": exif.get(0x0112, 1),
                    "xmp": b"rdf:RDF" in (im.info.get("xmp") or b"") or "XML:com.adobe.xmp" in im.info,
                    "text": sorted(getattr(im, "text", {}).keys()),
                    "comment": bool(im.info.get("comment")),
                    "iptc": bool(im.info.get("photoshop")),
                    "icc": bool(im.info.get("icc_profile")),
                    "pixels": hashlib.sha256(im.convert("RGB").tobytes()).hexdigest(),
                    "size": list(im.size),
                }
            print(json.dumps(out))
            """
        let json = try run(script, files)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]], "\(json)")
    }

    /// Each file's pixels, decoded by Pillow without colour management: the mean
    /// of each channel (R, G, B) over the whole image, the largest distance of any
    /// pixel from `expected` in each channel, and whether the file carries an ICC profile.
    static func colours(_ files: [String], expected: [Int]) throws -> [String: (mean: [Double], worst: [Int], profiled: Bool)] {
        let script = """
            import sys
            from PIL import Image, ImageStat
            expected = [int(v) for v in sys.argv[1].split(",")]
            for path in sys.argv[2:]:
                im = Image.open(path)
                profiled = bool(im.info.get("icc_profile"))
                rgb = im.convert("RGB")
                mean = ImageStat.Stat(rgb).mean
                worst = [max(abs(lo - e), abs(hi - e)) for (lo, hi), e in zip(rgb.getextrema(), expected)]
                print(path, profiled, ",".join(f"{m:.2f}" for m in mean), ",".join(map(str, worst)))
            """
        var out: [String: (mean: [Double], worst: [Int], profiled: Bool)] = [:]
        for line in try run(script, [expected.map(String.init).joined(separator: ",")] + files).split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 4 else { continue }
            out[parts[0]] = (parts[2].split(separator: ",").compactMap { Double($0) }, parts[3].split(separator: ",").compactMap { Int($0) },
                             parts[1] == "True")
        }
        return out
    }
}
