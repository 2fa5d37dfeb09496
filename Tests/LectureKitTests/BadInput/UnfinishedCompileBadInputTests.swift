import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A compiler killed by a signal (the OOM killer, `kill`) was cached as
/// "sample does not compile", and every later check repeated it until the source changed; and a
/// compile had no time limit of its own (a type checker busy for more than 250 s). A compile that
/// did not run to its end is now an error of the run, never cached, and one past
/// `[preprocessor.lecture] compile-timeout` is stopped (its process group) with the limit named.
/// Each check runs contained (`ContainedRun`), with the cache in the scratch tree.
@Suite(.serialized) struct UnfinishedCompileBadInputTests {
    static let page = "# Intro\n\n```swift\nprint([1, 2, 3].map { $0 * 2 })\n```\n\n```output\n[2, 4, 6]\n```\n"

    /// The cache's verdict entries.
    static func verdicts(_ run: ContainedRun) -> [String] { FileSystem.files(under: run.scratch + "/cache/samples") }

    /// How a wrapper compiler dies on its first compile of a sample: by SIGKILL itself, or
    /// reporting its `swift-frontend` killed, as the driver does (status 1).
    static let deaths = [
        "kill -KILL $$",
        "echo '<unknown>:0: error: compile command failed due to signal 9 (use -v to see invocation)' >&2; exit 1",
    ]

    @Test(arguments: deaths.indices) func aKilledCompilerIsAnErrorOfTheRunAndIsNotCached(index: Int) throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(Self.page.utf8), to: book + "/src/intro.md")
        // Samples alone (not merged), so the wrapper compiles them; the first compile of a
        // `main.swift` dies, later ones run swiftc.
        let environment = try run.compilerFailingOnce(Self.deaths[index])
        let killed = try run.lecture(["check"], in: "work/book", environment: environment)
        #expect(killed.termination == .exited(1), "\(killed.stderrText)")
        #expect(
            killed.stderrText.contains(
                "src/intro.md:3:1: error: the compiler was killed by SIGKILL and the sample could not be verified"),
            "\(killed.stderrText)")
        #expect(killed.stderrText.contains("nothing was cached"), "\(killed.stderrText)")
        #expect(!killed.stderrText.contains("does not compile"), "\(killed.stderrText)")
        #expect(Self.verdicts(run).isEmpty, "\(Self.verdicts(run))")
        // The next check compiles it again (nothing cached), and it passes.
        let again = try run.lecture(["check"], in: "work/book", environment: environment)
        #expect(again.succeeded, "\(again.stderrText)")
        #expect(again.stdoutText.contains("1 passed, 0 failed"), "\(again.stdoutText)")
    }

    @Test func aSampleKilledFromOutsideIsAnErrorOfTheRunAndIsNotCached() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(
            Array(
                "# Intro\n\n```swift\nimport Glibc\nprint(\"before\")\nkill(getpid(), SIGKILL)\n```\n\n```output\nbefore\n```\n"
                    .utf8), to: book + "/src/intro.md")
        let killed = try run.lecture(["check"], in: "work/book")
        #expect(killed.termination == .exited(1), "\(killed.stderrText)")
        #expect(
            killed.stderrText.contains(
                "src/intro.md:3:1: error: sample was killed by SIGKILL, not by lecture's limits, and could not be verified"
            ), "\(killed.stderrText)")
        #expect(!killed.stderrText.contains("sample crashed"), "\(killed.stderrText)")
        #expect(Self.verdicts(run).isEmpty, "\(Self.verdicts(run))")
    }

    /// 24 variables, each a pair of the one before: a type of 2^24 leaves; the type checker
    /// worked on it for more than 250 s.
    static let compileBomb =
        "# Intro\n\n```swift\nstruct P<A, B> { let a: A; let b: B }\nlet x0 = 0\n"
        + (0..<24).map { "let x\($0 + 1) = P(a: x\($0), b: x\($0))\n" }.joined() + "print(\"done\")\n```\n"

    @Test func aCompilePastTheLimitIsStoppedNamedAndNotCached() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture]\ncompile-timeout = 3\n\n[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(Self.compileBomb.utf8), to: book + "/src/intro.md")
        let start = ContinuousClock.now
        let stopped = try run.lecture(["check"], in: "work/book")
        #expect(stopped.termination == .exited(1), "\(stopped.stderrText)")
        #expect(
            stopped.stderrText.contains(
                "src/intro.md:3:1: error: compiling the sample took longer than 3 s; the compiler was stopped"),
            "\(stopped.stderrText)")
        #expect(
            stopped.stderrText.contains(
                "raise the limit (now 3 s): --compile-timeout SECONDS or LECTURE_COMPILE_TIMEOUT=SECONDS"),
            "\(stopped.stderrText)")
        #expect(Self.verdicts(run).isEmpty, "\(Self.verdicts(run))")
        // A bound that only stops a check that would never end (the compile took minutes).
        #expect(ContinuousClock.now - start < .seconds(200))
        // The compiler's process group was killed: no compiler of this scratch tree is left.
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int(entry) != nil, let bytes = try? FileSystem.read("/proc/\(entry)/cmdline") else { return false }
            let line = String(decoding: bytes, as: UTF8.self)
            return line.contains("swift-frontend") && line.contains(run.scratch)
        }
        #expect(left.isEmpty, "\(left)")
    }
}
