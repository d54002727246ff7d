/// The site paths pages looked up among the output files, each held once, with
/// the output file each resolved to (nil: none). A page keeps only the ids of
/// the paths it looked up: at 10,000 posts every page links to the same
/// navigation, tags and feeds, and a table of its own per page held those
/// strings 11,000 times over (about 35 MB in serve).
public struct LinkProbes: Sendable {
    /// By id.
    public private(set) var sitePaths: [String] = []
    /// By id: what the site path resolved to when last looked up.
    public private(set) var outputs: [String?] = []
    private var ids: [String: Int32] = [:]
    /// False for a check that keeps nothing for the next build (a clean build's): then
    /// nothing is recorded, and every id is 0.
    var recording = true

    public var count: Int { sitePaths.count }

    /// Records that `sitePath` resolved to `output` (the latest record wins); its id.
    mutating func record(_ sitePath: String, _ output: String?) -> Int32 {
        guard recording else { return 0 }
        if let id = ids[sitePath] {
            outputs[Int(id)] = output
            return id
        }
        let id = Int32(sitePaths.count)
        ids[sitePath] = id
        sitePaths.append(sitePath)
        outputs.append(output)
        return id
    }

    /// Sets what the path with `id` resolves to now.
    public mutating func update(_ id: Int, to output: String?) {
        outputs[id] = output
    }

    /// Takes in `other`'s site paths (its resolutions win, being newer); the result
    /// maps each id of `other` to the id here.
    mutating func absorb(_ other: LinkProbes) -> [Int32] {
        var mapped: [Int32] = []
        mapped.reserveCapacity(other.count)
        for (path, output) in zip(other.sitePaths, other.outputs) { mapped.append(record(path, output)) }
        return mapped
    }

    /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
    public init(sitePaths: [String] = [], outputs: [String?] = []) {
        self.sitePaths = sitePaths
        self.outputs = outputs
    }
}
