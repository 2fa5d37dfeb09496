import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `lecture serve` stops its build with a token of its own (`BuildConfiguration.run.cancellation`,
/// not the process's signals): every long call of a build takes the run (`RunContext`), so that token, so a stop during
/// the compile of the book's sample libraries, or while Graphviz draws, ends the build at once,
/// its child's process group killed, instead of waiting out the child's time limit. The slow
/// child here is a script that says it started and then sleeps for a minute.
@Suite struct StopDuringLongCallsTests {
    /// A script at `path` that creates `marker` and then sleeps for 60 s.
    static func slowProgram(at path: String, marker: String) throws {
        try TestSupport.writeScript("touch \"\(marker)\"\nexec sleep 60", to: path)
    }

    /// Runs a session's build of `configuration` with `probes` on another thread, cancels
    /// `configuration`'s token once `marker` exists, and returns how long the build took to end
    /// after that, and whether it ended with the cancellation.
    static func stop(
        _ configuration: BuildConfiguration, probes: Probes, when marker: String
    ) throws -> (seconds: Double, cancelled: Bool) {
        let memory = SessionMemory()
        memory.probes = probes
        let recorder = TestSupport.Recorder()
        let ended = DispatchSemaphore(value: 0)
        let outcome = Locked<Error?>(nil)
        Thread.detachNewThread {
            do {
                try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
            } catch { outcome.withLock { $0 = error } }
            ended.signal()
        }
        // The slow program starts within a minute (a cold build of nothing else before it).
        let deadline = Date().addingTimeInterval(60)
        while !FileSystem.exists(marker), Date() < deadline { usleep(20_000) }
        try #require(FileSystem.exists(marker), "the slow program started: \(recorder.lines)")
        let start = Date()
        configuration.run.cancellation.cancel()
        _ = ended.wait(timeout: .now() + 120)
        let seconds = Date().timeIntervalSince(start)
        let error = outcome.withLock { $0 }
        let cancelled = (error as? LectureError)?.diagnostics.contains { $0.identifier == .cancelled } == true
        return (seconds, cancelled)
    }

    @Test func stoppingDuringASampleLibraryCompileEndsTheBuildPromptly() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        var (book, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n```swift\nimport Greeting\nprint(greeting)\n```\n\n```output\nHello\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(book) }
        try FileSystem.writeAtomically("public let greeting = \"Hello\"\n", to: book + "/lib/Greeting/Greeting.swift")
        configuration.verifier.libraries = [book + "/lib/Greeting"]
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
        let (seconds, cancelled) = try Self.stop(configuration, probes: probes, when: marker)
        #expect(seconds < 10, "the build ended \(seconds) s after the stop")
        #expect(cancelled, "the build ended with the cancellation")
    }

    @Test func stoppingWhileGraphvizDrawsEndsTheBuildPromptly() throws {
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
        let (seconds, cancelled) = try Self.stop(
            configuration, probes: Probes(toolchain: nil, diagrams: renderer), when: marker)
        #expect(seconds < 10, "the build ended \(seconds) s after the stop")
        #expect(cancelled, "the build ended with the cancellation")
    }
}
