import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 13, kind 46: a compile that failed for a reason outside the sample (a bad
/// `SOURCE_DATE_EPOCH`, which swiftc's Clang refuses; `SWIFT_DRIVER_SWIFT_FRONTEND_EXEC=/bin/false`;
/// a missing toolchain file; a full temporary folder) was cached as the sample's verdict and
/// replayed until `--no-cache`, and on a cold cache the run ended with "'swiftc --version' did
/// not say which Swift it is" after the tool's own warning said the bad date was harmless. A
/// failure naming no line of the sample is now an error of the run, never cached
/// (`CompilerOwnFailure`); `SOURCE_DATE_EPOCH` never reaches swiftc; the variables that steer
/// swiftc are part of the cache key and named when swiftc fails (`CompilerEnvironment`).
@Suite(.serialized) struct CompilerEnvironmentBadInputTests {
    static let page = "# Intro\n\n```swift\nprint([1, 2, 3].map { $0 * 2 })\n```\n\n```output\n[2, 4, 6]\n```\n"
    static let compileFailPage =
        "# Intro\n\n```swift,compile_fail\nlet x: Int = \"a\"\n```\n"

    /// The cache's verdict entries.
    static func verdicts(_ run: ContainedRun) -> [String] { FileSystem.files(under: run.scratch + "/cache/samples") }

    /// What a wrapper compiler says on its first compile of a sample, then exits 1: swiftc failing
    /// on its environment, its files or the disk, never at a line of the sample.
    static let failures = [
        "<unknown>:0: error: environment variable 'SOURCE_DATE_EPOCH' ('') must be a non-negative decimal integer <= 253402300799",
        "<unknown>:0: error: unable to load standard library for target 'x86_64-unknown-linux-gnu'",
        "error: unable to open output file '/tmp/x/main.o': 'No space left on device'",
        "",
    ]

    @Test(arguments: failures.indices, [page, compileFailPage])
    func aCompilerFailingOutsideTheSampleIsAnErrorOfTheRunAndIsNotCached(index: Int, page: String) throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let environment = try run.compilerFailingOnce("echo \"\(Self.failures[index])\" >&2; exit 1")
        let failed = try run.lecture(["check"], in: "work/book", environment: environment)
        #expect(failed.termination == .exited(1), "\(failed.stderrText)")
        #expect(
            failed.stderrText.contains(
                "src/intro.md:3:1: error: the compiler failed without naming a line of the sample; the sample could not be verified"
            ), "\(failed.stderrText)")
        #expect(failed.stderrText.contains("nothing was cached"), "\(failed.stderrText)")
        #expect(Self.verdicts(run).isEmpty, "\(Self.verdicts(run))")
        let again = try run.lecture(["check"], in: "work/book", environment: environment)
        #expect(again.succeeded, "\(again.stderrText)")
        #expect(again.stdoutText.contains("1 passed, 0 failed"), "\(again.stdoutText)")
    }

    @Test(arguments: ["abc", ""]) func aBadSourceDateEpochNeverReachesSwiftc(value: String) throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(Self.page.utf8), to: book + "/src/intro.md")
        // A cold cache: `swiftc --version` is asked too.
        let bad = try run.lecture(["build"], in: "work/book", environment: ["SOURCE_DATE_EPOCH": value])
        #expect(bad.succeeded, "\(bad.stderrText)")
        #expect(
            bad.stderrText.contains(
                "warning: SOURCE_DATE_EPOCH is '\(value)', not a count of seconds since 1970; the build date is today's (lecture never passes the variable to swiftc)"
            ), "\(bad.stderrText)")
        #expect(!bad.stderrText.contains("must be a non-negative"), "\(bad.stderrText)")
        let check = try run.lecture(["check"], in: "work/book")
        #expect(check.succeeded, "\(check.stderrText)")
    }

    @Test func aVariableThatSteersSwiftcIsInTheKeyAndNamedWhenSwiftcFails() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(Self.page.utf8), to: book + "/src/intro.md")
        let warm = try run.lecture(["check"], in: "work/book")
        #expect(warm.succeeded, "\(warm.stderrText)")
        // Not answered from the verdict reached without it: swiftc runs, and fails naming it.
        let steered = try run.lecture(
            ["check"], in: "work/book", environment: ["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC": "/bin/false"])
        #expect(steered.termination == .exited(2), "\(steered.stderrText)")
        #expect(
            steered.stderrText.contains(
                "the environment sets SWIFT_DRIVER_SWIFT_FRONTEND_EXEC='/bin/false', which swiftc reads: unset it"),
            "\(steered.stderrText)")
        let unset = try run.lecture(["check"], in: "work/book")
        #expect(unset.succeeded, "\(unset.stderrText)")
    }

    @Test func theSteeringVariablesAndTheWithheldOne() {
        let environment = [
            "SWIFT_DRIVER_SWIFT_FRONTEND_EXEC": "/x", "SDKROOT": "/sdk", "HOME": "/h", "SOURCE_DATE_EPOCH": "1",
        ]
        #expect(
            CompilerEnvironment.cacheKeyText(in: environment) == "SDKROOT=/sdk\nSWIFT_DRIVER_SWIFT_FRONTEND_EXEC=/x")
        let child = CompilerEnvironment.variables(scratch: "/s", from: environment)
        #expect(child["SOURCE_DATE_EPOCH"] == nil && child["HOME"] == "/h" && child["TMPDIR"] == "/s")
    }
}
