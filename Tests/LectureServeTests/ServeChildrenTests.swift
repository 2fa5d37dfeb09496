import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture serve` runs samples for as long as it serves: every process it started must be
/// gone once a rebuild is done. Each contained sample leaves bubblewrap's init (pid 1 of the
/// sample's PID namespace) reparented to `lecture`, a child subreaper, and often already a zombie,
/// whose environment (the marker `reapOrphans` looked for) cannot be read; a long preview
/// collected one zombie `bwrap` per sample run. The real executable, in a private mount namespace
/// with a scratch folder over the home folder; the children are read from /proc.
@Suite struct ServeChildrenTests {
    /// The states of `pid`'s children (proc(5): `R`, `S`, `Z`…), by child.
    static func children(of pid: pid_t) -> [String: String] {
        var states: [String: String] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            for child in text.split(separator: " ").map(String.init) where !child.isEmpty {
                let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
                // After the command's name in parentheses: the state.
                let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
                states[child] =
                    state + " " + (stat.split(separator: "(").dropFirst().first?.split(separator: ")").first ?? "")
            }
        }
        return states
    }

    @Test(.enabled(if: SampleSandbox.unavailability == nil))
    func noChildIsLeftBehindAfterRebuildsThatRanSamples() throws {
        try ServeCommandTests.requireExecutable()
        let run = try ContainedRun()
        let scratch = run.scratch
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let book = scratch + "/book"
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\n[lecture.samples]\nverify = true\n", to: book + "/book.toml")
        try FileSystem.writeAtomically("- [P](p.md)\n", to: book + "/src/SUMMARY.md")
        let unique = UUID().uuidString
        func page(_ round: Int) -> String {
            "# P\n\n```swift\nprint(\"\(unique) \(round)\")\n```\n\n```output\n\(unique) \(round)\n```\n\n"
                + "```swift\nprint(\"second \(round)\")\n```\n\n```output\nsecond \(round)\n```\n"
        }
        try FileSystem.writeAtomically(page(0), to: book + "/src/p.md")

        let process = run.process(
            ServeCommandTests.executable, ["serve", "--port", "0", "--cache-dir", scratch + "/cache"], in: "book")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let pid = process.processIdentifier
        defer {
            if process.isRunning {
                kill(pid, SIGTERM)
                _ = ProcessEnd.wait(for: process)
            }
        }
        let out = output.fileHandleForReading.fileDescriptor
        _ = try ServeCommandTests.readLine(out, containing: "Serving ", timeout: patience)
        let rounds = 3
        for round in 1...rounds {
            try FileSystem.writeAtomically(page(round), to: book + "/src/p.md")
            let line = try ServeCommandTests.readLine(out, containing: "Wrote ", timeout: patience * 5)
            #expect(line.contains("1 page"), "\(line)")
        }
        let left = Self.children(of: pid)
        #expect(left.isEmpty, "children of lecture serve after \(rounds) rebuilds: \(left)")
        #expect(!left.values.contains { $0.hasPrefix("Z") }, "zombies: \(left)")
    }
}
