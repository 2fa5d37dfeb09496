import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Kinds 11–13 of issue 11: text as the author wrote it, Markdown that silently renders as text,
/// and hints that point the right way.
@Suite struct TextAndLinkHintTests {
    func build(_ pages: [String: String], smartPunctuation: Bool = false) throws -> (
        lines: [String], root: String, failed: Bool
    ) {
        var files = pages.mapKeys { "content/" + $0 }
        files["templates/page.html"] =
            "<!doctype html><title>{{ title }}</title><aside>{{ toc }}</aside><main>{{ content }}</main>\n"
        let root = try TestSupport.makeTree(files)
        let recorder = TestSupport.Recorder()
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        configuration.smartPunctuation = smartPunctuation
        var failed = false
        do {
            try BuildPipeline(configuration: configuration, console: recorder.console).run()
        } catch is DiagnosticsError {
            failed = true
        }
        return (recorder.lines, root, failed)
    }

    // Kind 11: smart punctuation.

    static let options = [
        "SUMMARY.md": "# 책\n\n- [옵션](options.md)\n",
        "options.md":
            "# 옵션\n\n## --configuration 옵션\n\n## 범위 1...5\n\n## Swift's \"quotes\"\n\n[설정](#--configuration-옵션) [범위](#범위-15) [따옴표](#swifts-quotes)\n\n`swift build --configuration release`는 Swift's 1...5 -- 그대로.\n",
    ]

    @Test func textStaysAsWrittenByDefault() throws {
        let (lines, root, failed) = try build(Self.options)
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let html = try #require(TestSupport.read(root + "/_site/options.html"))
        #expect(html.contains("<h2 id=\"--configuration-옵션\">"))
        #expect(html.contains("\">--configuration 옵션</a></h2>"))
        #expect(html.contains("Swift's 1...5 -- 그대로."))
        #expect(!html.contains("\u{2013}") && !html.contains("\u{2026}") && !html.contains("\u{2019}"))
        let search =
            try #require(TestSupport.read(HashedSitePath.of("search/pages.js", in: root + "/_site")))
            + (TestSupport.read(HashedSitePath.of("search/t/0.js", in: root + "/_site")) ?? "")
        #expect(search.contains("--configuration 옵션") && search.contains("범위 1...5"))
    }

    @Test func withSmartPunctuationTocAndSearchKeepTheTypedTextAndIdsAreMdBooks() throws {
        // The ids are mdBook's, from the text as shown (the en dash dropped), so links are too.
        var pages = Self.options
        pages["options.md"] = pages["options.md"]!.replacingOccurrences(
            of: "(#--configuration-옵션)", with: "(#configuration-옵션)")
        let (lines, root, failed) = try build(pages, smartPunctuation: true)
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "the links find their headings: \(lines)")
        let html = try #require(TestSupport.read(root + "/_site/options.html"))
        // The prose is typographic...
        #expect(html.contains("<h2 id=\"configuration-옵션\">"))
        #expect(html.contains("\">\u{2013}configuration 옵션</a></h2>"))
        #expect(html.contains("Swift\u{2019}s 1\u{2026}5 \u{2013} 그대로."))
        // ...the table of contents and the search index read as typed.
        #expect(html.contains(">--configuration 옵션</a>"))
        let search =
            try #require(TestSupport.read(HashedSitePath.of("search/pages.js", in: root + "/_site")))
            + (TestSupport.read(HashedSitePath.of("search/t/0.js", in: root + "/_site")) ?? "")
        #expect(search.contains("범위 1...5") && search.contains("Swift's"))
    }

    // Kind 12: a destination with a space.

    @Test func anImageWithASpaceInItsDestinationIsWarnedWithTheFixes() throws {
        let (lines, root, failed) = try build([
            "SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "page.md":
                "# 쪽\n\n결과는 다음과 같다.\n> ![결과](images/실행 결과.png) 그리고 [문서](docs/read me.md)\n\n`![코드](a b.png)`는 코드다. [제목 있음](page.md \"제목\")\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let warnings = lines.compactMap { $0.split(separator: "\n").first.map(String.init) }.filter {
            $0.contains("is shown as text")
        }
        #expect(
            warnings == [
                "\(root)/content/page.md:4:3: warning: image is shown as text: its destination 'images/실행 결과.png' has a space",
                "\(root)/content/page.md:4:49: warning: link is shown as text: its destination 'docs/read me.md' has a space",
            ])
        let text = lines.joined(separator: "\n")
        #expect(text.contains("write ![결과](<images/실행 결과.png>) or ![결과](images/실행%20결과.png)"))
    }

    // Kind 13: hints.

    @Test func aBrokenAnchorSuggestsTheNearestHeading() throws {
        let (lines, root, failed) = try build([
            "SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "page.md": "# 쪽\n\n## 모델과 뷰\n\n## 뷰 모델\n\n## 모델의 역할\n\n[링크](#모델의-역활)\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let error = try #require(lines.first { $0.contains("names no heading") })
        #expect(
            error.contains(
                "\n    did you mean '#모델의-역할'?\n    the ids of 'page.md', nearest first (footnotes last): '#모델의-역할', "),
            "\(error)")
    }

    @Test func aPageLinkFromASubfolderShowsWhereItLedAndTheFix() throws {
        let (lines, root, failed) = try build([
            "SUMMARY.md": "# 책\n\n- [Y](y.md)\n- [X](part/x.md)\n",
            "y.md": "# Y\n",
            "part/x.md": "# X\n\n[Y로](y.md#y) ![그림](diagram.png)\n",
            "diagram.png": "png",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let text = lines.joined(separator: "\n")
        #expect(
            text.contains(
                """
                part/x.md:3:1: error: broken link: 'y.md#y' is not a page of the book (not in SUMMARY.md)
                    it resolves to 'part/y.md' in the content folder (links are relative to 'part/x.md')
                    did you mean '../y.md#y'? (y.md)
                """))
        #expect(
            text.contains(
                """
                part/x.md:3:16: error: broken link: 'diagram.png' does not exist in the content folder
                    it resolves to 'part/diagram.png' in the content folder (links are relative to 'part/x.md')
                    did you mean '../diagram.png'? (diagram.png)
                """))
    }

    @Test func aHintFromTheContentFolderNamesThePathOnce() throws {
        let (lines, root, failed) = try build([
            "SUMMARY.md": "# 책\n\n- [A](a.md)\n- [B](part/b.md)\n",
            "a.md": "# A\n\n[B로](part/bb.md)\n",
            "part/b.md": "# B\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        #expect(lines.joined(separator: "\n").hasSuffix("\n    did you mean 'part/b.md'?"), "\(lines)")
    }

    @Test func editDistanceAndRelativePaths() {
        #expect(EditDistance.between("역활", "역할") == 1)
        #expect(EditDistance.nearest(to: "모델의-역활", in: ["모델과-뷰", "뷰-모델", "모델의-역할"]) == "모델의-역할")
        #expect(EditDistance.nearest(to: "abc", in: ["xyzuvw"]) == nil)
        #expect(LinkHint.relative("y.md", from: "part/x.md") == "../y.md")
        #expect(LinkHint.relative("a/b/c.md", from: "a/d/e.md") == "../b/c.md")
        #expect(LinkHint.relative("part/z.md", from: "part/x.md") == "z.md")
    }

    @Test func aMissingContentFolderIsASetupErrorForBuildAndCheckAlike() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        for command in ["build", "check"] {
            let recorder = TestSupport.Recorder()
            #expect(
                LectureCommand.main([command, "--content", root + "/missing"], console: recorder.console) == 2,
                "\(command)")
            #expect(
                LectureCommand.main([command, "--content", root], console: recorder.console) == 2,
                "\(command) without SUMMARY.md")
        }
    }

    /// What `LiteralLinks.candidates` finds in linear time, as a regular expression (which
    /// backtracks): the oracle it is compared with.
    nonisolated(unsafe) static let candidate = try! Regex(#"!?\[[^\]\n]*\]\([^<)\n][^)\n]* [^)\n]*\)"#)

    /// The byte scans that spare the regex must find what `split` and the regex find.
    @Test func literalLinkLinesAndPrefilterAgreeWithSplitAndRegex() {
        let texts = [
            "a [x](y z) b\n[x](y)\n", "x\r\ny [a](b c)\n", "\n\n", "", "é\n\u{301}[a](b c.png)",
            "[a](b)\u{301} c)", "[a](<b c>)", "![결과](images/실행 결과.png) and [a](b \"t\")\r\n",
            // A `)` between Hangul stands alone; one joined by a mark or a Prepend scalar does not.
            "[장](a.md#개요)에서 다룹니다", "[장](a.md#개요)\u{0301} 다룹니다)", "[장](a.md#\u{0600})에서 b)",
            "[장](a.md#개요)\u{200D} c)", "[장](a.md#개요)\u{FE0F} c)", "[장](a.md#개요)\u{1161} c)",
            "[장](a.md#개)\u{AC00}\u{0301} c)",
        ]
        for text in texts {
            let lines = LiteralLinks.lines(of: text)
            #expect(lines == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
            for line in lines {
                let matches = line.matches(of: Self.candidate).map(\.range)
                #expect(LiteralLinks.candidates(in: line) == matches, "\(line.debugDescription)")
                if !matches.isEmpty { #expect(LiteralLinks.mayHoldCandidate(line), "\(line.debugDescription)") }
            }
        }
        #expect(!LiteralLinks.mayHoldCandidate("[a](b) c"))
        #expect(
            !LiteralLinks.mayHoldCandidate("자세한 내용은 [982장의 개요](../p.md#개요)에서 다룹니다."),
            "a link with a Hangul anchor, followed by Hangul: no candidate, the regex is spared")
        #expect(LiteralLinks.mayHoldCandidate("[a](b c)"))
    }

    /// The linear scan finds what the regular expression finds, on lines made of the characters
    /// that matter to it (seeded, so a failure can be run again).
    @Test func literalLinkCandidatesAgreeWithTheRegexOnRandomLines() {
        var generator = SeededGenerator(seed: 34)
        let pieces = ["[", "]", "(", ")", " ", "!", "<", "a", "가", "]("]
        for _ in 0..<3000 {
            let line = Substring(
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined())
            #expect(
                LiteralLinks.candidates(in: line) == line.matches(of: Self.candidate).map(\.range),
                "\(line.debugDescription)")
        }
    }
}

/// A SplitMix64 generator: the same numbers for the same seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
