import Foundation
import TestFolders
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `StuckProcesses.report` names every process under a run and what each thread waits in, so a
/// contained run killed for its time says where it hung.
@Suite struct StuckProcessesTests {
    @Test func theReportNamesEachProcessUnderTheRootAndItsThreadsWait() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A shell asleep in a read of a pipe nobody writes yet.
        shell.arguments = ["-c", "read line"]
        let input = Pipe()
        shell.standardInput = input
        try shell.run()
        defer {
            try? input.fileHandleForWriting.close()
            _ = ProcessEnd.wait(for: shell, within: .seconds(30))
        }
        // The shell is asleep in its read once its state says so (never a fixed sleep).
        let pid = shell.processIdentifier
        var report = ""
        for _ in 0..<3000 {
            report = StuckProcesses.report(under: pid)
            if report.contains("\(pid) sh S") { break }
            usleep(10_000)
        }
        #expect(report.hasPrefix("\(pid) sh S"), "\(report)")
        #expect(report.contains("  thread \(pid) S wchan="), "\(report)")
    }
}
