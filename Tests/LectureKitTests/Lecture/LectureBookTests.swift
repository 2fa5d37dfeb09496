import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// The bundled lecture (`content/`, its `book.toml`) builds and prints: tests of this book, not
/// of the tool, whose own tests build fixture books of their own (`Tests/LectureKitTests/Fixtures`
/// and trees made in the test). `LectureContentCountTests` holds the lecture's prose to its code,
/// `LectureStandInTests` its sample libraries to what its samples need.
@Suite(.serialized) struct LectureBookTests {
    @Test func realLectureBuildsEveryPage() throws {
        let root = TestSupport.repositoryRoot
        let output = try TestSupport.temporaryDirectory() + "/site"
        let recorder = TestSupport.Recorder()
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/site-templates", output: output)
        // The lecture's language and interface words, from its book.toml.
        configuration.book = BookSettingsLoader.load(path: root + "/book.toml").settings
        // Its samples import its sample libraries (the stand-ins), as its book.toml names them.
        configuration.verifier.libraries = TestSupport.lectureLibraries
        let report = try BuildPipeline(configuration: configuration, console: recorder.console).run()
        let loaded = ContentLoader.load(contentDirectory: root + "/content")
        #expect(report.pagesWritten == loaded.book.flattened.count)
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(FileSystem.exists(output + "/index.html"))
        for chapter in loaded.book.flattened {
            let html = try #require(
                TestSupport.read(output + "/" + chapter.outputPath), "missing \(chapter.outputPath)")
            #expect(html.lowercased().hasPrefix("<!doctype html>"))
            #expect(html.contains("<html lang=\"ko\""))
            // No raw Markdown left: no fences, no ATX headings at line starts, no unrendered links.
            let body = html.components(separatedBy: "<main").last ?? html
            #expect(!body.contains("\n```"), "raw fence in \(chapter.outputPath)")
            #expect(!body.contains("\n# "), "raw heading in \(chapter.outputPath)")
            #expect(Self.rawLinks(in: body) == 0, "raw link in \(chapter.outputPath)")
            let pageLink = try Regex(##"href="(?![a-z]+:)[^"]*\.md["#]"##)
            #expect(body.firstMatch(of: pageLink) == nil, "unrewritten .md link in \(chapter.outputPath)")
            // The lecture strikes nothing through: a `<del>` is a `~` read as a delimiter (a range
            // such as `2~5장` once was).
            #expect(!body.contains("<del>"), "struck-through text in \(chapter.outputPath)")
        }
    }

    /// How many `](` a page's HTML shows outside code (`<pre>`, `<code>`, `<script>`, `<style>`):
    /// Markdown link syntax that was not rendered. Code may show it as written.
    static func rawLinks(in html: String) -> Int {
        let code = /<(pre|code|script|style)\b[^>]*>[\s\S]*?<\/\1>/
        return html.replacing(code, with: "").ranges(of: "](").count
    }

    /// The check itself can fail: prose with link syntax counts, the same text inside code does not.
    @Test func rawLinksAreCountedOutsideCodeOnly() {
        #expect(Self.rawLinks(in: "<p>[MVP](mvp.md)</p><pre><code>[a](b)</code></pre><p><code>[c](d)</code></p>") == 1)
        #expect(Self.rawLinks(in: "<p>Some <code>x</code> and [MVP](mvp.md)</p>") == 1)
        #expect(Self.rawLinks(in: "<p><a href=\"mvp.html\">MVP</a> and <code>[c](d)</code></p>") == 0)
    }

    /// The lecture's book.toml keeps lecture's settings where mdBook accepts them, reads without a
    /// diagnostic, and declares the lecture's stand-ins as its sample libraries.
    @Test func theLecturesBookTOMLDeclaresItsStandIns() throws {
        let file = TestSupport.repositoryRoot + "/book.toml"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("[preprocessor.lecture]\n") && !text.contains("\n[lecture"))
        let (settings, diagnostics) = BookSettingsLoader.load(path: file)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.verifySamples == true)
        #expect(
            settings.sampleLibraries.map { SampleLibraries.moduleName($0) } == [
                "UIKit", "RxSwift", "RxRelay", "RxCocoa", "RxTest", "Combine",
            ])
    }
}

/// The lecture printed to a PDF by `lecture pdf` (headless Chromium), read by pypdf and poppler
/// with `PrintPageTests`' scripts.
@Suite(.serialized) struct LecturePrintTests {
    @Test func theLecturePrintsToAPDFWithOutlineHangulAndNoBlankPage() throws {
        let tools = PrintPageTests()
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        // In the lecture's language, as its book.toml sets it (`[book] language = "ko"`): without
        // `lang="ko"` Chromium sets a heading's digits in another font than its Hangul ('1장' of
        // '# 1장 시작하며'), and pdftotext reads the '1' into another block. SourceKit's hover
        // cards may take their time on a loaded machine: their time-out is no part of this test.
        try tools.build(
            TestSupport.repositoryRoot + "/content", into: root + "/_site", language: "ko", hoverTimeout: 600,
            libraries: TestSupport.lectureLibraries)
        let page = PrintPageTests.Outline(try tools.script("html_outline.py", [root + "/_site/print.html"]))
        let loaded = ContentLoader.load(contentDirectory: TestSupport.repositoryRoot + "/content")
        #expect(page.chapters.count == loaded.book.flattened.count)
        #expect(page.brokenInPageLinks.isEmpty, "\(page.brokenInPageLinks)")

        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["pdf", "--site", root + "/_site", "--output", root + "/lecture.pdf"], console: recorder.console,
            extraSubcommands: HTTPSubcommands.all)
        #expect(status == 0, "\(recorder.lines)")
        // The same page with the system in dark mode: print must not change by a pixel.
        let chromium = try PDFCommand.findChromium(nil)
        _ = try PDFCommand.print(
            root + "/_site/print.html", to: root + "/dark.pdf", chromium: chromium, profile: root + "/profile",
            extra: ["--force-dark-mode"])
        let pdf = try tools.script("pdf_facts.py", [root + "/lecture.pdf", root + "/dark.pdf"])

        let size = pdf["size"] as? [Double] ?? []
        #expect(abs((size.first ?? 0) - 595) < 1 && abs((size.last ?? 0) - 842) < 1, "not A4: \(size)")
        #expect(pdf["blank"] as? [Int] == [], "blank pages")
        #expect(pdf["differ"] as? [Int] == [], "dark mode shows in print")
        // The outline: one entry per heading of the chapters, chapters at the top level in order.
        let outline = (pdf["outline"] as? [[Any]] ?? []).map { ($0.first as? Int ?? -1, $0.last as? String ?? "") }
        let headings = page.chapters.flatMap(\.headings)
        #expect(outline.count == headings.count)
        #expect(
            outline.filter { $0.0 == 0 }.map(\.1)
                == page.chapters.map { $0.headings.first { $0.level == 1 }?.text ?? "" })
        // Hangul from the first and the last chapter is text, not boxes.
        let text = pdf["text"] as? String ?? ""
        for chapter in [page.chapters.first, page.chapters.last] {
            let title = chapter?.headings.first?.text ?? "?"
            #expect(title.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(title) has no Hangul")
            #expect(text.contains(title), "PDF text lacks '\(title)'")
        }
        #expect((pdf["pages"] as? Int ?? 0) > page.chapters.count + 1)
    }
}
