import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample written for another tool or another Swift (new user 4, F7 and F8): mdBook's hidden
/// lines (`# ` lines, `hidelines=`) get the note naming Swift's way of hiding lines; a Swift 6
/// isolation error gets the note naming `swift-language-mode = 5`. Each compiled by swiftc.
@Suite(.serialized) struct CompileErrorHintTests {
    func verify(_ markdown: String, languageMode: String = "6") throws -> [SampleResult] {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        stage.verifier.options.swiftLanguageMode = languageMode
        return stage.verifier.verify(
            SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples)
    }

    func firstErrorNotes(_ results: [SampleResult]) -> [String] {
        results.first?.diagnostics.first { $0.severity == .error }?.notes ?? []
    }

    /// mdBook's hidden lines get their own error at the first such line, once per block, in
    /// place of the parser's "expected a macro identifier" (newuser-6, #12); the block is not
    /// compiled, and the fix names Swift's snippet markers.
    @Test(arguments: [("# struct Greeter {\n#     let name: String\n# }\n", 9), ("#\n# let hidden = 1\n", 8)])
    func mdBooksHiddenLinesGetTheirOwnErrorOncePerBlock(_ hidden: String, _ secondLine: Int) throws {
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse(
                "```swift\n\(hidden)print(\"Hello\")\n```\n\n- item\n\n  ```swift\n  # import Tally\n  print(1)\n  ```\n"
            ),
            path: "page.md")
        let errors = found.diagnostics.filter { $0.identifier == .sampleHiddenLine }
        #expect(
            errors.map(\.location) == [
                SourceLocation(line: 2, column: 1), SourceLocation(line: secondLine + 2, column: 3),
            ], "\(found.diagnostics)")
        #expect(errors.allSatisfy { $0.severity == .error })
        #expect(errors.first?.summary == "'# ' hides lines in Rust code, not in Swift: use '// snippet.hide'")
        #expect(errors.first?.notes.last?.hasPrefix(CompileErrorHints.hiddenLines) == true, "\(errors)")
        #expect(found.samples.isEmpty, "not compiled: the parser's error is not reported")
    }

    /// A `# ` line inside a multi-line string or a block comment is Swift's text; an `ignore`
    /// block is not compiled; neither gets the error.
    @Test(arguments: [
        "```swift\nlet md = \"\"\"\n# Title\n\"\"\"\nprint(md)\n```\n",
        "```swift\n/* notes\n# not code\n*/\nprint(1)\n```\n",
        "```swift ignore\n# import Tally\n```\n",
    ])
    func aPoundLineInAStringACommentOrAnIgnoredBlockIsNoHiddenLine(_ markdown: String) {
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        #expect(!found.diagnostics.contains { $0.identifier == .sampleHiddenLine }, "\(found.diagnostics)")
        #expect(found.samples.count == 1)
    }

    /// Swift's own `#` directives are no hidden lines: an error elsewhere gets no such note.
    @Test func swiftsDirectivesAreNoHiddenLines() throws {
        let results = try verify("```swift\n#if os(Linux)\nlet x: Int = \"no\"\n#endif\n```\n")
        #expect(results.map(\.outcome) == [.failed])
        #expect(!firstErrorNotes(results).contains(CompileErrorHints.hiddenLines))
    }

    @Test func hidelinesIsAnUnknownAttributeNamingSnippetMarkers() {
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift hidelines=#\n# let x = 1\nprint(1)\n```\n"), path: "page.md")
        let error = found.diagnostics.first { $0.summary == "unknown sample attribute 'hidelines=#'" }
        #expect(error?.notes.first == CompileErrorHints.hiddenLines, "\(found.diagnostics)")
    }

    static let swift5 =
        "```swift\nvar counter = 0\nfunc bump() { counter += 1 }\nbump()\nprint(counter)\n```\n\n```output\n1\n```\n"

    @Test func aSwift6IsolationErrorNamesTheLanguageModeAndMode5Passes() throws {
        let results = try verify(Self.swift5)
        #expect(results.map(\.outcome) == [.failed])
        #expect(firstErrorNotes(results).contains(CompileErrorHints.languageMode), "\(results[0].diagnostics)")
        #expect(try verify(Self.swift5, languageMode: "5").map(\.outcome) == [.passed])
    }

    /// Another compile error (a type mismatch) names neither.
    @Test func anotherErrorNamesNeither() throws {
        let notes = firstErrorNotes(try verify("```swift\nlet x: Int = \"no\"\nprint(x)\n```\n"))
        #expect(!notes.isEmpty)
        #expect(!notes.contains(CompileErrorHints.languageMode) && !notes.contains(CompileErrorHints.hiddenLines))
    }
}
