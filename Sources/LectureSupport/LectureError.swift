/// A failure that stops the whole run: I/O on the tool's own files, a missing toolchain, bad usage.
///
/// Problems in the user's content are `Diagnostic`s instead, collected so a run reports them all.
public struct LectureError: Error, CustomStringConvertible, Sendable {
    /// The whole text printed to stderr (`error: …` or `path: error: …`), maybe several lines.
    public var message: String
    /// Exit status the command line reports for it: 2 for usage and setup, 1 otherwise.
    public var exitStatus: Int32

    /// Creates an error; `exitStatus` defaults to 2 (usage and setup).
    public init(_ message: String, exitStatus: Int32 = 2) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// The message.
    public var description: String { message }
}
