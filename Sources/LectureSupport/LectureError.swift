/// What stops a run, as diagnostics: a bad option or a missing toolchain (exit status 2), content
/// with errors (1), an I/O failure (1), a cancellation (128 + the signal's number).
///
/// The one failure shape of the tool: the problems are `Diagnostic` values, never pre-formatted
/// text, and `LectureCommand.main` prints them through its `Console` (unless `isReported`) and
/// returns `exitStatus`. Problems in the user's content are collected (`DiagnosticEngine`) so a
/// run reports them all; this is thrown only when the run cannot go on.
package struct LectureError: Error, CustomStringConvertible, Sendable {
    /// The problems, in the order they are printed; at least one.
    package var diagnostics: [Diagnostic]
    /// The exit status the command line returns for it.
    package var exitStatus: Int32
    /// Whether `diagnostics` were printed already (a build reports its content's problems,
    /// sorted by file and line, before it fails); the command then prints only its closing line,
    /// `lecture build: failed with N errors`.
    package var isReported: Bool
    /// The build step that threw it (`Write`), as Publish's `PublishingError` names its step;
    /// `nil` for a failure outside the build's steps (a bad option).
    package var step: String?

    /// The content's errors, already reported: exit status 1.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
        exitStatus = 1
        isReported = true
    }

    /// Problems not yet reported, which stop the run with `exitStatus` (default 2, usage and setup).
    package init(unreported diagnostics: [Diagnostic], exitStatus: Int32 = 2) {
        self.diagnostics = diagnostics
        self.exitStatus = exitStatus
        isReported = false
    }

    /// One problem, not yet reported; `exitStatus` defaults to 2 (usage and setup).
    package init(_ diagnostic: Diagnostic, exitStatus: Int32 = 2) {
        self.init(unreported: [diagnostic], exitStatus: exitStatus)
    }

    /// An error of no file (a bad option, a missing tool), not yet reported.
    package init(_ identifier: Diagnostic.Identifier, _ summary: String, notes: [String] = [], exitStatus: Int32 = 2) {
        self.init(.error(identifier, summary, notes: notes), exitStatus: exitStatus)
    }

    /// `error` as the build step named `step` threw it: a `LectureError` keeps its problems, exit
    /// status and whether they were reported; any other error becomes `lecture.unexpected`
    /// (exit status 1). Each problem not yet reported gets the note `in the build step 'Write'`,
    /// so the step's name is printed with it.
    package init(_ error: any Error, step: String) {
        self = error as? LectureError ?? LectureError(.unexpected, SystemErrorText.reason(of: error), exitStatus: 1)
        self.step = step
        if !isReported {
            diagnostics = diagnostics.map { diagnostic in
                var labelled = diagnostic
                labelled.notes.append("in the build step \(quoted: step)")
                return labelled
            }
        }
    }

    /// The diagnostics as the console prints them in the plain format, one after another.
    package var message: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The message.
    package var description: String { message }
}

/// The name content stages throw under; the same type as `LectureError`, whose
/// `init(_ diagnostics:)` says the problems were reported.
package typealias DiagnosticsError = LectureError
