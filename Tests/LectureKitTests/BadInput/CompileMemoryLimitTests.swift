import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A sample's compile ran outside the sample sandbox with the machine's memory: a huge literal or
/// a type-checker bomb in a page could take all of it within the compile's time limit. The
/// compiler (driver, frontend, linker) now maps at most `CompileMemoryLimit` (`prlimit --as`,
/// for any user and root); past it the sample is an error at its fence naming the limit, never
/// cached, and the other samples are still verified. Each check runs contained, with a real swiftc.
@Suite(.serialized) struct CompileMemoryLimitTests {
    /// What a typical sample of a book uses: Foundation, Codable, an actor, a task.
    static let typical = """
        ```swift
        import Foundation
        struct Point: Codable, Hashable { var x: Double; var y: Double }
        actor Counter { var value = 0; func add(_ n: Int) { value += n } }
        let points = (0..<3).map { Point(x: Double($0), y: Double($0 * $0)) }
        let counter = Counter()
        await counter.add(points.count)
        print(try JSONEncoder().encode(points).count > 0, await counter.value)
        ```

        ```output
        true 3
        ```

        """

    /// A 1 MB nested array literal: its type check fills any memory it is given.
    static let hugeLiteral =
        "```swift\nlet a: [[Int]] = ["
        + Array(repeating: "[" + (0..<20).map(String.init).joined(separator: ",") + "]", count: 20000)
        .joined(separator: ",") + "]\nprint(a.count)\n```\n\n```output\n20000\n```\n\n"

    static func check(_ page: String, limit: Int) throws -> (run: ContainedRun, result: Subprocess.Result) {
        try TestSupport.containedBook(
            "[lecture]\ncompile-memory-limit = \(limit)\n", pages: ["intro.md": "# Intro\n\n" + page],
            running: ["check", "--no-cache"])
    }

    /// The margin measured: a typical sample compiles and links with an eighth of the default.
    @Test func aTypicalSampleCompilesWithAnEighthOfTheLimit() throws {
        let (_, result) = try Self.check(Self.typical, limit: CompileMemoryLimit.mebibytes / 8)
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(!result.stderrText.contains("compile-memory"), "\(result.stderrText)")
    }

    @Test func aCompilePastTheLimitIsAnErrorAtTheSampleAndTheOthersAreVerified() throws {
        // The huge literal's fence is line 3; the typical sample after it is still verified.
        let (_, result) = try Self.check(Self.hugeLiteral + Self.typical, limit: 512)
        Self.expectTheLiteralAloneStopped(result)
        #expect(
            result.stderrText.contains(
                "raise the limit (now 512 MiB): --compile-memory-limit MiB or LECTURE_COMPILE_MEMORY_LIMIT=MiB"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("nothing was cached"), "\(result.stderrText)")
    }

    /// A check of `hugeLiteral` (its fence on line 3) and one sample after it, at 512 MiB: one
    /// error, at the literal, and the other sample passed.
    static func expectTheLiteralAloneStopped(_ result: Subprocess.Result) {
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        let headlines = result.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            headlines == [
                "src/intro.md:3:1: error: compiling the sample needed more than the 512 MiB of memory a compile may map; the compiler was stopped"
            ], "\(result.stderrText)")
        #expect(result.stdoutText.contains("1 passed"), "\(result.stdoutText)\(result.stderrText)")
    }

    /// A book may lower the limit, never raise it (it may come from a pull request): above the
    /// person's it is an error at its line naming the option and the variable, and the person's
    /// variable lets the same book through.
    @Test func aBookMayNotRaiseTheLimitAboveThePersons() throws {
        let (run, refused) = try TestSupport.containedBook(
            "[lecture]\ncompile-memory-limit = 1048576\n", running: ["check", "--no-cache"])
        #expect(refused.termination == .exited(1), "\(refused.stderrText)")
        #expect(
            refused.stderrText.contains(
                "book.toml:4:1: error: '[preprocessor.lecture] compile-memory-limit' = 1048576 is above the 4096 MiB a sample's compile may map here"
            ), "\(refused.stderrText)")
        #expect(
            refused.stderrText.contains(
                "pass '--compile-memory-limit 1048576' or set LECTURE_COMPILE_MEMORY_LIMIT=1048576"),
            "\(refused.stderrText)")
        let allowed = try run.lecture(
            ["check", "--no-cache"], in: "work/book", environment: ["LECTURE_COMPILE_MEMORY_LIMIT": "1048576"])
        #expect(allowed.termination == .exited(0), "\(allowed.stderrText)")
    }

    /// A machine without `prlimit` (util-linux left out of a container image): the compile and the
    /// program are still held, by the shell's `ulimit` (they ran unbounded, unsaid). Run with
    /// `/dev/null` bound over both places `prlimit` is looked for.
    @Test func withoutPrlimitTheCompileAndTheProgramAreStillLimited() throws {
        let run = try ContainedRun()
        let hidden = ["/usr/bin/prlimit", "/bin/prlimit"]
        let probe = try run.command(
            "/bin/sh",
            ["-c", "if [ -x /usr/bin/prlimit ] || [ -x /bin/prlimit ]; then echo there; else echo gone; fi"],
            in: "work", hiding: hidden)
        #expect(probe.stdoutText == "gone\n", "\(probe.stdoutText)\(probe.stderrText)")
        let limits = """
            ```swift
            import Foundation
            let limits = try! String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
            for line in limits.split(separator: "\\n") where line.hasPrefix("Max address space") {
                print(line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " "))
            }
            ```

            ```output
            Max address space \(256 << 20) \(256 << 20) bytes
            ```

            """
        let book = try run.makeBook("[lecture]\ncompile-memory-limit = 512\n[lecture.samples]\nmemory-limit = 256\n")
        try TestSupport.write(Array(("# Intro\n\n" + Self.hugeLiteral + limits).utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["check", "--no-cache"], in: "work/book", hiding: hidden)
        Self.expectTheLiteralAloneStopped(result)
    }

    /// The setting's bounds, each refused at its line with the range.
    @Test(arguments: ["100", "2000000", "\"4096\"", "1.5"]) func aLimitOutOfRangeIsRefusedAtItsLine(_ value: String)
        throws
    {
        let (_, result) = try TestSupport.containedBook(
            "[lecture]\ncompile-memory-limit = \(value)\n", running: ["check"])
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("book.toml:4:1: error: ")
                && result.stderrText.contains("needs a whole number of MiB from 256 to 1048576, such as 4096"),
            "\(value): \(result.stderrText)")
    }
}
