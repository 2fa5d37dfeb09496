import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The load stage, one test per kind of bad input, each with its exact diagnostic.
@Suite struct LoadTests {
    @Test func missingContentFolderIsAnError() {
        let loaded = ContentLoader.load(contentDirectory: "/nonexistent/content")
        #expect(
            loaded.diagnostics == [
                .error(
                    .missingContent, "/nonexistent/content", nil, "content folder does not exist",
                    notes: [
                        "pass the folder that holds SUMMARY.md with --content DIR, run lecture in (or name) a book's folder, one with book.toml, or create a book with 'lecture init'"
                    ])
            ])
        #expect(loaded.diagnostics[0].headline == "/nonexistent/content: error: content folder does not exist")
    }

    @Test func invalidUTF8NamesFileLineAndColumn() throws {
        let root = try TestSupport.makeTree(["SUMMARY.md": "# T\n\n- [A](a.md)\n"])
        try TestSupport.write(Array("# 제목\n\n둘째 \u{C904}".utf8) + [0xFF, 0x0A], to: root + "/a.md")
        let loaded = ContentLoader.load(contentDirectory: root)
        #expect(loaded.diagnostics.map(\.headline) == ["\(root)/a.md:3:11: error: file is not valid UTF-8"])
        // Columns count UTF-8 bytes, as swiftc and cmark do: "둘째 윤" is 10 bytes.
    }

    @Test func summaryLinkToMissingPageIsLocated() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# T\n\n- [있음](a.md)\n- [없음](missing.md)\n", "a.md": "# A\n",
        ])
        let loaded = ContentLoader.load(contentDirectory: root)
        #expect(
            loaded.diagnostics.map(\.headline) == [
                "\(root)/SUMMARY.md:4:3: error: summary links to 'missing.md', which does not exist"
            ])
        #expect(loaded.book.flattened.map(\.path) == ["a.md"])
    }

    /// A slip in a summary link (`optinals.md` for `basics/optionals.md`, which is not listed):
    /// the page is still created, as mdBook 0.5.4 creates it, but the diagnostic at the summary's
    /// line names the page meant, and the unlisted page's warning names the line.
    @Test func missingPageNamesTheNearUnlistedPage() throws {
        let files = [
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [Optionals](optinals.md)\n", "a.md": "# A\n",
            "basics/optionals.md": "# Optionals\n",
        ]
        for (createMissing, writesPages) in [(true, true), (true, false), (false, true)] {
            let root = try TestSupport.makeTree(files)
            defer { FileSystem.removeTemporaryDirectory(root) }
            let loaded = ContentLoader.load(
                contentDirectory: root, reuse: { _, _ in nil }, createMissing: createMissing, writesPages: writesPages)
            let atLine = try #require(loaded.diagnostics.first { $0.location == SourceLocation(line: 4, column: 3) })
            #expect(atLine.severity != .note, "\(atLine)")
            #expect(
                atLine.notes.last?.hasPrefix(
                    "did you mean 'basics/optionals.md'? it exists and the summary does not list it")
                    == true, "\(atLine)")
            let unlisted = try #require(loaded.diagnostics.first { $0.identifier == .unlistedPage })
            #expect(
                unlisted.notes.last
                    == "\(root)/SUMMARY.md:4:3 lists 'optinals.md', which did not exist: did it mean this page?")
        }
        // Without a near unlisted page the created page stays a note, with nothing to suggest.
        let root = try TestSupport.makeTree(["SUMMARY.md": "# T\n\n- [New](new.md)\n", "basics/optionals.md": "# O\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let created = ContentLoader.load(contentDirectory: root, reuse: { _, _ in nil }, createMissing: true)
            .diagnostics
        #expect(created.first { $0.identifier == .summaryCreatedPage }?.severity == .note)
        #expect(!created.contains { $0.notes.contains { $0.contains("did you mean") || $0.contains("did it mean") } })
    }

    /// The one rule for a meant path: the same name, the nearest path, else the nearest name.
    @Test func meantPathFallsBackToTheNearestFileName() {
        #expect(LinkHint.meant("optinals.md", in: ["a.md", "basics/optionals.md"]) == "basics/optionals.md")
        #expect(LinkHint.meant("zzz.md", in: ["a.md", "basics/optionals.md"]) == nil)
    }

    @Test func pageListedTwiceIsAnError() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n  - [again](./a.md)\n", "a.md": "# A\n",
        ])
        let loaded = ContentLoader.load(contentDirectory: root)
        #expect(
            loaded.diagnostics == [
                .error(
                    .summaryDuplicate, "\(root)/SUMMARY.md", SourceLocation(line: 4, column: 5),
                    "page 'a.md' is listed twice in the summary",
                    notes: ["first listed at \(root)/SUMMARY.md:3:3"])
            ])
    }

    /// Attack 17, F3 (k26a): two files whose names differ only in Unicode form, each listed once,
    /// are one page name in NFC: the error says so and shows both spellings, not "listed twice"
    /// alone, which named one page where a person sees two files.
    @Test func unicodeTwinsListedTwiceAreNamedAsSuch() throws {
        let nfc = "caf\u{e9}"
        let nfd = "cafe\u{301}"
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# T\n\n- [One](\(nfc).md)\n- [Two](\(nfd).md)\n", "\(nfc).md": "# NFC\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try FileSystem.writeAtomically(Array("# NFD\n".utf8), to: root + "/\(nfd).md")
        let errors = ContentLoader.load(contentDirectory: root).diagnostics.filter {
            $0.identifier == .summaryDuplicate
        }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location == SourceLocation(line: 4, column: 3))
        #expect(
            errors.first?.summary.hasSuffix(
                "is listed twice in the summary: the pages' folder holds 2 files of this name in different Unicode forms ('cafe\\u{301}.md', 'caf\\u{e9}.md'), which are one page name in NFC"
            ) == true, "\(errors)")
        #expect(errors.first?.notes.contains(UnicodeTwins.note) == true)
    }

    @Test func unlistedPageIsAWarning() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n", "draft.md": "# D\n",
        ])
        let loaded = ContentLoader.load(contentDirectory: root)
        #expect(
            loaded.diagnostics.map(\.description) == [
                "\(root)/draft.md: warning: page is not listed in SUMMARY.md and is not built\n"
                    + "    list it in '\(root)/SUMMARY.md' with a line such as '- [Title](draft.md)', or move it out of the content folder"
            ])
        #expect(!loaded.diagnostics.hasErrors)
    }

    /// A folder holding SUMMARY.md itself, named as the book's folder: its paths read
    /// `book/draft.md`, not `book/./draft.md`.
    @Test func aBareSummaryBooksPathsHaveNoDotFolder() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n", "draft.md": "# D\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", "--cache-dir", TestSupport.cacheDirectory, root], console: recorder.console)
        #expect(status == 0)
        #expect(
            recorder.lines.contains {
                $0.hasPrefix("\(root)/draft.md: warning: page is not listed in SUMMARY.md and is not built\n")
            })
        #expect(!recorder.lines.joined().contains("/./"), "\(recorder.lines)")
    }

    @Test func partTitlesSeparatorsAndDraftsAreEntriesAsInMdBook() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md":
                "# T\n\n[서문](pre.md)\n\n- [A](a.md)\n    - [A1](a1.md)\n    - [초안]()\n\n# 둘째 부\n\n---\n\n- [B](b.md)\n\n[후기](post.md)\n",
            "pre.md": "# P\n", "a.md": "# A\n", "a1.md": "# A1\n", "b.md": "# B\n", "post.md": "# Q\n",
        ])
        let loaded = ContentLoader.load(contentDirectory: root)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.book.chapters.map(\.kind) == [.page, .page, .partTitle, .separator, .page, .page])
        #expect(
            loaded.book.chapters.map(\.number) == [nil, [1], nil, nil, [2], nil],
            "prefix and suffix chapters are not numbered; numbers run on across parts")
        #expect(loaded.book.chapters[1].children.map(\.number) == [[1, 1], [1, 2]])
        #expect(loaded.book.chapters[1].children[1].kind == .draft)
        #expect(
            loaded.book.flattened.map(\.path) == ["pre.md", "a.md", "a1.md", "b.md", "post.md"],
            "drafts, parts and separators have no page")
    }

    @Test func summaryKeepsOrderTitlesAndNesting() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# 책 제목\n\n[머리말](intro.md)\n\n- [하나](one.md)\n  - [하나의 하나](sub/one-one.md)\n- [둘](two.md)\n",
            "intro.md": "# I\n", "one.md": "# 1\n", "sub/one-one.md": "# 1.1\n", "two.md": "# 2\n",
        ])
        let loaded = ContentLoader.load(contentDirectory: root)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.book.title == "책 제목")
        #expect(loaded.book.flattened.map(\.title) == ["머리말", "하나", "하나의 하나", "둘"])
        #expect(loaded.book.chapters[1].children.map(\.outputPath) == ["sub/one-one.html"])
    }

    @Test func bomAndCRLFRenderLikePlainLF() throws {
        let plain = "# 제목\n\n문단\n둘째 줄\n\n```swift ignore\nlet a = 1\n```\n"
        let crlf = Array(plain.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let plainFile = try SourceFileReader.decode(Array(plain.utf8), displayPath: "p.md", relativePath: "p.md")
        let bomFile = try SourceFileReader.decode([0xEF, 0xBB, 0xBF] + crlf, displayPath: "p.md", relativePath: "p.md")
        #expect(bomFile.text == plainFile.text)
        #expect(
            HTMLRenderer().render(MarkdownParser.parse(bomFile.text))
                == HTMLRenderer().render(MarkdownParser.parse(plainFile.text)))
    }
}
