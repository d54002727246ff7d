import Foundation

/// One self-overwriting status line on standard error, only when it is a terminal
/// (so logs and pipes never see it).
final class ProgressLine: Sendable {
    private let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    func show(_ stage: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(stage)…".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
