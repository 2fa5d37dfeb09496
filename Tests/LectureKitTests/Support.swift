import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Helpers shared by the tests: temporary folders, fixture paths, a recording console.
enum TestSupport {
    /// The repository root, found from this file's path, or `LECTURE_TEST_REPOSITORY_ROOT` when set (an
    /// author checks the lecture's pages in another clone with a test build made once elsewhere).
    static let repositoryRoot: String = {
        if let root = ProcessInfo.processInfo.environment["LECTURE_TEST_REPOSITORY_ROOT"], !root.isEmpty {
            return root
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// The CPU seconds the calling thread has used: a timing that other processes on a loaded
    /// machine do not stretch, as they stretch the wall clock.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The `lecture` executable of the build that holds this test bundle (`.build/debug`, or
    /// `make sanitize`'s build folders), found beside the running test program.
    static let executable: String = {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("lecture").path
    }()

    static func fixture(_ name: String) -> String {
        repositoryRoot + "/Tests/LectureKitTests/Fixtures/" + name
    }

    /// One cache for every test run, kept in `.build/test-cache` so that the next `make test`
    /// finds it warm. Safe to share: its keys hold everything a verdict depends on (the
    /// compiler's identity, the flags, the sample environment, the stand-ins, the program), and
    /// tests that must see a sample compiled use a fresh nonce or `noCache`.
    static let cacheDirectory: String = {
        let path = repositoryRoot + "/.build/test-cache"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A fresh folder inside the test process's own (`TestFolders.run`, removed at exit).
    static func temporaryDirectory() throws -> String {
        try TestFolders.make("lecture-test")
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
            input: Array("#!/bin/sh\n\(body)\n".utf8), cancellation: .process)
        guard result.succeeded else { throw LectureError(.fileSystem, "cannot write \(path)") }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileSystem.writeAtomically(bytes, to: path)
    }

    static func read(_ path: String) -> String? {
        (try? FileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A console whose lines are kept for assertions. The console's closure holds the lines'
    /// store, not the recorder: a build thread that prints after a test dropped its recorder
    /// (an `unowned` capture stopped the whole test process there) writes into a store no one reads.
    final class Recorder: @unchecked Sendable {
        private final class Store: @unchecked Sendable {
            let lock = NSLock()
            var lines: [String] = []
            func append(_ line: String) { lock.withLock { lines.append(line) } }
        }
        private let store = Store()
        var lines: [String] { store.lock.withLock { store.lines } }
        var text: String { lines.joined(separator: "\n") }
        func append(_ line: String) { store.append(line) }
        lazy var console = Console(recordingInto: { [store] line in store.append(line) })
    }

    /// The bad-input tests' preamble, once: a contained book (`ContainedRun.makeBook`, `toml`
    /// after its title; `SUMMARY.md`, `intro.md` and `next.md` in `src/`) with `pages` written
    /// over its own (paths relative to `src/`), `prepare` given the book's folder, and what
    /// `lecture ARGUMENTS` did in it.
    static func containedBook(
        _ toml: String = "", pages: [String: String] = [:], running arguments: [String] = ["build"],
        prepare: (String) throws -> Void = { _ in }
    ) throws -> (run: ContainedRun, result: Subprocess.Result) {
        let run = try ContainedRun()
        let book = try run.makeBook(toml)
        for (path, text) in pages { try write(Array(text.utf8), to: book + "/src/" + path) }
        try prepare(book)
        return (run, try run.lecture(arguments, in: "work/book"))
    }

    /// The headlines of `output`'s diagnostics of `severity`: the lines that begin `error: ` (a
    /// problem of no file) or hold `: error: ` (`path:line:column: error: …`), for `.error`.
    static func headlines(_ output: String, _ severity: Diagnostic.Severity) -> [String] {
        output.split(separator: "\n").filter {
            $0.hasPrefix("\(severity.rawValue): ") || $0.contains(": \(severity.rawValue): ")
        }.map(String.init)
    }

    /// `output`'s one headline of `severity` (`headlines`); `nil` when it has none or more than
    /// one, so that one expectation checks both that there is one and what it says.
    static func onlyHeadline(_ output: String, _ severity: Diagnostic.Severity) -> String? {
        let found = headlines(output, severity)
        return found.count == 1 ? found[0] : nil
    }

    /// The lines `lecture build ROOT` printed, built in this process with the tests' cache.
    static func builtLines(_ root: String) -> [String] {
        let recorder = Recorder()
        _ = LectureCommand.main(["build", root, "--cache-dir", cacheDirectory], console: recorder.console)
        return recorder.lines
    }

    /// A book of `pages` (paths relative to `content/`) with the minimal template, and the
    /// configuration that builds it into `_site`.
    static func book(_ pages: [String: String]) throws -> (root: String, configuration: BuildConfiguration) {
        var files = pages.mapKeys { "content/" + $0 }
        files["templates/page.html"] = minimalPage
        let root = try makeTree(files)
        return (
            root, configuration(content: root + "/content", templates: root + "/templates", output: root + "/_site")
        )
    }

    /// The inode of the file at `path`, which tells a hard link from a copy.
    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Minimal templates for tests that are not about templates.
    static let minimalPage =
        "<!doctype html><html lang=\"ko\"><title>{{ title }}</title><nav>{{ nav }}</nav><main>{{ content }}</main>{{ prev }}{{ next }}</html>\n"

    /// The lecture's sample libraries (`Sources/StandIns`), as its book.toml declares them.
    static let lectureLibraries: [String] = ["UIKit", "RxSwift", "RxRelay", "RxCocoa", "RxTest", "Combine"].map {
        repositoryRoot + "/Sources/StandIns/" + $0
    }

    /// The tool's tests' own sample libraries (`Fixtures/libraries`): `Labels` (a class),
    /// `Signals` (a generic class) and `SignalLabels`, which imports both.
    static let fixtureLibraries: [String] = ["Labels", "Signals", "SignalLabels"].map {
        repositoryRoot + "/Tests/LectureKitTests/Fixtures/libraries/" + $0
    }

    /// A build of `content` with `templates` into `output`; its samples may import the tests'
    /// sample libraries (`fixtureLibraries`).
    static func configuration(content: String, templates: String, output: String) -> BuildConfiguration {
        var configuration = BuildConfiguration()
        configuration.verifier.libraries = fixtureLibraries
        configuration.contentDirectory = content
        configuration.templatesDirectory = templates
        configuration.outputDirectory = output
        configuration.cacheDirectory = cacheDirectory
        configuration.buildDate = "2026-01-01"
        // A page a test leaves missing stays an error, as with mdBook's `create-missing = false`:
        // no test writes into its content by accident (the oracle's books keep mdBook's default).
        configuration.book.createMissing = false
        return configuration
    }
}
