import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// newuser-4 F6: `--bless` refused a whole page that had any `{{#include}}`, even a sample none
/// of whose lines an include brought, so the books that include listings on most pages were
/// blessed by hand. A sample whose fences, code and output block are the page's own lines is
/// blessed where they stand in the file (an include above it moves them); so is one whose code
/// an include brings between the page's own fences (newuser-5 F2: its output block is the
/// page's); one with an output line an include brings is refused, with an error at its fence,
/// and the rest of the file keeps its bytes.
@Suite struct BlessOnIncludingPageTests {
    static let page = """
        # Intro

        {{#include part.md}}

        ```swift
        print(1)
        ```

        ```swift
        {{#include code.swift}}
        ```

        ```swift
        print("x")
        ```

        ```output
        stale
        ```

        ```swift
        print(2)
        ```

        ```output
        {{#include out.txt}}
        ```

        """

    /// The page as bless must leave it: the first and second samples' blocks inserted (the
    /// second's code is included, its block the page's), the third's rewritten.
    static let blessed = page.replacingOccurrences(of: "print(1)\n```\n", with: "print(1)\n```\n\n```output\n1\n```\n")
        .replacingOccurrences(
            of: "{{#include code.swift}}\n```\n", with: "{{#include code.swift}}\n```\n\n```output\n3\n```\n"
        )
        .replacingOccurrences(of: "stale", with: "x")

    func book(_ run: ContainedRun, page: String = Self.page) throws -> String {
        let book = try run.makeBook("[lecture.samples]\nverify = true\nwithout-output = \"require\"\n")
        // Lines enough that the page's own lines move by more than one.
        try TestSupport.write(Array("Included\n\ntext,\n\nfour lines.\n".utf8), to: book + "/src/part.md")
        try TestSupport.write(Array("print(3)\n".utf8), to: book + "/src/code.swift")
        try TestSupport.write(Array("wrong\n".utf8), to: book + "/src/out.txt")
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        return book
    }

    @Test func theOwnSamplesOfAnIncludingPageAreBlessedTheIncludedOnesRefused() throws {
        let run = try ContainedRun()
        let book = try book(run)
        let first = try run.lecture(["check", "--bless"], in: "work/book")
        #expect(first.termination == .exited(1), "\(first.stdoutText)\(first.stderrText)")
        #expect(first.stdoutText.contains("blessed 3 output blocks in src/intro.md"), "\(first.stdoutText)")
        #expect(TestSupport.read(book + "/src/intro.md") == Self.blessed)
        // The sample whose output block is included refused at its fence in the page, where the
        // person looks.
        let refusals = first.stderrText.split(separator: "\n").filter { $0.contains("cannot bless") }
        #expect(refusals.map { $0.prefix(while: { $0 != " " }) } == ["src/intro.md:21:1:"], "\(first.stderrText)")
        #expect(refusals.allSatisfy { $0.contains("comes from an {{#include}}") })
        // The included files are never written.
        #expect(TestSupport.read(book + "/src/code.swift") == "print(3)\n")
        #expect(TestSupport.read(book + "/src/out.txt") == "wrong\n")
        // Blessed again: the blessed samples pass, the included block is refused again, nothing moves.
        let again = try run.lecture(["check", "--bless"], in: "work/book")
        #expect(again.stdoutText.contains("3 passed, 1 failed"), "\(again.stdoutText)")
        #expect(TestSupport.read(book + "/src/intro.md") == Self.blessed)
    }

    /// A page saved with CRLF line endings keeps them, and its own sample is blessed too.
    @Test func anIncludingPageWithCRLFKeepsItsLineEndings() throws {
        let run = try ContainedRun()
        let book = try book(run, page: Self.page.replacingOccurrences(of: "\n", with: "\r\n"))
        _ = try run.lecture(["check", "--bless"], in: "work/book")
        #expect(TestSupport.read(book + "/src/intro.md") == Self.blessed.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// The mismatch of an own sample on an including page says bless accepts it; an included
    /// sample's says to copy the output by hand.
    @Test func theHintsSayWhichSamplesBlessTakes() throws {
        let run = try ContainedRun()
        _ = try book(run)
        let checked = try run.lecture(["check"], in: "work/book")
        let text = checked.stderrText
        // Once, under a CI's parallel suites, all three saw an empty stderr: the run's ending says why.
        let ending = "\(checked.termination): \(text)"
        #expect(text.contains("'lecture check --bless' writes the block"), "\(ending)")
        #expect(text.contains("'lecture check --bless' accepts the actual output"), "\(ending)")
        #expect(text.contains("'lecture check --bless' does not rewrite lines an {{#include}} brings"), "\(ending)")
    }
}
