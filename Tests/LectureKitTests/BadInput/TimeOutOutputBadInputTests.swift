import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample killed at a limit shows what it printed before the kill, as a crash does (a
/// program that printed and then hung was reported with nothing it printed, so the
/// reader could not tell where it hung), and the time-out's hint names the book's setting.
@Suite struct TimeOutOutputBadInputTests {
    @Test func aTimedOutSampleShowsWhatItPrintedAndBothWaysToRaiseTheLimit() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let markdown = "```swift\nprint(\"started\")\nprint(\"still here\")\nwhile true {}\n```\n\n```output\n```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        let results = stage.verifier.verify(found.samples)
        let error = try #require(results.first?.diagnostics.first)
        #expect(error.identifier == .sampleTimeout)
        #expect(error.notes.contains("what it printed before it was killed:\nstarted\nstill here"), "\(error.notes)")
        let hint = try #require(error.notes.first { $0.hasPrefix("if it is slow on purpose") })
        #expect(hint.contains("--timeout SECONDS or LECTURE_TIMEOUT=SECONDS"), "\(hint)")
        #expect(hint.contains("book.toml's '[preprocessor.lecture] timeout' may only lower it"), "\(hint)")
        // A sample that never ends on purpose is offered `no_run` (newuser-5 F7).
        #expect(error.notes.last?.contains("mark it 'no_run'") == true, "\(error.notes)")
        // The JUnit report carries the diagnostic's notes whole.
        #expect(error.description.contains("still here"))
    }

    @Test func theOutputLimitSiblingShowsTheLastLinesCapped() {
        let printed = (0..<5000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let notes = RunEnding.printedBeforeKill(printed)
        let note = try! #require(notes.first)
        #expect(note.hasPrefix("what it printed before it was killed:\n… 4950 earlier lines ("))
        #expect(note.hasSuffix("line 4998\nline 4999"))
        #expect(RunEnding.printedBeforeKill("") == ["it printed nothing before it was killed"])
    }
}
