import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 16, kind 13: book.toml's `time-zone` and `sample-locale` are refused at their line, as
/// the book spells the key, saying truthfully what is wrong (a path is a path, not a missing
/// zone), and the run checks the pages with the defaults; the options keep their own message.
@Suite struct SampleEnvironmentSettingBadInputTests {
    @Test(arguments: [
        (
            "../../../../etc/localtime", "../../../root/secret",
            [
                "book.toml:4:1: error: 'lecture.time-zone' is '../../../../etc/localtime', a path, not a time zone's name",
                "book.toml:5:1: error: 'lecture.sample-locale' is '../../../root/secret', a path, not a locale's name",
            ]
        ),
        (
            "Mars/Olympus", "xx_YY.UTF-8",
            [
                "book.toml:4:1: error: 'lecture.time-zone' is 'Mars/Olympus', not in this machine's time zone database (/usr/share/zoneinfo)",
                "book.toml:5:1: error: 'lecture.sample-locale' is 'xx_YY.UTF-8', not installed on this machine",
            ]
        ),
    ])
    func aWrongZoneOrLocaleIsAnErrorAtItsLine(_ zone: String, _ locale: String, _ expected: [String]) throws {
        let (_, result) = try TestSupport.containedBook(
            "[preprocessor.lecture]\ntime-zone = \"\(zone)\"\nsample-locale = \"\(locale)\"\n", running: ["check"])
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        let errors = result.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        #expect(errors == expected, "\(result.stderrText)")
        #expect(!result.stderrText.contains("--sample"), "\(result.stderrText)")
        #expect(result.stderrText.contains("this run checks the pages with the default"), "\(result.stderrText)")
    }

    @Test func anOptionWinsOverAWrongBookValue() throws {
        let (_, result) = try TestSupport.containedBook(
            "[preprocessor.lecture]\ntime-zone = \"Mars/Olympus\"\n", running: ["check", "--sample-time-zone", "UTC"])
        #expect(result.termination == .exited(0), "\(result.stderrText)")
    }

    @Test func aWrongOptionIsNamedAsTheOption() {
        #expect(SampleEnvironment.timeZoneProblem("/etc/localtime") == "a path, not a time zone's name")
        #expect(SampleEnvironment.timeZoneProblem("Asia/Seoul") == nil)
        do {
            try SampleEnvironment(timeZone: "../x").validate()
            Issue.record("no error")
        } catch let error as LectureError {
            #expect(error.diagnostics.map(\.summary) == ["--sample-time-zone '../x' is a path, not a time zone's name"])
        } catch { Issue.record("\(error)") }
    }
}
