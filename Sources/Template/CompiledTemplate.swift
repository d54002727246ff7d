/// A template compiled against the shape of its data: renders a value of that shape to
/// UTF-8 bytes with no dynamic casts and no name lookups (except in open objects and
/// for dynamic partial names). Immutable, so any number of threads may render it at once.
public final class CompiledTemplate: Sendable {
    let name: String
    let steps: [RenderStep]

    init(name: String, steps: [RenderStep]) {
        self.name = name
        self.steps = steps
    }

    /// Appends the output for `root`, which must be laid out by the shape the template
    /// was compiled against (data laid out otherwise renders wrongly, never unsafely).
    public func render(_ root: TemplateValue, into out: inout [UInt8]) {
        var frames: [TemplateValue] = [root]
        frames.reserveCapacity(16)
        Self.run(steps, &frames, &out)
    }

    /// The output for `root`.
    public func render(_ root: TemplateValue) -> [UInt8] {
        var out: [UInt8] = []
        render(root, into: &out)
        return out
    }

    /// Recurses once per nested section or partial; the compiler bounds that nesting.
    private static func run(_ steps: [RenderStep], _ frames: inout [TemplateValue], _ out: inout [UInt8]) {
        for step in steps {
            switch step {
            case .text(let bytes):
                out.append(contentsOf: bytes)
            case .value(let lookup, let escaped):
                TemplateBytes.write(lookup.resolve(in: frames).value, escaped: escaped, to: &out)
            case .section(let lookup, let bodies):
                let (value, index) = lookup.resolve(in: frames)
                guard index >= 0 && index < bodies.count else { continue }
                switch value {
                case .missing, .null, .bool(false):
                    continue
                case .list(let items):
                    guard let body = bodies[index].list else { continue }
                    for item in items {
                        frames.append(item)
                        run(body, &frames, &out)
                        frames.removeLast()
                    }
                default:
                    guard let body = bodies[index].value else { continue }
                    frames.append(value)
                    run(body, &frames, &out)
                    frames.removeLast()
                }
            case .inverted(let lookup, let body):
                if !lookup.resolve(in: frames).value.isTruthy { run(body, &frames, &out) }
            case .include(let body):
                run(body, &frames, &out)
            case .dynamic(let lookup, let table):
                if case .string(let name) = lookup.resolve(in: frames).value, let body = table[name] {
                    run(body, &frames, &out)
                }
            }
        }
    }
}
