/// Collects compiled steps: joins adjacent text into one step (so rendering appends
/// one run of bytes), and applies the line indentation's `strip` to the text that
/// follows a line start.
struct StepWriter: Sendable {
    private var steps: [RenderStep] = []
    private var text: [UInt8] = []
    private var pendingStrip = 0

    /// A kept source line starts: write the indentation, strip the line's own blanks.
    mutating func lineStart(_ indent: LineIndent) {
        text.append(contentsOf: indent.add)
        pendingStrip = indent.strip
    }

    /// Template text.
    mutating func text(_ bytes: [UInt8]) {
        if pendingStrip > 0 {
            let kept = LineIndent.dropBlanks(bytes, upTo: pendingStrip)
            pendingStrip = 0
            text.append(contentsOf: kept)
        } else {
            text.append(contentsOf: bytes)
        }
    }

    /// Bytes written as they are (indentation).
    mutating func literal(_ bytes: [UInt8]) {
        text.append(contentsOf: bytes)
    }

    /// A tag comes before any text on the line: there are no blanks left to strip.
    mutating func cancelStrip() {
        pendingStrip = 0
    }

    mutating func step(_ step: RenderStep) {
        flush()
        steps.append(step)
    }

    mutating func finish() -> [RenderStep] {
        flush()
        return steps
    }

    private mutating func flush() {
        if !text.isEmpty {
            steps.append(.text(text))
            text = []
        }
    }
}
