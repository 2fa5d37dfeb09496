import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `lecture serve` stops its build with a token of its own (`BuildConfiguration.run.cancellation`,
/// not the process's signals): every long call of a build takes the run (`RunContext`), so that token, so a stop during
/// the compile of the book's sample libraries, or while Graphviz draws, ends the build at once,
/// its child's process group killed, instead of waiting out the child's time limit. The slow
/// child here is a script that says it started (its process id) and then sleeps for two hours,
/// and each test sets the child's time limit far past the test's wait (two hours for a library's
/// compile, whose default is 600 s; an hour for Graphviz): only the stop can end it. A build that
/// ends within the wait (three minutes, room for a loaded machine) with its child gone was
/// stopped, and no time below that is asserted (the seconds are only reported).
@Suite struct StopDuringLongCallsTests {
    /// A script at `path` that writes its process id to `marker` and then sleeps for two hours
    /// (as the same process: `exec`).
    static func slowProgram(at path: String, marker: String) throws {
        try TestSupport.writeScript(
            "echo $$ > \"\(marker).part\"\nmv \"\(marker).part\" \"\(marker)\"\nexec sleep 7200", to: path)
    }

    /// Whether the process `pid` is gone (or a zombie nobody waits for, killed all the same).
    static func gone(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return errno == ESRCH }
        let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return status.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Runs a session's build of `configuration` with `probes` on another thread, cancels
    /// `configuration`'s token once `marker` exists, and returns how long the build took to end
    /// after that, whether it ended within the wait, with the cancellation, and its child gone.
    static func stop(
        _ configuration: BuildConfiguration, probes: Probes, when marker: String
    ) async throws -> (seconds: Double, ended: Bool, cancelled: Bool, childGone: Bool) {
        let memory = SessionMemory()
        memory.probes = probes
        let recorder = TestSupport.Recorder()
        let build = ThreadWork { () -> LectureError? in
            do {
                try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
                return nil
            } catch { return error as? LectureError ?? LectureError(error, step: "build") }
        }
        // The slow program starts within a minute (a cold build of nothing else before it).
        let started = await eventually(within: .seconds(60)) { FileSystem.exists(marker) }
        try #require(started, "the slow program started: \(recorder.lines)")
        let start = Date()
        configuration.run.cancellation.cancel()
        let error = await build.value(within: .seconds(180))
        let endedInTime = error != nil
        let seconds = Date().timeIntervalSince(start)
        let cancelled = error??.diagnostics.contains { $0.identifier == .cancelled } == true
        let pid = Int32((TestSupport.read(marker) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        let child = try #require(pid, "the slow program wrote its process id")
        let childGone = gone(child)
        if !childGone { kill(child, SIGKILL) }
        return (seconds, endedInTime, cancelled, childGone)
    }

    @Test func stoppingDuringASampleLibraryCompileEndsTheBuildPromptly() async throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        var (book, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n```swift\nimport Greeting\nprint(greeting)\n```\n\n```output\nHello\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(book) }
        try FileSystem.writeAtomically("public let greeting = \"Hello\"\n", to: book + "/lib/Greeting/Greeting.swift")
        configuration.verifier.libraries = [book + "/lib/Greeting"]
        // A time limit past the slow compiler's hour: on a loaded machine the test's task may wait
        // many minutes for a pool thread before it stops the build, and the compile's own limit
        // (600 s) would end it first, with a time-out instead of the cancellation.
        configuration.verifier.libraryCompileTimeout = 7200
        configuration.run.cancellation = Cancellation()
        configuration.cacheDirectory = root + "/cache"
        let marker = root + "/compiling"
        try Self.slowProgram(at: root + "/swiftc", marker: marker)
        // A compiler of its own identity, so the libraries are compiled by it (not found built).
        let toolchain = Toolchain(
            swiftc: root + "/swiftc", versionLine: "Swift version 6.3 (slow)", shortVersion: "Swift 6.3",
            identity: UUID().uuidString)
        let probes = Probes(
            toolchain: toolchain,
            diagrams: DiagramRenderer(
                cache: Cache(directory: root + "/cache"), graphvizVersion: nil,
                run: configuration.run))
        let (seconds, ended, cancelled, childGone) = try await Self.stop(configuration, probes: probes, when: marker)
        #expect(ended, "the build ended within the wait (\(seconds) s after the stop), not at the compile's time limit")
        #expect(cancelled, "the build ended with the cancellation")
        #expect(childGone, "the compiler was killed")
    }

    @Test func stoppingWhileGraphvizDrawsEndsTheBuildPromptly() async throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        var (book, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n```dot alt=\"Two boxes\"\ndigraph { a -> b }\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(book) }
        configuration.run.cancellation = Cancellation()
        configuration.cacheDirectory = root + "/cache"
        let marker = root + "/drawing"
        try Self.slowProgram(at: root + "/graphviz", marker: marker)
        var renderer = DiagramRenderer(
            cache: Cache(directory: root + "/cache"), graphvizVersion: "dot - graphviz version (slow) \(UUID())",
            run: configuration.run)
        renderer.commands = (dot: root + "/graphviz", gvpr: root + "/graphviz")
        // A time limit past the wait (the figures step sets the renderer's from the
        // configuration): only the stop can end this drawing within it.
        configuration.diagramTimeout = 3600
        renderer.timeLimit = 3600
        let (seconds, ended, cancelled, childGone) = try await Self.stop(
            configuration, probes: Probes(toolchain: nil, diagrams: renderer), when: marker)
        #expect(ended, "the build ended within the wait (\(seconds) s after the stop), not at the drawing's time limit")
        #expect(cancelled, "the build ended with the cancellation")
        #expect(childGone, "Graphviz was killed")
    }
}
