#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where the tool reports: diagnostics and progress to stderr, results to stdout.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// Whether stderr is a terminal (progress lines are shown only then).
    public let isTerminal: Bool
    private var output: (String) -> Void
    private var errors: (String) -> Void

    /// Writes to stdout and stderr; `quietProgress` hides progress lines even on a terminal.
    public init(quietProgress: Bool = false) {
        isTerminal = !quietProgress && isatty(2) == 1
        output = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        errors = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    }

    /// A console that records lines, for tests.
    public init(recordingInto recorder: @escaping @Sendable (String) -> Void) {
        isTerminal = false
        output = recorder
        errors = recorder
    }

    /// Writes a result line to stdout.
    public func print(_ line: String) { lock.withLock { output(line) } }

    /// Writes a diagnostic's `description` to stderr.
    public func report(_ diagnostic: Diagnostic) { lock.withLock { errors(diagnostic.description) } }

    /// Writes each diagnostic to stderr, in the given order.
    public func report(_ diagnostics: [Diagnostic]) { diagnostics.forEach(report) }

    /// A transient progress line, such as `[3/12] content/mvc.md:40`, on terminals only.
    public func progress(_ line: String) {
        guard isTerminal else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
    }

    /// Erases the progress line, on terminals only.
    public func clearProgress() {
        guard isTerminal else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
