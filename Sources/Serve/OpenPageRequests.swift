import Foundation
import Synchronization

/// The open pages first: after an edit is announced, each open page that it changed
/// reloads and asks for itself, and serve renders it on the spot
/// (`IncrementalBuilder.page(atOutputPath:)`). Writing the rest (`finish`) uses
/// every core, so it waits until those requests are served: until no announced page
/// has been asked for during `quiet`, or at most `longest` (an open page the edit
/// did not change asks for nothing).
public final class OpenPageRequests: Sendable {
    private struct State {
        var announcedAt: UInt64 = 0
        var lastServed: UInt64?
    }

    private let state = Mutex(State())

    public init() {}

    /// An edit was announced: the requests that follow are its open pages'.
    public func announced() {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { $0 = State(announcedAt: now, lastServed: nil) }
    }

    /// A page (or asset) of the announced edit was served, rendered on request.
    public func served() {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { $0.lastServed = now }
    }

    /// Blocks until the open pages were served: `quiet` after the last request served
    /// once one came, and never past `longest` after the announcement; at once when
    /// `newerWork` says the next save came (its rebuild comes first).
    public func waitForOpenPages(quiet: Duration = .milliseconds(30), longest: Duration = .milliseconds(250),
                                 unless newerWork: () -> Bool = { false }) {
        let quietNanos = UInt64(quiet.components.seconds) * 1_000_000_000 + UInt64(quiet.components.attoseconds / 1_000_000_000)
        let longestNanos = UInt64(longest.components.seconds) * 1_000_000_000 + UInt64(longest.components.attoseconds / 1_000_000_000)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let (start, last) = state.withLock { ($0.announcedAt, $0.lastServed) }
            if now >= start + longestNanos { return }
            if let last, now >= last + quietNanos { return }
            if newerWork() { return }
            usleep(2_000)
        }
    }
}
