import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Fences and info strings that were read wrong (issue 34): an unclosed fence that got a hint
/// about async work, a commented-out sample whose warning stated the blank-line rule, commas in
/// info strings (`swift,ignore`), and Foundation's Linux-only modules.
@Suite struct FenceBadInputTests {
    static func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md")
    }

    static func unclosed(_ markdown: String) -> [Int] {
        UnclosedFences.find(MarkdownParser.parse(markdown), text: markdown).map(\.block.range.start.line)
    }

    /// (Pages reach the parser with LF line endings: `SourceFileReader` turns CRLF into LF.)
    @Test func fencesClosedEveryWayCommonMarkClosesThemAreNotReported() {
        for closed in [
            "```swift\na\n```\n", "~~~\na\n~~~~\n", "````\n```\n````\n", "```\n```", "> ```\n> a\n> ```\n",
            "- ```\n  a\n\n  b\n  ```\n", "  ```\n  a\n   ```  \n",
        ] {
            #expect(Self.unclosed(closed).isEmpty, "\(closed.debugDescription)")
        }
        #expect(Self.unclosed("# T\n\n```swift\na\n") == [3])
        #expect(Self.unclosed("````\na\n```\n") == [1])
        #expect(Self.unclosed("~~~\na\n```\n\ntext\n") == [1])
        #expect(Self.unclosed("> ```\n> a\n\nb\n") == [1])
    }

    /// An `output` block left open took in the prose after it, and the sample failed with
    /// "the program ended before the last lines were printed: work scheduled with
    /// DispatchQueue…async…". Now: an error at the fence that is open, and no verdict.
    @Test func anUnclosedFenceIsReportedAtItsOpeningLineWithoutTheAsyncHint() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n",
            "one.md":
                "# 하나\n\n```swift\nprint(\"x\")\nprint(\"y\")\n```\n\n```output\nx\ny\n\n다음 문단.\n\n```text\nplain\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let page = root + "/content/one.md"
        #expect(
            lines.contains {
                $0.hasPrefix(page + ":8:1: error: fenced code block is never closed: the rest of the page is code")
                    && $0.contains("\n    close it with a line of '```' after its last line of code")
            }, "\(lines)")
        #expect(!lines.contains { $0.contains("DispatchQueue") || $0.contains("ended before") }, "\(lines)")
        #expect(!lines.contains { $0.contains("output does not match") }, "\(lines)")
        // The fence after it is code of the output block, not a block of its own: one report.
        #expect(lines.filter { $0.contains("never closed") }.count == 1, "\(lines)")
    }

    /// A sample inside `<!-- … -->` is hidden by the comment, which runs to its `-->`, blank
    /// lines and all: the warning said "runs to the next blank line" and "leave a blank line".
    @Test func aCommentedOutSampleIsWarnedWithTheCommentsRule() throws {
        let found = Self.extract("# T\n\n<!-- 나중에\n\n```swift\nprint(1)\n```\n\n-->\n")
        #expect(found.samples.isEmpty)
        let warning = try #require(found.diagnostics.first)
        #expect(
            warning.headline == "p.md:5:1: warning: swift fence inside an HTML comment is not a sample, and is not run")
        #expect(warning.notes.joined().contains("runs to the first line holding '-->'"), "\(warning.notes)")
        #expect(!warning.notes.joined().contains("blank line between"), "\(warning.notes)")
        // `<pre>` and `<script>` too run to their end tag; `<div>` to a blank line.
        let pre = try #require(Self.extract("<pre>\n```swift\nprint(1)\n```\n</pre>\n").diagnostics.first)
        #expect(pre.notes.first?.contains("'</pre>'") == true, "\(pre.notes)")
        let div = try #require(Self.extract("<div>\n```swift\nprint(1)\n```\n</div>\n").diagnostics.first)
        #expect(div.notes.first?.contains("next blank line") == true, "\(div.notes)")
        // Hidden on purpose and marked so: not warned.
        #expect(Self.extract("<!--\n```swift ignore\nprint(1)\n```\n-->\n").diagnostics.isEmpty)
    }

    /// rustdoc and mdBook read `rust,ignore` as `rust ignore`; `swift,ignore` was plain code,
    /// silently, and `swift,no_run` a run sample.
    @Test func commasSeparateInfoStringWordsAsSpacesDo() {
        let found = Self.extract(
            """
            ```swift,ignore
            let a = 1
            ```

            ```swift, no_run
            let b = 1
            ```

            ```swift,compile_fail,expect-error="cannot convert value, of type"
            let c: Int = "x"
            ```

            """)
        #expect(found.diagnostics.isEmpty, "\(found.diagnostics.map(\.headline))")
        #expect(found.samples.map(\.mode) == [.ignore, .noRun, .compileFail])
        #expect(found.samples.last?.expectedErrors == ["cannot convert value, of type"])
        #expect(CodeBlock(info: "rust,ignore", code: "", isFenced: true).language == "rust")
        #expect(InfoString("dot,caption=\"a, b\"").value("caption") == "a, b")
        // Classes as mdBook 0.5.4 writes them (`language-swift ignore`) for code that is not a sample.
        #expect(
            CodeBlockHTML.html(CodeBlock(info: "swift, no_run", code: "x\n", isFenced: true))
                == "<pre><code class=\"language-swift no_run\">x\n</code></pre>")
    }

    /// On Linux URLSession and its kin are in FoundationNetworking; swiftc's errors do not say so.
    @Test func foundationNetworkingTypesGetANoteNamingTheModule() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let found = Self.extract(
            """
            ```swift no_run
            import Foundation
            let request = URLRequest(url: URL(string: "https://example.com")!)
            let session = URLSession.shared
            ```

            ```swift no_run
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            let request = URLRequest(url: URL(string: "https://example.com")!)
            ```

            """)
        let results = stage.verifier.verify(found.samples)
        #expect(results.map(\.outcome) == [.failed, .passed], "\(results.flatMap(\.diagnostics).map(\.headline))")
        let errors = results[0].diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors.map(\.headline))")
        for error in errors {
            #expect(
                error.notes.contains { $0.hasPrefix("on Linux, 'URL") && $0.contains("import FoundationNetworking") },
                "\(error.headline) \(error.notes)")
        }
    }
}
