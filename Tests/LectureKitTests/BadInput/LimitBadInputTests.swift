import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Limits (issue 34): every number a person gives, on the command line or in book.toml, is
/// range-checked into a usage error, never a crash.
@Suite struct LimitBadInputTests {
    func run(_ arguments: [String]) -> (status: Int32, text: String) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.text)
    }

    @Test(arguments: ["1e300", "inf", "nan", "86401", "0", "-0", "1e-400"])
    func aTimeoutOutOfRangeIsAUsageError(_ value: String) {
        for command in ["check", "build"] {
            let result = run([command, "--timeout", value, "--content", "/nonexistent-book"])
            #expect(result.status == 2)
            #expect(
                result.text.contains(
                    "error: --timeout needs a number of seconds above 0 and at most 86400 (a day), not '\(value)'"),
                "\(result.text)")
        }
    }

    @Test(arguments: ["1025", "99999999999999999999", "-3"])
    func tooManyJobsIsAUsageError(_ value: String) {
        let result = run(["check", "-j", value, "--content", "/nonexistent-book"])
        #expect(result.status == 2)
        #expect(result.text.contains("error: -j needs a whole number from 1 to 1024, not '\(value)'"))
    }

    @Test(arguments: ["1e300", "inf", "nan", "-inf", "0", "100000"])
    func aBookTimeoutOutOfRangeIsAnErrorAtItsLine(_ value: String) {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[book]\ntitle = \"T\"\n\n[lecture]\ntimeout = \(value)\n", path: "book.toml")
        #expect(settings.timeout == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location?.line == 5)
        #expect(diagnostics.first?.summary.contains("above 0 and at most 86400") == true, "\(diagnostics)")
    }

    @Test func theLargestTimeoutStillRuns() throws {
        let parsed = try CheckCommand.options(["--timeout", "86400", "-j", "1024"])
        #expect(parsed.book.timeout == 86_400)
        #expect(parsed.book.jobs == 1024)
        // The deadline a run computes from it is representable.
        #expect(ContinuousClock.now.advanced(by: .seconds(86_400.0)) > ContinuousClock.now)
    }
}
