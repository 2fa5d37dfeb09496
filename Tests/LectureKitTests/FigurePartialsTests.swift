import CommonMark
import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The chrome around figures (a sample's code, badge, output and test report, its hover cards,
/// a diagram's and a table's wrappers) comes from the theme's partials, as the page chrome does,
/// each overridable file by file, with the interface words of the book's language.
@Suite struct FigurePartialsTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    /// A book with a sample not run, a captioned table with a
    /// verdict and a captioned diagram (no sample compiled).
    static let book: [String: String] = [
        "book.toml": "[book]\ntitle = \"Qz\"\n\n[lecture.samples]\nverify = true\n",
        "src/SUMMARY.md": "# Qz\n\n- [Qa](a.md)\n",
        "src/a.md": """
        # Qa

        ```swift ignore
        let qq = 1
        ```

        ```table caption="Qt"
        | Qk | Qm |
        |---|---|
        | Qn | ✔ qv |
        ```

        ```dot caption="Qg"
        digraph { qa -> qb }
        ```

        """,
    ]

    /// The partials a theme (`root/theme`) holds, loaded as a build loads them.
    static func chrome(theme files: [String: String], language: String? = nil) throws -> (Chrome, String) {
        let root = try TestSupport.makeTree(files.mapKeys { "theme/partials/" + $0 })
        let partials = try Partials.load(themeDirectory: root + "/theme")
        return (
            Chrome(partials: partials, words: InterfaceWords.load(language: language, themeDirectory: nil).words), root
        )
    }

    @Test func aThemeReplacesTheSampleTableAndDiagramPartials() throws {
        var files = Self.book
        files["theme/page.html"] = "<main>{{ content }}</main>\n"
        files["theme/partials/sample-figure.html"] =
            "<div class=\"my-sample {{ classes }}\">{{ code }}{{ caption }}</div>\n"
        files["theme/partials/sample-note.html"] = "<p class=\"my-note\">{{ badge }} / {{ words.table }}</p>\n"
        files["theme/partials/table-verdict.html"] = "<b class=\"my-{{ verdict }}\">{{ label }}</b>\n"
        files["theme/partials/table-label.html"] = " data-never=\"1\"\n"
        files["theme/partials/table-caption.html"] =
            "<caption class=\"my-caption\" id=\"{{ id }}\">{{ caption }}</caption>\n"
        files["theme/partials/diagram-caption.html"] = "<figcaption class=\"my-diagram\">{{ caption }}</figcaption>\n"
        let root = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run([
            "build", root, "--templates", root + "/theme", "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(status == 0, "\(lines)")
        let a = try #require(TestSupport.read(root + "/book/a.html"))
        #expect(a.contains("<div class=\"my-sample sample sample-ignore\"><pre><code class=\"swift-code\">"), "\(a)")
        #expect(a.contains("<p class=\"my-note\">Not run / Table</p></div>\n"), "the theme's note with its words: \(a)")
        #expect(a.contains("<b class=\"my-good\">good</b> qv</td>"), "the theme's verdict: \(a)")
        #expect(a.contains("<caption class=\"my-caption\" id=\""), "the theme's caption: \(a)")
        #expect(!a.contains("data-never"), "a captioned table is labelled by its caption, not table-label")
        #expect(a.contains("<div class=\"table-wrap\" role=\"region\""), "the built-in table partial: \(a)")
        #expect(a.contains("<figcaption class=\"my-diagram\">Qg</figcaption></figure>\n"), "\(a)")
        #expect(a.contains("<figure class=\"diagram\" style=\"--drawing-width: "), "the built-in diagram partial")
        #expect(!FileSystem.exists(root + "/book/partials"), "the partials are read, not copied")
    }

    /// The test report: every piece from a partial, the words from the book's language.
    @Test func aThemeReplacesTheTestReportPartials() throws {
        let markdown = "```swift test\nimport Testing\n@Test func qr() { #expect(1 == 2) }\n```\n"
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md").samples[0]
        let tests = [
            TestCaseResult(name: "qs()", passed: true),
            TestCaseResult(
                name: "qr()", passed: false, failures: [.init(message: "Expectation failed: 1 == 2", line: 3)]),
        ]
        let builtIn = TestReportRendering.figcaption(sample, tests: tests, swiftVersion: "Swift 6.3")
        #expect(
            builtIn.hasPrefix(
                "<figcaption class=\"sample-tests\"><span class=\"badge\">Test results · verified (Swift 6.3)</span><p class=\"test-summary\">1 of 2 tests passed, 1 failed</p><ul class=\"test-report\"><li class=\"test-passed\">"
            ), "\(builtIn)")
        #expect(
            builtIn.contains(
                "<span class=\"test-failure\"><code>@Test func qr() { #expect(1 == 2) }</code> Expectation failed: 1 == 2 <span class=\"test-line\">p.md:3</span></span></li></ul></figcaption>"
            ), "\(builtIn)")
        let (chrome, root) = try Self.chrome(
            theme: [
                "test-failed.html": "<li class=\"my-failed\">{{ words.test-failed }} {{ name }}{{ failures }}</li>\n",
                "test-failure-line.html": " (line {{ line }})\n",
            ], language: "ko")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let themed = TestReportRendering.figcaption(sample, tests: tests, swiftVersion: "Swift 6.3", chrome: chrome)
        #expect(themed.contains("<li class=\"my-failed\">실패 qr()<span class=\"test-failure\"><code>"), "\(themed)")
        #expect(themed.contains("1 == 2 (line 3)</span></li>"), "\(themed)")
        #expect(themed.contains("<li class=\"test-passed\">"), "the built-in partial for the passed test: \(themed)")
    }

    /// Hover cards are cached as HTML with the code; the key holds the partials they are made
    /// with and their words, so a theme's changed partial renders them again (and a running
    /// preview, whose Render step reruns on any change of the partials, shows it).
    @Test func changingAHoverCardPartialRendersTheCachedCodeAgain() throws {
        let markdown = "```swift ignore\nlet qq = 1\n```\n"
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md").samples[0]
        let cards = HoverCard.packed([
            HoverCard(part: 0, line: 0, column: 4, length: 2, text: "let qq: Int", isClosure: false, inferred: true)
        ])
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = Cache(directory: folder)
        let builtIn = SampleRendering.highlightedCode(sample, part: 0, cards: cards, cache: cache)
        // The identifier in the code, its card beside the code (never in its text).
        #expect(
            builtIn.contains(
                "<span class=\"hover\" tabindex=\"0\" aria-describedby=\"lecture-card-1-0\" data-card=\"let qq: Int · inferred type\">qq</span>"
            ), "\(builtIn)")
        #expect(
            builtIn.contains(
                "</code></pre><div class=\"hover-cards\" hidden><span class=\"hover-card\" role=\"tooltip\" id=\"lecture-card-1-0\"><span class=\"hover-declaration\">let qq: Int</span><span class=\"hover-kind\"> · inferred type</span></span></div>"
            ), "\(builtIn)")
        #expect(builtIn.hasPrefix("<div class=\"hover-frame\"><pre><code class=\"swift-code\">"), "\(builtIn)")
        #expect(
            SampleRendering.highlightedCode(sample, part: 0, cards: cards, cache: cache) == builtIn, "from the cache")

        let (chrome, root) = try Self.chrome(theme: [
            "hover-card.html": "<i class=\"my-card\" id=\"{{ id }}\">{{ declaration }}{{ inferred }}</i>\n",
            "hover-frame.html": "<div class=\"my-frame\">{{ code }}{{ cards }}</div>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let themed = SampleRendering.highlightedCode(sample, part: 0, cards: cards, cache: cache, chrome: chrome)
        #expect(
            themed.contains("<i class=\"my-card\" id=\"lecture-card-1-0\">let qq: Int<span class=\"hover-kind\">"),
            "\(themed)")
        #expect(themed.hasPrefix("<div class=\"my-frame\"><pre>"), "\(themed)")
        // A changed word the cards use retires the cached HTML too; one they do not use does not.
        var words = InterfaceWords.english
        words.table["hover-inferred"] = " · qinferred"
        let reworded = SampleRendering.highlightedCode(
            sample, part: 0, cards: cards, cache: cache, chrome: Chrome(partials: chrome.partials, words: words))
        #expect(reworded.contains("<span class=\"hover-kind\"> · qinferred</span>"), "\(reworded)")
        #expect(
            Chrome(partials: .builtIn, words: words).cacheKey(SampleRendering.codePartials)
                != Chrome.english.cacheKey(SampleRendering.codePartials))
        words = InterfaceWords.english
        words.table["table"] = "Qtable"
        #expect(
            Chrome(partials: .builtIn, words: words).cacheKey(SampleRendering.codePartials)
                == Chrome.english.cacheKey(SampleRendering.codePartials))
    }

    /// An English book's figures hold no Korean: every partial of the built-in theme is free of
    /// it, and so is each figure rendered in English (the Korean ones say what the table says).
    @Test func theFigureChromeSpeaksTheBooksLanguage() throws {
        for name in Partials.Name.allCases {
            let text = try #require(Partials.builtIn.texts[name], "\(name.path) is built in")
            #expect(!InterfaceLanguageTests.hasHangul(text), "Korean in the built-in \(name.path)")
        }
        let markdown = "```swift compile_fail\nlet qq: Int = \"\"\n```\n\n```output\nqz\n```\n"
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md").samples[0]
        let korean = Chrome(words: InterfaceWords.load(language: "ko", themeDirectory: nil).words)
        let english = SampleRendering.figure(sample, part: 0, swiftVersion: "Swift 6.3")
        let koreanHTML = SampleRendering.figure(sample, part: 0, swiftVersion: "Swift 6.3", chrome: korean)
        #expect(!InterfaceLanguageTests.hasHangul(english), "\(english)")
        #expect(english.contains("Fails to compile, as intended (checked with Swift 6.3)"), "\(english)")
        #expect(koreanHTML.contains(HTML.escape(korean.words.format("sample-compile-fail", ["compiler": "Swift 6.3"]))))
        let table = try TableRenderer.render(
            "| Qk | Qm |\n|---|---|\n| Qn | △ |\n", caption: nil, id: "t", path: "p.md",
            location: SourceLocation(line: 1, column: 1))
        #expect(table.contains("aria-label=\"Table\"") && table.contains("aria-label=\"fair\""), "\(table)")
        #expect(!InterfaceLanguageTests.hasHangul(table))
    }
}

extension Dictionary where Key == String {
    fileprivate func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
