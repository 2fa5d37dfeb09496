import Foundation
import LectureKit
import LectureSupport

/// `lecture serve` while book.toml has an error: it prints what `lecture build` prints (book.toml's
/// diagnostics and, when the run can go on with the defaults (`SettingDefaults`), the pages'
/// checked with them; nothing written, nothing served), then waits for book.toml to change and
/// reads it again. Once it reads without an error the preview starts, so fixing book.toml is all
/// the author does (mdBook's `serve` rereads it too); a stop (Ctrl-C) while it waits ends the
/// command.
enum SettingsRepair {
    /// The line said while the session waits for book.toml.
    static func waiting(_ path: String) -> String {
        "Waiting for \(TerminalText.line(path)) to change: the preview starts once it has no error (Ctrl-C stops)"
    }

    /// Whether `diagnostics` (book.toml's) hold an error that keeps the preview from starting.
    static func blocks(_ diagnostics: [Diagnostic]) -> Bool { diagnostics.hasErrors }

    /// Prints `diagnostics` and, when the run can go on after them (`configuration.settingErrors`
    /// holds every error among them), the pages' problems checked with the defaults, in one list
    /// ordered as `lecture build` orders it (`BuildContext.report`).
    /// - Returns: false when `stop` cut the check of the pages short.
    static func report(
        _ diagnostics: [Diagnostic], configuration: BuildConfiguration, console: Console, stop: Cancellation
    ) -> Bool {
        let goesOn = diagnostics.filter { $0.severity == .error }.allSatisfy(configuration.settingErrors.contains)
        guard goesOn, !configuration.settingErrors.isEmpty else {
            console.report(diagnostics.sortedForReading())
            return true
        }
        var checked = configuration
        checked.run.cancellation = stop
        checked.settingDiagnostics = diagnostics
        // The settings' errors fail the pipeline before `Write`: nothing is written.
        let outcome = BuildOutcome.build(checked, console: console, memory: SessionMemory())
        if case .setupFailed(let error) = outcome { console.report(error.diagnostics) }
        if case .stopped = outcome { return false }
        return true
    }

    /// Blocks until the file at `path` differs from `state` (`SettingsFileWatch.identity`: written,
    /// replaced, deleted or made again since it was read) or `stop` is cancelled.
    /// - Returns: true when the file changed.
    static func waitForChange(
        of path: String, since state: [Int]?, stop: Cancellation, interval: Double = 0.1
    ) -> Bool {
        let changed = DispatchSemaphore(value: 0)
        let watch = SettingsFileWatch(path: path, interval: interval) { changed.signal() }
        watch.start(from: state)
        defer { watch.stop() }
        while !stop.isCancelled {
            if changed.wait(timeout: .now() + interval) == .success { return true }
        }
        return false
    }
}
