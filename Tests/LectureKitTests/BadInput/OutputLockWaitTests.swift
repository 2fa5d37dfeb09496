import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 16, kind 24: a build whose output's parent another process holds locked says once that
/// it waits, goes on when the lock is let go, and stops on Ctrl-C while it waits.
@Suite(.serialized) struct OutputLockWaitTests {
    /// Starts `lecture build` in a contained book whose output parent (`work/book`) this process
    /// holds locked; returns the run, the process and the lock's descriptor, once the build said
    /// it waits (standard error read until then, for at most 120 seconds).
    static func waitingBuild() throws -> (run: ContainedRun, process: Process, lock: Int32, said: String) {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let lock = open(book, O_RDONLY | O_DIRECTORY)
        #expect(lock >= 0)
        #expect(flock(lock, LOCK_EX) == 0)
        let process = run.process(
            TestSupport.executable, ["build", "--cache-dir", run.scratch + "/cache"], in: "work/book")
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // A build that never says it waits would block the read below: it is stopped after 120 s.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { if process.isRunning { kill(pid, SIGKILL) } }
        var said = ""
        while !said.contains("waiting for another build"), process.isRunning {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        return (run, process, lock, said)
    }

    @Test func aBuildSaysItWaitsAndGoesOnWhenTheLockIsLetGo() throws {
        let (run, process, lock, said) = try Self.waitingBuild()
        #expect(
            said.contains(
                "book: note: waiting for another build writing to this folder to finish (Ctrl-C stops this one)"),
            "\(said)")
        flock(lock, LOCK_UN)
        close(lock)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileSystem.exists(run.scratch + "/work/book/book/index.html"))
    }

    @Test func ctrlCStopsTheWait() throws {
        let (run, process, lock, said) = try Self.waitingBuild()
        defer { close(lock) }
        #expect(said.contains("waiting for another build"), "\(said)")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        // Stopped by the signal: the wait before the build handles signals ends as Ctrl-C ends a
        // program; the write's, as a cancelled build (128 + 2).
        #expect(
            (process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
                || process.terminationStatus == 128 + SIGINT, "\(process.terminationStatus)")
        #expect(!FileSystem.exists(run.scratch + "/work/book/book"))
    }
}
