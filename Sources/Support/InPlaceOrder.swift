/// Rearranges an array in place by moving its elements, never copying them: a patched plan (`PlanPatch`) puts 10,000 posts and their list entries in a
/// new order after one post came, went or moved, and a copy of each costs more
/// than the rest of the patch.
public enum InPlaceOrder {
    /// `array` with element `k` taken from `order[k]` (`order` is a permutation of its indices).
    public static func permute<T>(_ array: inout [T], by order: [Int]) {
        var placed = [Bool](repeating: false, count: order.count)
        // Through the buffer: its `swapAt` moves the two elements, where `Array`'s copies
        // them (a retain and a release of every reference a post holds, per swap).
        array.withUnsafeMutableBufferPointer { buffer in
            for start in order.indices where !placed[start] {
                // One cycle of the permutation: each swap puts one element in its place.
                var k = start
                while true {
                    placed[k] = true
                    let from = order[k]
                    if from == start { break }
                    buffer.swapAt(k, from)
                    k = from
                }
            }
        }
    }

    /// `array` with element `k` taken from the old element `origin[k]`, or `filler` where
    /// `origin[k]` is nil (a new element, made afterwards); old elements `origin` does not
    /// name are dropped.
    public static func rearrange<T>(_ array: inout [T], origin: [Int?], filler: T) {
        var staying = [Bool](repeating: false, count: array.count)
        for old in origin.compactMap({ $0 }) { staying[old] = true }
        // The staying elements moved to the front in their order; `compact` maps an old index there.
        var compact = [Int](repeating: -1, count: array.count)
        var kept = 0
        array.withUnsafeMutableBufferPointer { buffer in
            for old in buffer.indices where staying[old] {
                buffer.swapAt(kept, old)
                compact[old] = kept
                kept += 1
            }
        }
        array.removeLast(array.count - kept)
        var next = kept
        let order = origin.map { old -> Int in
            if let old { return compact[old] }
            defer { next += 1 }
            return next
        }
        if next > kept { array.append(contentsOf: repeatElement(filler, count: next - kept)) }
        permute(&array, by: order)
    }
}
