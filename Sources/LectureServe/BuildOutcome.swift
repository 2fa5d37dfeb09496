import LectureKit
import LectureSupport

/// How one build of `lecture serve` ended.
enum BuildOutcome: Sendable {
    /// Written and swapped in.
    case built(BuildReport)
    /// The content has errors (already printed); nothing was written. `errors` is their text
    /// as printed, `path:line:column: error: summary` and the indented notes.
    case failed(errors: String, count: Int)
    /// A failure of the setup rather than the content: no `swiftc`, a stand-in that does not
    /// compile, an output folder that cannot be written.
    case setupFailed(LectureError)
    /// `stop()` came first, or during the build (whose children were killed).
    case stopped

    /// Runs `BuildPipeline` and sorts its result into a case.
    /// - Parameter memory: shared by the builds of one session, so a rebuild redoes only what changed.
    static func build(_ configuration: BuildConfiguration, console: Console, memory: SessionMemory) -> BuildOutcome {
        do {
            return .built(try BuildPipeline(configuration: configuration, console: console, memory: memory).run())
        } catch let error as LectureError where error.diagnostics.first?.identifier == .cancelled {
            return .stopped
        } catch let error as LectureError where error.isReported {
            let errors = error.diagnostics.filter { $0.severity == .error }
            return .failed(errors: errors.map(\.description).joined(separator: "\n"), count: errors.count)
        } catch let error as LectureError {
            return .setupFailed(error)
        } catch {
            return .setupFailed(LectureError(.unexpected, SystemErrorText.reason(of: error), exitStatus: 1))
        }
    }
}
