import Dispatch

/// Measures how long each pipeline stage took (wall clock), for `--verbose`.
package struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    package private(set) var laps: [(stage: String, seconds: Double)] = []

    package init() {}

    package mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((stage, Double(now - last) / 1e9))
        last = now
    }
}
