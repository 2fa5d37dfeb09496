import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The end of a process a test started and asked to stop (a signal, a released lock), waited
/// for with a limit (code review 42 #6): `Process.waitUntilExit()` alone waits forever when a
/// regression keeps the process from stopping, and `swift test` then hangs until CI kills it.
public enum ProcessEnd {
    /// Waits until `process` has ended, at most `limit`; past it the process is killed
    /// (SIGKILL) and reaped. Whether it ended by itself within the limit.
    public static func wait(for process: Process, within limit: Duration = .seconds(120)) -> Bool {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended
    }
}
