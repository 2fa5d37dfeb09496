import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport
@testable import SwiftAnalysis

/// attack-4's sample kinds F7–F10 and issue 34's cached data file and module cache, each with
/// real `lecture` runs (swiftc, bubblewrap) in a private mount namespace with a scratch home
/// (`ContainedRun`).
@Suite struct SampleSourceBadInputTests {
    /// Writes `page` as the book's first page and runs `lecture ARGUMENTS` on it.
    func run(_ page: String, _ arguments: [String], in run: ContainedRun, book: String) throws -> Subprocess.Result {
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        return try run.lecture(arguments, in: "work/book")
    }

    /// F7: `// snippet.hide` inside a multiline string literal is text of the string: the page
    /// shows the whole literal, and markers that are comments still hide their lines.
    @Test func snippetMarkersInAStringLiteralAreText() throws {
        let contained = try ContainedRun()
        let book = try contained.makeBook("[lecture.samples]\nverify = true\n")
        let page = """
            # Intro

            ```swift
            // snippet.hide
            let hiddenSetup = "SETUP-HIDDEN"
            // snippet.show
            let s = \"\"\"
            a
            // snippet.hide
            b
            // snippet.show
            c
            \"\"\"
            print(s)
            ```

            ```output
            a
            // snippet.hide
            b
            // snippet.show
            c
            ```

            """
        let built = try run(page, ["build"], in: contained, book: book)
        #expect(built.termination == .exited(0), "\(built.stderrText)")
        let html = TestSupport.read(book + "/book/intro.html") ?? ""
        let code = html.components(separatedBy: "<code").dropFirst().first ?? ""
        let text = code.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        #expect(text.contains("a\n// snippet.hide\nb\n// snippet.show\nc"), "\(text)")
        // The hidden line is hidden (in mdBook's `boring` span, for the hidden-lines button); the
        // lines of the literal are not.
        let hidden = code.components(separatedBy: "<span class=\"boring\">").dropFirst()
        #expect(hidden.count == 1, "one hidden line: \(code)")
        #expect(hidden.first?.prefix { $0 != "\n" }.contains("SETUP-HIDDEN") == true, "\(code)")
        #expect(SnippetMarkers.lines(in: "// snippet.hide\nlet s = \"\"\"\n// snippet.show\n\"\"\"\n") == [0: true])
    }

    /// F7's siblings: a block comment and an extended regular expression literal also hold whole
    /// lines as their text, so a marker-looking line inside one is not a marker; without any such
    /// construct, markers are found without parsing the sample (`SnippetMarkers.spansLines`).
    @Test func snippetMarkersInABlockCommentOrARegexLiteralAreText() {
        #expect(SnippetMarkers.lines(in: "// snippet.hide\n/*\n// snippet.show\n*/\n") == [0: true])
        #expect(SnippetMarkers.lines(in: "// snippet.hide\nlet r = #/\n// snippet.show\n/#\n") == [0: true])
        #expect(
            SnippetMarkers.lines(in: "  // snippet.hide\nlet a = \"// snippet.show\"\n// snippet.show\t\n")
                == [0: true, 2: false])
    }

    /// F9: a `// snippet.hide` with no `// snippet.show` after it is a warning at the marker.
    @Test func aHideMarkerWithNoShowIsWarnedAtItsLine() throws {
        let contained = try ContainedRun()
        let book = try contained.makeBook()
        let page =
            "# Intro\n\n```swift\nprint(\"visible\")\n  // snippet.hide\nprint(\"never shown\")\n```\n\n```output\nvisible\nnever shown\n```\n\n```swift\n// snippet.hide\nprint(1)\n// snippet.show\n```\n\n```output\n1\n```\n"
        let checked = try run(page, ["check"], in: contained, book: book)
        #expect(checked.termination == .exited(0), "\(checked.stderrText)")
        #expect(
            TestSupport.onlyHeadline(checked.stderrText, .warning)?.hasPrefix(
                "src/intro.md:5:3: warning: '// snippet.hide' with no '// snippet.show'") == true,
            "\(checked.stderrText)")
        #expect(checked.stderrText.contains("hidden to the end of its block (1 line)"), "\(checked.stderrText)")
        #expect(checked.stderrText.contains("add '// snippet.show'"), "\(checked.stderrText)")
    }

    /// F8: a shebang line compiles as swiftc compiles a script's, and lines stay the page's.
    @Test func aShebangSampleCompilesAsAScriptDoes() throws {
        let contained = try ContainedRun()
        let book = try contained.makeBook()
        let page =
            "# Intro\n\n```swift\n#!/usr/bin/env swift\nprint(\"hi\")\n```\n\n```output\nhi\n```\n\n```swift\n#!/usr/bin/env swift\nlet x: Int = \"oops\"\n```\n"
        let checked = try run(page, ["check"], in: contained, book: book)
        #expect(checked.termination == .exited(1), "\(checked.stderrText)")
        #expect(checked.stdoutText.contains("1 passed, 1 failed"), "\(checked.stdoutText)\(checked.stderrText)")
        #expect(checked.stderrText.contains("src/intro.md:14:14: error:"), "\(checked.stderrText)")
        #expect(!checked.stderrText.contains("pound literal"), "\(checked.stderrText)")
    }

    /// F10: expected text the program wrote to stderr gets a hint that says so, not one about
    /// work that did not finish.
    @Test func expectedOutputWrittenToStderrIsSaidToBeThere() throws {
        let contained = try ContainedRun()
        let book = try contained.makeBook()
        let page =
            "# Intro\n\n```swift\nimport Foundation\nprint(\"one\")\nFileHandle.standardError.write(Data(\"hello\\n\".utf8))\n```\n\n```output\none\nhello\n```\n"
        let checked = try run(page, ["check"], in: contained, book: book)
        #expect(checked.termination == .exited(1), "\(checked.stderrText)")
        #expect(checked.stderrText.contains("a line the program wrote to standard error"), "\(checked.stderrText)")
        #expect(!checked.stderrText.contains("DispatchQueue"), "\(checked.stderrText)")
        #expect(
            OutputComparison.linesOnStderr(expected: "a\nb\n", actual: "a\n", stderr: "x\nb\n") == ["b"]
                && OutputComparison.linesOnStderr(expected: "a\nb\n", actual: "a\n", stderr: "x\n") == nil)
    }

    /// Issue 34: a file the sample reads (`reads=`) is part of its cache key: changed, the
    /// sample runs again and fails; a missing one is an error at the fence.
    @Test func aChangedDataFileRunsTheSampleAgain() throws {
        let contained = try ContainedRun()
        let book = try contained.makeBook()
        try TestSupport.write(Array("one\n".utf8), to: book + "/src/data/words.txt")
        let page =
            "# Intro\n\n```swift reads=data/words.txt\nimport Foundation\nprint(try String(contentsOfFile: \"data/words.txt\", encoding: .utf8), terminator: \"\")\n```\n\n```output\none\n```\n"
        let first = try run(page, ["check"], in: contained, book: book)
        #expect(first.termination == .exited(0), "\(first.stdoutText)\(first.stderrText)")
        try TestSupport.write(Array("two\n".utf8), to: book + "/src/data/words.txt")
        let second = try contained.lecture(["check"], in: "work/book")
        #expect(second.termination == .exited(1), "\(second.stdoutText)")
        #expect(second.stderrText.contains("+two"), "\(second.stderrText)")
        let missing = try run(
            page.replacingOccurrences(of: "reads=data/words.txt", with: "reads=data/none.txt"), ["check"],
            in: contained, book: book)
        #expect(missing.termination == .exited(1))
        #expect(
            missing.stderrText.contains(
                "src/intro.md:3:1: error: 'reads=data/none.txt' names no readable file of the book's pages"),
            "\(missing.stderrText)")
        #expect(Sample.readProblem("data//x.txt") != nil && Sample.readProblem("/etc/passwd") != nil)
    }

    /// Issue 34: a check leaves the home folder as it was: the compiler's Clang module cache is
    /// in the tool's cache folder, not `~/.cache/clang`.
    @Test func aCheckLeavesTheHomeFolderUntouched() throws {
        let contained = try ContainedRun()
        let book = try contained.makeBook()
        try TestSupport.write(
            Array(
                "# Intro\n\n```swift\nimport Foundation\nprint(Date.distantPast < Date())\n```\n\n```output\ntrue\n```\n"
                    .utf8),
            to: book + "/src/intro.md")
        let before = contained.digest()
        let checked = try contained.lecture(["check"], in: "work/book")
        #expect(checked.termination == .exited(0), "\(checked.stdoutText)\(checked.stderrText)")
        #expect(contained.digest() == before)
        #expect(FileSystem.isDirectory(contained.scratch + "/cache/clang-modules"))
    }
}
