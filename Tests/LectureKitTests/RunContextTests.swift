import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Every process a build starts takes a place of one pool, the run's (`RunContext.pool`): Graphviz
/// runs and the sample libraries' compiles as much as the samples' compiles and runs. Seen from
/// outside the pool (T1: its own counter proves nothing): each process is a script that writes
/// when it began and ended, and the test counts how many lived at once.
@Suite struct RunContextTests {
    /// A script that sleeps a second between two clock readings, written to `log` as one line
    /// (`begin end`, nanoseconds), and prints an empty SVG (Graphviz's part).
    static func recordingProgram(at path: String, log: String) throws {
        try TestSupport.writeScript(
            """
            begin=$(date +%s%N)
            sleep 1
            echo "$begin $(date +%s%N)" >> "\(log)"
            echo '<svg></svg>'
            """, to: path)
    }

    /// The most intervals of `log` that overlap at one instant, and how many there are.
    static func mostAtOnce(_ log: String) throws -> (most: Int, count: Int) {
        let lines = String(decoding: try FileSystem.read(log), as: UTF8.self).split(separator: "\n")
        var events: [(time: Int, change: Int)] = []
        for line in lines {
            let parts = line.split(separator: " ").compactMap { Int($0) }
            guard parts.count == 2 else { continue }
            events += [(parts[0], 1), (parts[1], -1)]
        }
        // An end before a begin at the same instant: touching intervals do not overlap.
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.change < $1.change }
        var live = 0
        var most = 0
        for event in events {
            live += event.change
            most = max(most, live)
        }
        return (most, lines.count)
    }

    @Test func graphvizAndLibraryCompilesShareTheRunsBound() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let log = root + "/lived"
        let program = root + "/program"
        try Self.recordingProgram(at: program, log: log)
        try FileSystem.writeAtomically("public let x = 1\n", to: root + "/lib/Lib/Lib.swift")
        var run = RunContext()
        run.jobs = 2
        var renderer = DiagramRenderer(
            cache: Cache(directory: root + "/cache"), graphvizVersion: "recording \(UUID())", run: run)
        renderer.commands = (dot: program, gvpr: program)
        renderer.fonts = DiagramFonts(family: nil, installed: InstalledFonts(fcList: nil))
        let toolchain = Toolchain(
            swiftc: program, versionLine: "Swift version 6.3 (recording)", shortVersion: "Swift 6.3",
            identity: UUID().uuidString)
        // Six threads at once, each starting processes of the same run: four draw, two compile a
        // library. Without one pool they would be six processes at once.
        let drawing = renderer
        let shared = run
        // Threads of their own: `concurrentPerform` would run only as many as there are cores.
        let group = DispatchGroup()
        for index in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                if index < 4 {
                    var warnings: [Diagnostic] = []
                    _ = try? drawing.draw(
                        "digraph { a\(index) -> b }", info: InfoString("dot alt=\"x\""), id: "d\(index)", path: "a.md",
                        location: SourceText.SourceLocation(line: 1, column: 1), warnings: &warnings)
                } else {
                    _ = try? SampleLibraries.prepare(
                        toolchain: toolchain, cacheDirectory: root + "/libraries-\(index)",
                        folders: [root + "/lib/Lib"],
                        run: shared)
                }
            }
        }
        group.wait()
        let (most, count) = try Self.mostAtOnce(log)
        #expect(count >= 6, "every thread started a process: \(count)")
        #expect(most <= 2, "\(most) processes lived at once with -j 2")
        #expect(most == 2, "the threads ran side by side (else the bound was not tried): \(most)")
    }
}
