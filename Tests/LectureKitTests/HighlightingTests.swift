import LectureSupport
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import SwiftAnalysis

/// Build-time highlighting of Swift with swift-syntax's classification.
@Suite struct HighlightingTests {
    /// The text of each token of `kind` in `source`.
    func words(_ source: String, _ kind: HighlightedToken.Kind) -> [String] {
        let bytes = Array(source.utf8)
        return SyntaxHighlighter.tokens(in: source).filter { $0.kind == kind }
            .map { String(decoding: bytes[$0.offset..<$0.offset + $0.length], as: UTF8.self) }
    }

    @Test func modernSwiftKeywordsAreKeywords() {
        let source =
            "func load(_ items: some Collection<Int>) async throws(LoadError) -> any Sequence { try await save(consume items) }\n"
        #expect(words(source, .keyword) == ["func", "some", "async", "throws", "any", "try", "await", "consume"])
        #expect(words(source, .type) == ["Collection", "Int", "LoadError", "Sequence"])
    }

    @Test func attributesAndMacrosAreMarked() {
        let source = "@MainActor @Observable final class ViewModel {}\n@Test func a() { #expect(1 == 1) }\n"
        #expect(words(source, .attribute) == ["@MainActor", "@Observable", "@Test"])
        #expect(words(source, .macro) == ["#expect"])
    }

    @Test func literalsAndCommentsAreMarkedWithHangulKept() {
        let source = "let greeting = \"안녕\" // 인사\nlet n = 0x1F\n"
        #expect(words(source, .string) == ["\"안녕\""])
        #expect(words(source, .comment) == ["// 인사"])
        #expect(words(source, .number) == ["0x1F"])
    }

    @Test func htmlIsEscapedAndSpansAreClassified() {
        let html = SwiftCodeHTML.highlighted("let a = b < c && \"<x>\"\n").code
        #expect(
            html
                == "<span class=\"hl-keyword\">let</span> a = b &lt; c &amp;&amp; <span class=\"hl-string\">&quot;&lt;x&gt;&quot;</span>\n"
        )
    }

    /// Hidden lines (`// snippet.hide` to `// snippet.show`) are on the page, highlighted, each
    /// run in mdBook's `<span class="boring">` that the theme hides until the reader presses the
    /// code's hidden-lines button, as Rust's `# ` lines are; the markers themselves are not.
    @Test func sampleFiguresAreHighlightedWithHiddenLinesInBoringSpansAndOutOfHighlightJS() {
        let markdown = """
            ```swift ignore
            // snippet.hide
            let secret = 1
            var other = 2
            // snippet.show
            let shown = "값"
            // snippet.hide
            print(secret)
            ```

            """
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples[0]
        let html = SampleRendering.figure(sample, part: 0, swiftVersion: "Swift 6.3")
        #expect(
            html.contains(
                "<code class=\"swift-code\"><span class=\"boring\"><span class=\"hl-keyword\">let</span> secret = <span class=\"hl-number\">1</span>\n<span class=\"hl-keyword\">var</span> other = <span class=\"hl-number\">2</span>\n</span><span class=\"hl-keyword\">let</span> shown = <span class=\"hl-string\">&quot;값&quot;</span>\n<span class=\"boring\">print(secret)\n</span></code>"
            ), "\(html)")
        #expect(!html.contains("snippet."))
        #expect(!html.contains("language-"))
        // Without Swift analysis (`LECTURE_SWIFT_ANALYSIS=off`, read once into the options), the
        // code is escaped text for highlight.js.
        let plain = SampleRendering.figure(sample, part: 0, swiftVersion: "Swift 6.3", swiftAnalysis: false)
        #expect(plain.contains("<code class=\"language-swift\">") && !plain.contains("hl-keyword"), "\(plain)")
    }

    /// The samples' `LECTURE_*` variables are read once, with the book's settings
    /// (`BookLayout.configure`): `Options()` is the same value whatever the process's environment.
    @Test func sampleOptionsReadTheEnvironmentOnlyWhenTold() throws {
        let defaults = SampleVerifier.Options()
        #expect(defaults.hoverTimeout == 20 && defaults.swiftAnalysis && defaults.mergeSamples)
        var options = defaults
        options.read(environment: [
            "LECTURE_HOVER_TIMEOUT": "600", "LECTURE_SWIFT_ANALYSIS": "off", "LECTURE_MERGE_SAMPLES": "off",
        ])
        #expect(options.hoverTimeout == 600 && !options.swiftAnalysis && !options.mergeSamples)
        var unchanged = defaults
        unchanged.read(environment: ["LECTURE_HOVER_TIMEOUT": "-1", "LECTURE_SWIFT_ANALYSIS": "on"])
        #expect(unchanged == defaults)
        let root = try TestSupport.makeTree(["src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var configuration = BuildConfiguration()
        var bookOptions = BookOptions()
        bookOptions.directory = root
        _ = try BookLayout.configure(
            &configuration, options: bookOptions, needsTemplates: false, environment: ["LECTURE_MERGE_SAMPLES": "off"])
        #expect(!configuration.verifier.mergeSamples && configuration.verifier.swiftAnalysis)
    }
}
