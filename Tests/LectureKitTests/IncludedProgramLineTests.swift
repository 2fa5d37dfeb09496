import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Where a sample's program says it failed is the line a person edits, on a page whose
/// `{{#include}}`s add lines above the sample or bring its code (issue 32: a failed `#expect` on a
/// page of about 1,000 lines was reported in the JUnit report at line 1691, past the page's end).
/// A program counts the expanded text's lines; each route by which a line leaves it (a failed
/// test's issue, XCTest's, a trap's message, a compile error) is read on the terminal, in the
/// JUnit report and on the built page.
@Suite struct IncludedProgramLineTests {
    /// A page of 22 lines with a 60-line file included above its samples: page line 9 holds the
    /// `#expect`, 15 the `XCTAssertEqual`; the fence at 19 includes `tests.swift`, whose
    /// `#expect` stands at its line 6.
    static let page = """
        # Intro

        ```text
        {{#include filler.txt}}
        ```

        ```swift test should_fail
        import Testing
        @Test func own() { #expect(1 == 2) }
        ```

        ```swift test should_fail
        import XCTest
        final class T: XCTestCase {
            func testA() { XCTAssertEqual(1, 2) }
        }
        ```

        ```swift test should_fail
        {{#include tests.swift:suite}}
        ```

        """
    static let tests = """
        // ANCHOR: suite
        import Testing

        struct Box { var v = 1 }

        @Test func included() { #expect(Box().v == 3) }
        // ANCHOR_END: suite

        """

    /// The book, its samples passing (`should_fail`) unless `failing`, where they fail `check`.
    func book(_ run: ContainedRun, failing: Bool = false) throws -> String {
        let book = try run.makeBook(
            "\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nverify = true\n")
        let page = failing ? Self.page.replacingOccurrences(of: " should_fail", with: "") : Self.page
        let tests = Self.tests
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        try TestSupport.write(Array(tests.utf8), to: book + "/src/tests.swift")
        try TestSupport.write(
            Array((1...60).map { "filler \($0)\n" }.joined().utf8), to: book + "/src/filler.txt")
        return book
    }

    /// The page's test report names each failure at the line a person edits: the page's own
    /// line, or the included file's by its path in the book.
    @Test func thePagesTestReportNamesTheEditedLine() throws {
        let run = try ContainedRun()
        let book = try book(run)
        let build = try run.lecture(["build", book], in: "work")
        #expect(build.termination == .exited(0), "\(build.stderrText)")
        let html = TestSupport.read(book + "/book/intro.html") ?? ""
        #expect(html.contains("<span class=\"test-line\">src/intro.md:9</span>"), "\(html)")
        #expect(html.contains("<span class=\"test-line\">src/intro.md:15</span>"), "\(html)")
        #expect(html.contains("<span class=\"test-line\">src/tests.swift:6</span>"), "\(html)")
    }

    /// `check`'s terminal and its JUnit report say the same lines, none past the page's end.
    @Test func checkAndItsJUnitReportNameTheEditedLine() throws {
        let run = try ContainedRun()
        let book = try book(run, failing: true)
        let check = try run.lecture(["check", "book", "--report", "junit:report.xml"], in: "work")
        #expect(check.termination == .exited(1))
        let xml = TestSupport.read(run.scratch + "/work/report.xml") ?? ""
        for place in ["book/src/intro.md:9", "book/src/intro.md:15", "book/src/tests.swift:6"] {
            #expect(check.stderrText.contains(place + ":"), "\(place): \(check.stderrText)")
            #expect(xml.contains(place + ": "), "\(place): \(xml)")
        }
        // Before, each was at the expanded text's line: 68, 74 and 84 of a page of 22 lines.
        for text in [xml, check.stderrText] {
            let lines = text.components(separatedBy: "intro.md:").dropFirst().compactMap {
                Int($0.prefix(while: \.isNumber))
            }
            #expect(!lines.isEmpty && lines.allSatisfy { $0 <= 22 }, "no line past the page's end: \(lines)")
        }
        #expect(FileManager.default.fileExists(atPath: book + "/src/intro.md"))
    }

    /// A case's `file` and `line` name one place: a sample whose fence an include brings is at
    /// the included file's line, in that file.
    @Test func aCaseOfAnIncludedFenceNamesTheIncludedFile() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("\n[preprocessor.lecture]\nrenderers = []\n")
        try TestSupport.write(
            Array("# Intro\n\n{{#include part.md}}\n".utf8), to: book + "/src/intro.md")
        try TestSupport.write(
            Array("Text.\n\n```swift\nprint(1)\n```\n".utf8), to: book + "/src/part.md")
        let check = try run.lecture(["check", "book", "--report", "junit:report.xml"], in: "work")
        #expect(check.termination == .exited(0), "\(check.stderrText)")
        let xml = TestSupport.read(run.scratch + "/work/report.xml") ?? ""
        #expect(xml.contains("file=\"book/src/part.md\" line=\"3\""), "\(xml)")
    }
}
