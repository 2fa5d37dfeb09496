import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Helpers shared by the tests: temporary folders, fixture paths, a recording console.
enum TestSupport {
    /// The repository root, found from this file's path.
    static let repositoryRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    static func fixture(_ name: String) -> String {
        repositoryRoot + "/Tests/LectureKitTests/Fixtures/" + name
    }

    /// One cache for the whole test run: content-addressed, so tests may share it.
    static let cacheDirectory: String = {
        let path = NSTemporaryDirectory() + "/lecture-tests-cache-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func temporaryDirectory() throws -> String {
        try FileSystem.makeTemporaryDirectory(prefix: "lecture-test")
    }

    /// Writes `files` (relative path → text) under a fresh folder and returns it.
    static func makeTree(_ files: [String: String]) throws -> String {
        let root = try temporaryDirectory()
        for (path, text) in files {
            try FileSystem.writeAtomically(text, to: root + "/" + path)
        }
        return root
    }

    /// Writes an executable shell script from a child process, so no descriptor of this
    /// process holds it open for writing when another thread starts it (ETXTBSY).
    static func writeScript(_ body: String, to path: String) throws {
        let result = try Subprocess.run(
            "/bin/sh", ["-c", "cat > \"$0\" && chmod 755 \"$0\"", path],
            input: Array("#!/bin/sh\n\(body)\n".utf8))
        guard result.succeeded else { throw LectureError(.fileSystem, "cannot write \(path)") }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileSystem.writeAtomically(bytes, to: path)
    }

    static func read(_ path: String) -> String? {
        (try? FileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A console whose lines are kept for assertions.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var lines: [String] { lock.withLock { stored } }
        var text: String { lines.joined(separator: "\n") }
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        lazy var console = Console(recordingInto: { [unowned self] line in
            self.lock.withLock { self.stored.append(line) }
        })
    }

    /// Minimal templates for tests that are not about templates.
    static let minimalPage =
        "<!doctype html><html lang=\"ko\"><title>{{ title }}</title><nav>{{ nav }}</nav><main>{{ content }}</main>{{ prev }}{{ next }}</html>\n"

    static func configuration(content: String, templates: String, output: String) -> BuildConfiguration {
        var configuration = BuildConfiguration()
        configuration.contentDirectory = content
        configuration.templatesDirectory = templates
        configuration.outputDirectory = output
        configuration.cacheDirectory = cacheDirectory
        configuration.buildDate = "2026-01-01"
        return configuration
    }
}
