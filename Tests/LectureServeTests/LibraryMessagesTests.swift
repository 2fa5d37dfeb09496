import Foundation
import Synchronization
import TestFolders
import Testing

@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// libmicrohttpd's own messages (attack 16, k25e): each connection a client closed half-sent put
/// `Connection socket is closed when reading request due to the error: detected connection
/// closure` on serve's terminal, 400 lines for 400 connections. Now its external logger hands them
/// to `LibraryMessages`, which says each kind at most once per interval, in lecture's words.
@Suite struct LibraryMessagesTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func eachKindIsSaidOncePerIntervalAndCountedBetween() {
        let said = Lines()
        let messages = LibraryMessages(interval: 60) { said.append($0) }
        let closed = "Connection socket is closed when reading request due to the error: detected connection closure"
        for second in 0..<400 { messages.record(closed, at: Double(second) / 10) }
        messages.record("Error accepting connection: Too many open files", at: 1)
        #expect(said.all.count == 2, "\(said.all)")
        #expect(said.all.first?.contains("a client closed its connection before sending a whole request") == true)
        // The next past the interval says how many were counted in between.
        messages.record(closed, at: 61)
        #expect(said.all.count == 3 && said.all[2].contains("and 399 more like it"), "\(said.all)")
        // Kinds beyond the most told apart are one kind, so a flood of distinct texts is bounded too.
        for index in 0..<1000 { messages.record("odd message \(UUID().uuidString) \(index)", at: 2) }
        #expect(said.all.count <= 3 + LibraryMessages.maximumKinds, "\(said.all.count) lines")
    }

    /// `lecture serve` over loopback: 60 connections each send half a request and close. The
    /// terminal gets one line for them all, in lecture's words, and none of the library's own.
    @Test func halfSentConnectionsClosedPrintOneLine() throws {
        try ServeCommandTests.requireExecutable()
        let serve = try ServeProcess("lecture-serve-messages", mergingErrors: true)
        let process = serve.process
        defer { try? FileManager.default.removeItem(atPath: serve.root) }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let reader = serve.output.fileHandleForReading.fileDescriptor
        var text = ""
        /// Reads until `done` holds for everything read so far, or the end, or `patience`.
        func read(until done: (String) -> Bool) {
            let deadline = Date(timeIntervalSinceNow: patience)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !done(text) && Date() < deadline {
                var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) > 0 else { continue }
                let n = chunk.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                text += String(decoding: chunk[0..<n], as: UTF8.self)
            }
        }
        read { $0.contains("Serving ") }
        let match = try #require(text.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//), "\(text)")
        let port = try #require(UInt16(match.1))
        for _ in 0..<60 {
            let fd = try HTTPTestClient.connect(port: port)
            try HTTPTestClient.send(fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            close(fd)
        }
        // The first is said at once: wait for it, then for the server to answer, then stop it.
        read { $0.contains("HTTP server: ") }
        #expect(try HTTPTestClient.request("GET", "/", port: port).status == 200)
        kill(process.processIdentifier, SIGTERM)
        read { _ in false }
        #expect(ProcessEnd.wait(for: process), "'lecture serve' did not stop on SIGTERM")
        let lines = text.split(separator: "\n")
        let about = lines.filter { $0.localizedCaseInsensitiveContains("connection") }
        #expect(about.count == 1, "\(about.prefix(5)) of \(about.count)")
        #expect(about.first?.hasPrefix("HTTP server: a client closed its connection") == true, "\(about.first ?? "")")
    }
}
