import Dispatch

/// Measures how long each pipeline stage took (wall clock), for `--verbose`.
public struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    public private(set) var laps: [(stage: String, seconds: Double)] = []

    public init() {}

    public mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((stage, Double(now - last) / 1e9))
        last = now
    }
}
