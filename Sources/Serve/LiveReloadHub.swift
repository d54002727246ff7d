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
        json { out in
            append("{\"changed\":", to: &out)
            appendArray(changedPaths, to: &out)
            append(",\"warnings\":", to: &out)
            appendArray(warnings, to: &out)
            append(pending ? ",\"pending\":true}" : "}", to: &out)
        }
    }

    /// Warnings alone, for a page that opens after the build (no `changed`: nothing to reload).
    static func payload(warnings: [String]) -> String {
        json { out in
            append("{\"warnings\":", to: &out)
            appendArray(warnings, to: &out)
            append("}", to: &out)
        }
    }

    static func payload(errors: [String]) -> String {
        json { out in
            append("{\"errors\":", to: &out)
            appendArray(errors, to: &out)
            append("}", to: &out)
        }
    }

    /// The text `write` makes, as UTF-8 bytes in one buffer: a template edit's event names
    /// 10,000 paths (about 400 KB), made while the open pages wait for it.
    private static func json(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }

    private static func appendArray(_ strings: [String], to out: inout [UInt8]) {
        out.reserveCapacity(out.count + strings.reduce(2) { $0 + $1.utf8.count + 3 })
        out.append(UInt8(ascii: "["))
        for (n, string) in strings.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            // Most strings (paths) need no escape: their bytes appended whole, read in place.
            let plain = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
                guard !utf8.contains(where: needsEscape) else { return false }
                out.append(contentsOf: utf8)
                return true
            } ?? false
            if !plain { append(escaped(string), to: &out) }
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A byte that may start something a JSON string must escape (a quote, a backslash, a control
    /// character) or that the page's script would take for a line end (U+2028, U+2029 start with E2).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    private static func escaped(_ string: String) -> String {
        var out = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
