import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture serve` stopped at a book.toml error (exit 1), though `build` and `check` go on to
/// check the pages with the defaults: the author fixed book.toml and had to start it again. Now
/// it prints what `build` prints (book.toml's errors, then the pages'), waits for book.toml to
/// change, and starts the preview once the file has no error; live reload works from there.
@Suite(.serialized) struct ServeSettingsRepairTests {
    /// The lines a process writes to one pipe, read as they come.
    final class Lines {
        let fd: Int32
        private var received: [UInt8] = []
        init(_ fd: Int32) { self.fd = fd }
        var text: String { String(decoding: received, as: UTF8.self) }

        /// Reads until `text` has a line containing `needle` at least `count` times; false after
        /// `patience` seconds or at the end of the output.
        func waitFor(_ needle: String, count: Int = 1) -> Bool {
            let deadline = Date(timeIntervalSinceNow: patience)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                if text.split(separator: "\n").filter({ $0.contains(needle) }).count >= count { return true }
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) > 0 else { continue }
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { return false }
                received += chunk[0..<n]
            }
            return false
        }
    }

    /// `lecture serve ROOT` on a free port, started, with its stdout and stderr as one stream.
    static func serve(_ root: String) throws -> (Process, Lines) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServeCommandTests.executable)
        process.arguments = ["serve", root, "--port", "0", "--cache-dir", root + "/cache"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, Lines(output.fileHandleForReading.fileDescriptor))
    }

    static let goodTOML = "[book]\ntitle = \"Repaired\"\n"

    /// Kinds of book.toml error: one the run goes on after (the pages checked with the default),
    /// and one it cannot (not TOML: no value known, no page checked).
    static let kinds: [(name: String, toml: String, place: String, checksPages: Bool)] = [
        ("wrong type", "[book]\ntitle = \"Broken\"\n[output.html]\ndefault-theme = 5\n", "book.toml:4:1", true),
        ("not TOML", "[book]\ntitle = = \"Broken\n", "book.toml:2:", false),
    ]

    @Test(arguments: kinds.indices) func aFixedBookTOMLStartsThePreview(index: Int) throws {
        try ServeCommandTests.requireExecutable()
        let kind = Self.kinds[index]
        let root = try TestFolders.make("lecture-serve-repair")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.writeAtomically(kind.toml, to: root + "/book.toml")
        try FileSystem.writeAtomically("# Summary\n\n- [Intro](intro.md)\n", to: root + "/src/SUMMARY.md")
        // A page error the wait reports with book.toml's, when the run can check the pages.
        try FileSystem.writeAtomically("# Intro\n\n{{#include gone.txt}}\n", to: root + "/src/intro.md")

        let (process, lines) = try Self.serve(root)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        #expect(lines.waitFor("Waiting for "), "\(lines.text)")
        #expect(process.isRunning, "still running: \(lines.text)")
        let headlines = lines.text.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        #expect(headlines.first?.hasPrefix(root + "/" + kind.place) == true, "\(lines.text)")
        let pageError = headlines.firstIndex { $0.hasPrefix(root + "/src/intro.md:3:") }
        if kind.checksPages {
            // The page's error, after book.toml's: one list in reading order.
            #expect(pageError != nil && pageError! > 0, "\(lines.text)")
            #expect(lines.text.contains("this run checks the pages with the default"), "\(lines.text)")
        } else {
            #expect(pageError == nil, "\(lines.text)")
        }
        #expect(!lines.text.contains("Serving "), "\(lines.text)")
        #expect(!FileSystem.exists(root + "/book"), "nothing written while book.toml has an error")

        // Fixed page, still broken book.toml: told again, still waiting.
        try FileSystem.writeAtomically("# Intro\n\nFixed.\n", to: root + "/src/intro.md")
        try FileSystem.writeAtomically(kind.toml + "\n", to: root + "/book.toml")
        #expect(lines.waitFor("Waiting for ", count: 2), "\(lines.text)")
        #expect(!lines.text.contains("Serving "), "\(lines.text)")

        // Fixed book.toml: the preview starts, and serves the fixed page.
        try FileSystem.writeAtomically(Self.goodTOML, to: root + "/book.toml")
        #expect(lines.waitFor("Serving "), "\(lines.text)")
        let serving = try #require(lines.text.split(separator: "\n").first { $0.contains("Serving ") })
        let match = try #require(serving.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//))
        let port = try #require(UInt16(match.1))
        let page = try HTTPTestClient.request("GET", "/intro.html", port: port)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("Fixed."))

        // Live reload from there: an edit of the page is an event on the open stream.
        let stream = try EventStreamClient(port: port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        try FileSystem.writeAtomically("# Intro\n\nEdited.\n", to: root + "/src/intro.md")
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "reload" } }, "\(stream.text)")

        kill(process.processIdentifier, SIGTERM)
        #expect(ProcessEnd.wait(for: process), "'lecture serve' did not stop on SIGTERM")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(lines.text)")
    }

    /// A stop while it waits for book.toml ends the command cleanly, as a stop between builds does.
    @Test func aSignalWhileWaitingStopsIt() throws {
        try ServeCommandTests.requireExecutable()
        let root = try TestFolders.make("lecture-serve-repair-stop")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.writeAtomically(Self.kinds[0].toml, to: root + "/book.toml")
        try FileSystem.writeAtomically("# Summary\n\n- [Intro](intro.md)\n", to: root + "/src/SUMMARY.md")
        try FileSystem.writeAtomically("# Intro\n", to: root + "/src/intro.md")
        let (process, lines) = try Self.serve(root)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(lines.waitFor("Waiting for "), "\(lines.text)")
        kill(process.processIdentifier, SIGINT)
        #expect(ProcessEnd.wait(for: process), "'lecture serve' did not stop on SIGINT")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(lines.text)")
    }
}
