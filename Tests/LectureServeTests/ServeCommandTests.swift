import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture serve` as a user runs it: the built executable, stopped by a signal.
@Suite struct ServeCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// The executable `swift test` (which builds every target) leaves beside the test program:
    /// `.build/debug`, or `make sanitize`'s build folders.
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("lecture").path

    /// Fails, rather than skips, a test that runs the `lecture` executable when it is not beside
    /// the test bundle (a bare `swift test` before the product was built).
    static func requireExecutable() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: executable),
            "no lecture executable at \(executable): build the lecture product first (swift build --build-tests)")
    }

    /// What the built executable prints on stdout for `arguments`, with `environment` added to
    /// this process's, and its exit status.
    static func printed(by arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// The preview serves the site at `/`, so its 404 page links from `/` whatever book.toml's
    /// `site-url` (the published site's path) says, as mdBook's `serve` does.
    @Test func serveBuildsForTheRootWhateverSiteURLSays() throws {
        let root = try TestFolders.make("lecture-serve-site-url")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "[output.html]\nsite-url = \"/lecture/\"\n".write(
            toFile: root + "/book.toml", atomically: true, encoding: .utf8)
        var options = ServeCommand.Options()
        options.book.directory = root
        let setup = try ServeCommand(options).setUp()
        #expect(setup.bookDiagnostics.isEmpty)
        #expect(setup.configuration.build.siteURL == "/")
    }

    @Test func helpListsServeAndItsOptions() {
        let recorder = LineRecorder()
        #expect(LectureCommand.main(["--help"], console: recorder.console, extraSubcommands: HTTPSubcommands.all) == 0)
        #expect(recorder.lines.joined(separator: "\n").contains("  serve "))
        let serve = LineRecorder()
        #expect(
            LectureCommand.main(["serve", "--help"], console: serve.console, extraSubcommands: HTTPSubcommands.all) == 0
        )
        let text = serve.lines.joined(separator: "\n")
        #expect(text.contains("--port <n>") && text.contains("--host <address>") && text.contains("--output <dir>"))
        #expect(
            LectureCommand.main(
                ["serve", "--port", "70000"], console: LineRecorder().console, extraSubcommands: HTTPSubcommands.all)
                == 2)
    }

    /// `--host 0.0.0.0` (or any address other machines reach) said nothing about who can read
    /// the preview: one line says it is reachable from the network; loopback says nothing.
    @Test func aNonLoopbackAddressIsSaidToBeReachableFromTheNetwork() {
        for address in ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "fe80::1", "::ffff:192.168.1.2"] {
            let notice = ServeCommand.networkNotice(address: address)
            #expect(notice?.hasPrefix("Reachable from the network on ") == true, "\(address)")
            #expect(notice?.contains("--host 127.0.0.1 keeps it to this machine") == true, "\(address)")
        }
        #expect(ServeCommand.networkNotice(address: "0.0.0.0")?.contains("every address of this machine") == true)
        for address in ["127.0.0.1", "127.0.0.2", "::1", "0:0:0:0:0:0:0:1"] {
            #expect(ServeCommand.networkNotice(address: address) == nil, "\(address)")
        }
    }

    /// The same said by the running command: run in a network
    /// namespace of its own (only its loopback, down), so nothing of the machine's network
    /// reaches the preview while it listens on every address.
    @Test func serveOnEveryAddressSaysSoAfterItsURL() throws {
        try ServeCommandTests.requireExecutable()
        let run = try ContainedRun()
        try run.makeBook()
        let process = run.process(
            "/usr/bin/unshare",
            [
                "--net", Self.executable, "serve", "--host", "0.0.0.0", "--port", "0", "--cache-dir",
                run.scratch + "/cache",
            ],
            in: "work/book")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let notice = try Self.readLine(
            output.fileHandleForReading.fileDescriptor, containing: "Reachable", timeout: patience)
        #expect(notice.contains("Reachable from the network on every address of this machine"), "\(notice)")
        kill(process.processIdentifier, SIGTERM)
        #expect(ProcessEnd.wait(for: process), "'lecture serve' did not stop on SIGTERM")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsItCleanly(signal: Int32) throws {
        try ServeCommandTests.requireExecutable()
        let serve = try ServeProcess("lecture-serve-command")
        let (process, root, output) = (serve.process, serve.root, serve.output)
        defer { try? FileManager.default.removeItem(atPath: root) }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The URL line, with the port the kernel chose.
        let line = try Self.readLine(
            output.fileHandleForReading.fileDescriptor, containing: "Serving ", timeout: patience)
        let match = try #require(line.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//))
        let port = try #require(UInt16(match.1))
        #expect(try HTTPTestClient.request("GET", "/", port: port).status == 200)
        let stream = try EventStreamClient(port: port)
        #expect(stream.waitFor(timeout: patience) { !$0.isEmpty })

        kill(process.processIdentifier, signal)
        let deadline = Date(timeIntervalSinceNow: patience)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        try #require(!process.isRunning, "still running \(patience) s after the signal")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(stream.waitForClose(timeout: patience))
        // No staging folder of the site left beside it, and the port is free again.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix("._site.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let again = try ListeningSocket.bind(host: "127.0.0.1", port: port)
        again.close()
    }

    /// SIGINT or SIGTERM while a rebuild runs a sample (which sleeps for two minutes): the rebuild
    /// is cancelled and `lecture serve` ends by itself with 128 + N, no child left, no staging
    /// folder, the previous site kept. With `twice`, a second signal follows once the stop began
    /// ("Stopping"): the end is the same.
    @Test(
        arguments: [(SIGINT, Int32(130), false), (SIGTERM, Int32(143), false), (SIGINT, Int32(130), true)])
    func aSignalDuringARebuildEndsWithItsStatus(signal: Int32, status: Int32, twice: Bool) throws {
        try ServeCommandTests.requireExecutable()
        let marker = "started-" + UUID().uuidString
        let errors = Pipe()
        let serve = try ServeProcess(
            "lecture-serve-interrupted", errors: errors, cacheDirectory: Self.repositoryRoot + "/.build/test-cache",
            extra: ["--timeout", "300"])
        let (process, root, output) = (serve.process, serve.root, serve.output)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        _ = try Self.readLine(output.fileHandleForReading.fileDescriptor, containing: "Serving ", timeout: patience)

        // The edit starts a rebuild, whose sample says it runs, then sleeps.
        let page = root + "/content/README.md"
        try FileSystem.writeAtomically(
            "# 시작\n\n```swift\nimport Foundation\n\(SampleMarker.writing(marker))\n"
                + "sleep(120)\nprint(\"끝\")\n```\n\n```output\n끝\n```\n", to: page + ".new")
        try #require(rename(page + ".new", page) == 0)
        var waited = 0  // at most 5 minutes: the sample compiles first
        while !SampleMarker.exists(marker) && process.isRunning && waited < 3000 {
            usleep(100_000)
            waited += 1
        }
        try #require(SampleMarker.exists(marker), "the rebuild's sample started")
        #expect(!LectureChildren.live(of: pid).isEmpty, "the sample runs as a child of lecture")

        kill(pid, signal)
        if twice {
            _ = try Self.readLine(output.fileHandleForReading.fileDescriptor, containing: "Stopping", timeout: patience)
            kill(pid, signal)
        }
        waited = 0
        while process.isRunning && waited < 1200 {
            usleep(100_000)
            waited += 1
        }
        try #require(!process.isRunning, "still running 2 minutes after the signal")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = InterruptedRun.problems(
            of: process, status: status, signalName: Subprocess.signalName(signal), stderr: stderr)
        #expect(problems.isEmpty, "\(problems) in: \(stderr)")
        let staging = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix("._site.") }
        #expect(staging.isEmpty, "no staging folder: \(staging)")
        let kept = try String(contentsOfFile: root + "/_site/index.html", encoding: .utf8)
        #expect(kept.contains("첫 문단입니다."), "the previous site kept")
    }

    /// Reads `fd` until a line containing `text` arrives; throws after `timeout` seconds.
    static func readLine(_ fd: Int32, containing text: String, timeout: Double) throws -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
            if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        throw HTTPTestClient.Failure(
            description: "no line with '\(text)' in: \(String(decoding: received, as: UTF8.self))")
    }
}

extension ServeCommandTests {
    /// mdBook's names of the options lecture has (mdBook 0.5.4's `build --help`, `serve --help`):
    /// `-d`/`--dest-dir` for `--output`, `-n`/`--hostname` for `--host`, `-p` for `--port`; one
    /// lecture lacks (`-o`, `--open`) is an error whose note says what to do (new user 3, P10).
    @Test func mdBooksOptionNamesAreAcceptedOrAnswered() throws {
        for name in ["-d", "--dest-dir", "--output"] {
            #expect(try BuildCommand.options([name, "out"]).output == "out", "\(name)")
            #expect(try ServeCommand.options([name, "out"]).book.output == "out", "\(name)")
        }
        for name in ["-n", "--hostname", "--host"] {
            #expect(try ServeCommand.options([name, "0.0.0.0"]).host == "0.0.0.0", "\(name)")
        }
        #expect(try ServeCommand.options(["-p", "3000"]).port == 3000)
        for name in ["-o", "--open"] {
            do {
                _ = try ServeCommand.options([name])
                Issue.record("\(name) accepted")
            } catch let error as LectureError {
                let text = error.diagnostics.flatMap { [$0.summary] + $0.notes }.joined(separator: "\n")
                #expect(text.contains("opens no browser"), "\(name): \(text)")
            }
        }
    }
}
