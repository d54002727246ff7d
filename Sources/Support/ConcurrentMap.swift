import Dispatch

/// Maps over an array on all cores, keeping the order: each chunk of indices
/// is written by exactly one iteration into a pre-sized buffer.
public enum ConcurrentMap {
    public static func map<Element: Sendable, T: Sendable>(_ input: [Element], _ transform: @Sendable (Element) -> T) -> [T] {
        if input.count < 2 { return input.map(transform) }
        let chunk = Swift.max(1, Swift.min(32, input.count / 64))
        let chunks = (input.count + chunk - 1) / chunk
        return [T](unsafeUninitializedCapacity: input.count) { buffer, initialized in
            nonisolated(unsafe) let output = buffer
            input.withUnsafeBufferPointer { source in
                nonisolated(unsafe) let source = source
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    let start = c * chunk
                    let end = Swift.min(start + chunk, source.count)
                    for i in start..<end { output.initializeElement(at: i, to: transform(source[i])) }
                }
            }
            initialized = input.count
        }
    }
}
