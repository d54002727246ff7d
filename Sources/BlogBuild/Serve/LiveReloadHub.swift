import Foundation
import Synchronization

/// Fans rebuild notifications out to the open live-reload streams (Server-Sent
/// Events). Closing it ends every stream, so a graceful shutdown never waits for
/// open browser tabs.
public final class LiveReloadHub: Sendable {
    private struct State {
        var streams: [Int: AsyncStream<String>.Continuation] = [:]
        var nextID = 0
        var closed = false
        /// The problems of the last build, while it failed: shown over every open page.
        var errors: [String] = []
        /// The warnings of the last good build: shown in a panel on every open page.
        var warnings: [String] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The number of open streams.
    public var subscriberCount: Int { state.withLock { $0.streams.count } }

    /// A stream of SSE `data:` payloads (JSON); finished when the hub closes.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id: Int? = state.withLock { state in
            if state.closed { return nil }
            let id = state.nextID
            state.nextID += 1
            state.streams[id] = continuation
            // A page opened while the build is broken shows the problems at once.
            if !state.errors.isEmpty {
                continuation.yield(Self.payload(errors: state.errors))
            } else if !state.warnings.isEmpty {
                continuation.yield(Self.payload(warnings: state.warnings))
            }
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every open page which paths (`/posts/x/index.html`, `/assets/style.css`)
    /// a rebuild changed, and the build's warnings (`file:line:column: message`),
    /// which pages show in a panel until a build has none.
    /// A good build also clears the problems of a bad one.
    /// `pending`: the edit is announced (its pages are served as they are now) and the
    /// rest is still being made; another event follows when it is written.
    public func send(changedPaths: [String], warnings: [String] = [], pending: Bool = false) {
        let payload = Self.payload(changedPaths: changedPaths, warnings: warnings, pending: pending)
        let streams = state.withLock { state -> [AsyncStream<String>.Continuation] in
            state.errors = []
            state.warnings = warnings
            return Array(state.streams.values)
        }
        for stream in streams { stream.yield(payload) }
    }

    /// A failed build: every open page (and every page opened until the next good
    /// build) shows `errors` (`file:line:column: message`) over the page.
    public func send(errors: [String]) {
        let payload = Self.payload(errors: errors)
        let streams = state.withLock { state -> [AsyncStream<String>.Continuation] in
            state.errors = errors
            return Array(state.streams.values)
        }
        for stream in streams { stream.yield(payload) }
    }

    /// Ends every stream; later subscriptions end at once.
    public func close() {
        let streams = state.withLock { state -> [AsyncStream<String>.Continuation] in
            state.closed = true
            let all = Array(state.streams.values)
            state.streams = [:]
            return all
        }
        for stream in streams { stream.finish() }
    }

    static func payload(changedPaths: [String], warnings: [String] = [], pending: Bool = false) -> String {
        // In the order given: a template edit changes 10,000 pages, and a page looks for its own path.
        "{\"changed\":" + jsonArray(changedPaths) + ",\"warnings\":" + jsonArray(warnings)
            + (pending ? ",\"pending\":true}" : "}")
    }

    /// Warnings alone, for a page that opens after the build (no `changed`: nothing to reload).
    static func payload(warnings: [String]) -> String {
        "{\"warnings\":" + jsonArray(warnings) + "}"
    }

    static func payload(errors: [String]) -> String {
        "{\"errors\":" + jsonArray(errors) + "}"
    }

    private static func jsonArray(_ strings: [String]) -> String {
        var out = "["
        out.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (n, string) in strings.enumerated() {
            if n > 0 { out += "," }
            out += "\""
            // Most strings (paths) need no escape: appended whole, not scalar by scalar.
            if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }) {
                out += string
            } else {
                for scalar in string.unicodeScalars {
                    switch scalar {
                    case "\"": out += "\\\""
                    case "\\": out += "\\\\"
                    case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                        out += String(format: "\\u%04x", scalar.value)
                    default: out.unicodeScalars.append(scalar)
                    }
                }
            }
            out += "\""
        }
        return out + "]"
    }
}
