import BookTOML
import Foundation
import TestFolders
import Testing

@testable import LectureSupport

/// A book.toml holding a dotted key or a table header of 20,000 parts crashed
/// `lecture` (SIGSEGV: the walk over toml++'s tree recursed once per part; toml++ itself does at
/// 50,000). A document nested deeper than `TOMLNesting.maximumDepth` is now one error at the part
/// or value past it, measured on the text before toml++ reads it. Each build runs as its own
/// process (`ContainedRun`), so a crash fails the test and not the suite.
@Suite(.serialized) struct BookTOMLDepthBadInputTests {
    /// `count` parts `a` joined by dots.
    static func parts(_ count: Int) -> String { Array(repeating: "a", count: count).joined(separator: ".") }

    /// Kinds of deep book.toml lines (in `[book]`, below `title`, from line 3: `book` is a level),
    /// and where the error stands: the 100th part of a key starts at byte 199, a header's 101st at 202.
    static let deepLines: [(name: String, lines: String, place: String)] = [
        ("dotted key", parts(50_000) + " = 1", "3:199"),
        ("table header", "[" + parts(50_000) + "]\nk = 1", "3:202"),
        ("array-of-tables header", "[[" + parts(50_000) + "]]\nk = 1", "3:203"),
        ("dotted key in an inline table", "x = { " + parts(50_000) + " = 1 }", "3:203"),
        ("key below a deep header", "[" + parts(60) + "]\n" + parts(50_000) + " = 1", "4:81"),
        // `[[a]]`, `[[a.a]]`, …: each part is an array and its element, so line 53's 51st part is past 100.
        ("arrays of tables", (1...60).map { "[[" + parts($0) + "]]" }.joined(separator: "\n"), "53:103"),
        ("arrays nested in arrays", "x = " + String(repeating: "[", count: 200_000), "3:104"),
        ("inline tables in inline tables", "x = " + String(repeating: "{a = ", count: 200_000), "3:496"),
    ]

    @Test(arguments: deepLines.indices) func aDeepBookTOMLIsOneErrorAtThePartPastTheLimit(index: Int) throws {
        let (name, lines, place) = Self.deepLines[index]
        let run = try ContainedRun()
        try run.makeBook(lines)
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(name): \(result.termination)")
        let errors = result.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errors.map(String.init) == [
                "book.toml:\(place): error: book.toml's tables and arrays nest deeper than \(TOMLNesting.maximumDepth) levels"
            ], "\(name): \(result.stderrText.prefix(600))")
        #expect(result.stderrText.contains("    fix this line: shorten the key"), "\(name)")
    }

    @Test func aDocumentAsDeepAsTheLimitIsRead() throws {
        let limit = TOMLNesting.maximumDepth
        let document = try TOMLDocument.parse(Self.parts(limit) + " = 1\n")
        #expect(document.entries.last?.path.count == limit)
        let header = try TOMLDocument.parse("[" + Self.parts(limit - 1) + "]\nk = 1\n")
        #expect(header.entries.last?.path.count == limit)
        // Strings, comments and multiline strings holding brackets, dots and quotes are no nesting.
        let text = #"""
            a = "[[[[{{{{" # [[[[ a.a.a
            b = '''
            [a.a.a]
            '''
            c = """x\""" [not]"""
            d = [ 1979-05-27 07:32:00Z, 1.5, { e = "]" } ]
            [f."g.h".'i']
            j = 1

            """#
        #expect(TOMLNesting.firstTooDeep(text) == nil)
        #expect(try TOMLDocument.parse(text).entries.contains { $0.path == ["f", "g.h", "i", "j"] })
        #expect(throws: TOMLDocument.SyntaxError.self) { try TOMLDocument.parse(Self.parts(limit + 1) + " = 1\n") }
    }
}
