extension Array where Element: Sendable {
    /// Maps over the array on all cores, keeping the order.
    public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        ConcurrentMap.map(self, transform)
    }
}
