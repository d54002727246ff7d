import Foundation
import Synchronization

/// One self-overwriting status line on standard error, only when it is a terminal
/// (so logs and pipes never see it).
final class ProgressLine: Sendable {
    private let enabled: Bool
    /// How long counted work runs before its count is shown: short work says nothing.
    /// `BLOGBUILD_PROGRESS_AFTER` (seconds) sets it, for tests.
    private let countAfter: Double
    /// When the counted work began, and when its line was last written (seconds since boot).
    private let counting = Mutex<(what: String, started: Double, shown: Double)?>(nil)

    init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        countAfter = ProcessInfo.processInfo.environment["BLOGBUILD_PROGRESS_AFTER"].flatMap(Double.init) ?? 1.5
    }

    func show(_ stage: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(stage)…".utf8))
    }

    /// `images: 120/340`, once the work has run `countAfter` seconds, at most ten
    /// times a second, and at its end (then cleared). Called from any thread.
    func count(_ what: String, done: Int, total: Int) {
        guard enabled else { return }
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        counting.withLock { state in
            if state?.what != what { state = (what, now, 0) }
            guard let current = state, now - current.started >= countAfter,
                  now - current.shown >= 0.1 || done == total else { return }
            state?.shown = now
            // Under the lock: lines from two threads never interleave. The last count is
            // cleared as it is shown: what the build prints next starts on a clean line.
            FileHandle.standardError.write(Data("\r\u{1B}[K\(what): \(done)/\(total)\(done == total ? "\r\u{1B}[K" : "")".utf8))
        }
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
