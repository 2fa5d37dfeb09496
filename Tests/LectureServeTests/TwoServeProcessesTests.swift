import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Issue 19's last injected fault: two `lecture serve` processes on one content folder, writing
/// one site folder. Each serves every edit, the folder on disk always ends whole and at the last
/// edit, both stop cleanly (0, or the cancellation's 143 when SIGTERM cuts a rebuild short), and
/// no staging folder is left.
@Suite struct TwoServeProcessesTests {
    /// The seconds a wait for one event may take before the test fails.
    static let bound: Double = 600

    @Test
    func twoServersOnOneContentFolderBothFollowEveryEditAndLeaveOneWholeSite() throws {
        try ServeCommandTests.requireExecutable()
        let root = try FileSystem.makeTemporaryDirectory(prefix: "lecture-two-serve")
        defer { FileSystem.removeTemporaryDirectory(root) }
        for (path, text) in ServeFixture.files { try FileSystem.writeAtomically(text, to: root + "/" + path) }
        let output = root + "/_site"

        var servers: [(process: Process, port: UInt16)] = []
        defer {
            for server in servers where server.process.isRunning { kill(server.process.processIdentifier, SIGKILL) }
        }
        for _ in 0..<2 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ServeCommandTests.executable)
            process.arguments = [
                "serve", "--content", root + "/content", "--templates", root + "/templates",
                "--output", output, "--cache-dir", root + "/cache", "--port", "0",
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = try ServeCommandTests.readLine(
                pipe.fileHandleForReading.fileDescriptor, containing: "Serving ", timeout: Self.bound)
            let match = try #require(line.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//))
            servers.append((process, try #require(UInt16(match.1))))
        }

        /// Waits until `check` holds: the event a step waits for (a page served, a folder written, a
        /// process ended), polled. The bound only stops a test that would never pass; a loaded
        /// machine (nine engineers compiling on two cores) took more than the 60 s it once was.
        func eventually(_ check: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: Self.bound)
            while Date() < deadline {
                if check() { return true }
                usleep(100_000)
            }
            return false
        }
        for edit in 1...3 {
            let text = "고친 문단 \(edit)입니다."
            try FileSystem.writeAtomically("# 시작\n\n\(text)\n", to: root + "/content/README.md")
            for (index, server) in servers.enumerated() {
                #expect(
                    eventually {
                        (try? HTTPTestClient.request("GET", "/", port: server.port))?.text.contains(text) == true
                    },
                    "server \(index) never served edit \(edit)")
            }
            #expect(
                eventually {
                    (try? String(contentsOfFile: output + "/index.html", encoding: .utf8))?.contains(text) == true
                },
                "the site on disk never got edit \(edit)")
        }
        // The folder both wrote is one whole site at the last edit.
        #expect(FileManager.default.fileExists(atPath: output + "/" + SiteWriter.marker))
        for page in ["index.html", "part/index.html", "part/table.html", "404.html", "search/pages.js"] {
            #expect(FileManager.default.fileExists(atPath: output + "/" + page), "\(page) missing")
        }
        let table = (try? String(contentsOfFile: output + "/part/table.html", encoding: .utf8)) ?? ""
        #expect(table.contains("단순함"))

        // Each server stops cleanly: 0 between builds, or 128 + SIGTERM when the signal cut a
        // build short (the documented cancellation; the other server's write of the last edit can
        // satisfy the waits above while this one is still rebuilding). Never a crash or an error.
        for server in servers { kill(server.process.processIdentifier, SIGTERM) }
        for (index, server) in servers.enumerated() {
            #expect(eventually { !server.process.isRunning }, "server \(index) still running after SIGTERM")
            let status = server.process.terminationStatus
            #expect(
                server.process.terminationReason == .exit && [0, 128 + SIGTERM].contains(status),
                "server \(index) ended with \(server.process.terminationReason == .exit ? "exit" : "signal") \(status)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix("._site.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
