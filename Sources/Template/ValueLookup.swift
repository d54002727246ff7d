/// How a name is found at render time, all decided when compiling: the stack frames
/// that may hold its first segment, top down, each with slots (or, in open objects,
/// names) for the rest. The first candidate whose frame is an object holding a value
/// that is not `.missing` wins; a dotted chain that then breaks yields `.missing`.
enum ValueLookup: Sendable {
    /// `.`: the top of the stack.
    case top
    case chain([Candidate])

    enum Step: Sendable {
        case slot(Int)
        /// A name looked up in an open object's undeclared names.
        case name(String)
    }

    struct Candidate: Sendable {
        /// Stack position, 0 being the root.
        let frame: Int
        let first: Step
        let rest: [Step]
        /// The rest of the path does not exist in this frame's shape: when this frame
        /// has the first segment, the whole name is missing (the spec's "Dotted Names -
        /// Context Precedence"), and lower frames are not searched.
        let breaks: Bool
    }

    /// The value and the index of the candidate that found it (-1 when none did); for
    /// `.top`, index 0.
    @inline(__always)
    func resolve(in frames: [TemplateValue]) -> (value: TemplateValue, candidate: Int) {
        switch self {
        case .top:
            return (frames.last ?? .missing, 0)
        case .chain(let candidates):
            for index in candidates.indices {
                let candidate = candidates[index]
                guard candidate.frame < frames.count, case .object(let object) = frames[candidate.frame] else { continue }
                let value = Self.value(of: candidate.first, in: object)
                if case .missing = value { continue }
                if candidate.breaks { return (.missing, index) }
                var current = value
                for step in candidate.rest {
                    guard case .object(let inner) = current else { return (.missing, index) }
                    current = Self.value(of: step, in: inner)
                }
                return (current, index)
            }
            return (.missing, -1)
        }
    }

    @inline(__always)
    private static func value(of step: Step, in object: TemplateObject) -> TemplateValue {
        switch step {
        case .slot(let slot): return object.value(at: slot)
        case .name(let name): return object.value(named: name)
        }
    }
}
