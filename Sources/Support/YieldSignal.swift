/// Whether work should stop because newer work is waiting: serve's next save has
/// come, so what a rebuild still had to make in the background (feeds, the search
/// index, link checks, pages nobody asked for) is left to the next rebuild, which
/// makes it from the files as they are then.
///
/// Work that takes it asks between pieces a few milliseconds long, and when it is
/// raised stops without keeping anything half made: what it remembers for the
/// next build stays as it was before it started (or holds only finished pieces).
public struct YieldSignal: Sendable {
    private let raised: @Sendable () -> Bool

    /// `raised`: asked often, from any thread; it must be cheap (a lock and a flag).
    public init(_ raised: @escaping @Sendable () -> Bool) {
        self.raised = raised
    }

    /// Work that never stops early (a clean build, `check`, `publish`).
    public static let never = YieldSignal { false }

    /// Whether to stop now.
    public var isRaised: Bool { raised() }
}
