import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where the tool reports: diagnostics and progress to stderr, results to stdout.
// @unchecked: its state is under an NSLock, not Synchronization's Mutex: ThreadSanitizer does not
// see a contended Mutex's futex wait on Linux (it is in the uninstrumented runtime) and reports
// false races; this lock is held across each write, which threads printing at once contend for.
package final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// Whether stderr is a terminal that moves its cursor (progress lines are shown only then).
    let isTerminal: Bool
    private var output: (String) -> Void
    private var errors: (String) -> Void
    private var diagnosticFormat = DiagnosticFormat.plain
    private let workingDirectory = FileManager.default.currentDirectoryPath

    /// How `report` prints diagnostics (`--report plain|github`); `plain` unless set.
    var format: DiagnosticFormat {
        get { lock.withLock { diagnosticFormat } }
        set { lock.withLock { diagnosticFormat = newValue } }
    }

    /// The environment that chooses defaults, such as `GITHUB_ACTIONS` for the diagnostics'
    /// format: the process's, or what a test gives.
    package let environment: [String: String]

    /// Whether the runner of GitHub Actions reads what is printed (`GITHUB_ACTIONS=true`): then
    /// no line printed on behalf of input may start a workflow command (`WorkflowCommand.inert`),
    /// whatever the diagnostics' format; only the tool's own commands (`github`) are left whole.
    private var readByActions: Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// `text` as it may reach the log: inert under GitHub Actions.
    private func safe(_ text: String) -> String { readByActions ? WorkflowCommand.inert(text) : text }

    /// Writes to stdout and stderr; `quietProgress` hides progress lines even on a terminal.
    init(quietProgress: Bool = false) {
        environment = ProcessEnvironment.current()
        isTerminal = !quietProgress && isatty(2) == 1 && Self.movesTheCursor(environment)
        output = { Console.write($0 + "\n", to: 1) }
        errors = { Console.write($0 + "\n", to: 2) }
    }

    /// A console that records lines, for tests; `environment` replaces the process's.
    init(environment: [String: String] = [:], recordingInto recorder: @escaping @Sendable (String) -> Void) {
        self.environment = environment
        isTerminal = false
        output = recorder
        errors = recorder
    }

    /// Writes a result line to stdout. A control character in it but line feed and tab is shown
    /// visibly (`TerminalText.lines`): a caller quoting a path on a line of its own shows it with
    /// `TerminalText.line`.
    package func print(_ line: String) { lock.withLock { output(safe(TerminalText.lines(line))) } }

    /// Whether the progress line's carriage return and erase (`ESC [K`) may be written to the
    /// terminal `environment` describes: a dumb terminal (`TERM=dumb`: Emacs' shell, some CI
    /// runners' ptys) or none named shows them as text, and `NO_COLOR` (set and not empty, as
    /// no-color.org reads it) asks for output without escape sequences: no progress is shown then.
    static func movesTheCursor(_ environment: [String: String]) -> Bool {
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Writes a line that is neither a result nor a diagnostic to stderr: the closing
    /// `lecture build: failed with N errors`, the help after a usage error.
    func printError(_ line: String) { lock.withLock { errors(safe(TerminalText.lines(line))) } }

    /// Writes a diagnostic in the console's `format`: to stderr, or for `github` to stdout, where
    /// GitHub's documentation says the runner reads workflow commands.
    package func report(_ diagnostic: Diagnostic) {
        lock.withLock {
            let text = diagnosticFormat.render(diagnostic, workingDirectory: workingDirectory)
            // A `github` diagnostic is one command line whose quoted input is escaped as data.
            if case .github = diagnosticFormat { output(text) } else { errors(safe(text)) }
        }
    }

    /// Writes each diagnostic, in the given order.
    package func report(_ diagnostics: [Diagnostic]) { diagnostics.forEach(report) }

    /// A transient progress line, such as `[3/12] content/mvc.md:40`, on terminals only, cut to
    /// the terminal's width (`ProgressLine`).
    func progress(_ line: String) {
        guard isTerminal else { return }
        let columns = ProgressLine.columns(environment: environment)
        lock.withLock { Console.write(Console.progressText(safe(TerminalText.line(line)), columns: columns), to: 2) }
    }

    /// What `progress` writes for `line` on a terminal `columns` wide: the line erased, then
    /// `line` in fewer columns than the terminal has, so it never wraps.
    static func progressText(_ line: String, columns: Int?) -> String {
        "\r\u{1B}[K" + ProgressLine.fitted(line, columns: columns)
    }

    /// Erases the progress line, on terminals only.
    func clearProgress() {
        guard isTerminal else { return }
        lock.withLock { Console.write("\r\u{1B}[K", to: 2) }
    }

    /// Writes to a file descriptor, ignoring failures (see `StandardStream.write`).
    static func write(_ text: String, to descriptor: Int32) { StandardStream.write(text, to: descriptor) }
}
