import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// `print.html` read by Python's HTML parser, and `lecture pdf`'s PDF read by pypdf and poppler.
@Suite(.serialized) struct PrintPageTests {
    /// Runs a script of `Tests/CI` in the venv and decodes the JSON it prints (the lecture's PDF
    /// text alone is past a MiB, Subprocess's default bound).
    func script(_ name: String, _ arguments: [String]) throws -> [String: Any] {
        let python = TestSupport.repositoryRoot + "/.build/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("no \(python): run 'make test', which creates the venv with pypdf")
            return [:]
        }
        let result = try Subprocess.run(
            python, [TestSupport.repositoryRoot + "/Tests/CI/" + name] + arguments, timeout: 600,
            outputLimit: 64 << 20, cancellation: .process
        )
        #expect(result.succeeded, "\(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    }

    struct Outline {
        var ids: [String]
        var hrefs: [String]
        var srcs: [String]
        /// Each chapter's section id and its headings' (level, id, text).
        var chapters: [(id: String, headings: [(level: Int, id: String, text: String)])]

        init(_ json: [String: Any]) {
            ids = json["ids"] as? [String] ?? []
            hrefs = json["hrefs"] as? [String] ?? []
            srcs = json["srcs"] as? [String] ?? []
            chapters = (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
                (
                    chapter["id"] as? String ?? "",
                    (chapter["headings"] as? [[String: Any]] ?? []).map {
                        ($0["level"] as? Int ?? 0, $0["id"] as? String ?? "", $0["text"] as? String ?? "")
                    }
                )
            }
        }

        /// In-page links whose target id does not exist.
        var brokenInPageLinks: [String] {
            let known = Set(ids)
            return hrefs.filter {
                $0.hasPrefix("#") && !known.contains(String($0.dropFirst()).removingPercentEncoding ?? "")
            }
        }
    }

    func build(
        _ content: String, into output: String, language: String? = nil, hoverTimeout: Double? = nil,
        libraries: [String]? = nil
    ) throws {
        var configuration = TestSupport.configuration(
            content: content, templates: TestSupport.repositoryRoot + "/site-templates", output: output)
        if let libraries { configuration.verifier.libraries = libraries }
        configuration.book.title = "책"
        if let language { configuration.book.language = language }
        if let hoverTimeout { configuration.verifier.hoverTimeout = hoverTimeout }
        let recorder = TestSupport.Recorder()
        try withExtendedLifetime(recorder) {
            _ = try BuildPipeline(configuration: configuration, console: recorder.console).run()
        }
    }

    @Test func everyChapterOnceInOrderWithLinksBetweenChaptersMadeInPage() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [시작](README.md)\n- [가](a.md)\n  - [나](part/b.md)\n- [다](c.md)\n",
            "content/README.md": "# 시작\n\n[가의 장점](a.md#장점), [나](part/b.md), ![그림](img/x.svg)\n",
            "content/a.md": """
            # 가

            ## 장점

            [다](c.md)

            ```table caption="[나](part/b.md#장점)로 가는 표"
            | 패턴 | 링크 |
            |---|---|
            | 나 | [나의 장점](part/b.md#장점) |
            ```

            ```dot alt="그래프"
            digraph { a -> b }
            ```

            """,
            "content/part/b.md":
                "# 나\n\n## 장점\n\n[처음](../README.md) [폴더](../) [가의 장점](../a.md#장점) [위](#장점) ![그림](../img/x.svg)\n\n```dot alt=\"둘\" caption=\"[가](../a.md)에서 온 그림\"\ndigraph { c -> d }\n```\n",
            "content/c.md": "# 다\n\n## 장점\n\n```swift\nprint(\"안녕\")\n```\n\n```output\n안녕\n```\n",
            "content/img/x.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try build(root + "/content", into: root + "/_site")
        let page = Outline(try script("html_outline.py", [root + "/_site/print.html"]))

        #expect(page.chapters.map(\.id) == ["ch-index", "ch-a", "ch-part-b", "ch-c"])
        #expect(
            page.chapters.map { $0.headings.filter { $0.level == 1 }.map(\.text) } == [["시작"], ["가"], ["나"], ["다"]])
        #expect(
            page.chapters.map { $0.headings.first { $0.level == 2 }?.id } == [
                nil, "장점", "장점-1", "장점-2",
            ], "mdBook's ids: the page's own, made unique across the print page in order")
        #expect(Set(page.ids).count == page.ids.count, "ids repeat: \(page.ids)")
        #expect(page.brokenInPageLinks.isEmpty, "\(page.brokenInPageLinks)")
        let decoded = page.hrefs.map { $0.removingPercentEncoding ?? $0 }
        // Links to a chapter land on its h1, as mdBook's do.
        for wanted in ["#장점", "#나", "#다", "#시작", "#장점-1", "#가"] {
            #expect(decoded.contains(wanted), "no link to \(wanted)")
        }
        // Pages' own files are never linked from the chapters, images resolve from the root.
        let chapterLinks = decoded.filter { $0.hasSuffix(".md") || $0.contains(".md#") }
        #expect(chapterLinks.isEmpty)
        #expect(page.srcs.filter { $0.contains("x.svg") } == ["img/x.svg", "img/x.svg"])
        let html = try #require(TestSupport.read(root + "/_site/print.html"))
        #expect(html.contains("Output · verified (Swift"))
        #expect(html.contains("<p class=\"print-book-title\">책</p>"))
        // Every page's header links to it, from its own depth.
        #expect(TestSupport.read(root + "/_site/a.html")?.contains("href=\"print.html\"") == true)
        #expect(TestSupport.read(root + "/_site/part/b.html")?.contains("href=\"../print.html\"") == true)
    }

    /// A closed `<details>` prints as its summary alone, so an exercise's solution vanished from
    /// the printed book: print.html opens every one (whatever its case or attributes, never adding
    /// a second `open`), the chapter's own page keeps them closed, and the PDF holds the text.
    @Test func everyDetailsIsOpenInPrintAndItsTextReachesThePDF() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [연습](a.md)\n",
            "content/a.md": """
            # 연습

            문제: 둘을 더하면?

            <details><summary>풀이</summary>

            풀이의본문은넷입니다

            </details>

            <DETAILS class="x" title='a > b'><summary>둘째</summary>

            둘째의본문

            </DETAILS>

            <details open><summary>이미 열림</summary>

            열린본문

            </details>

            `<details>` 코드 안의 태그

            """,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try build(root + "/content", into: root + "/_site")
        let print = try #require(TestSupport.read(root + "/_site/print.html"))
        #expect(print.contains("<details open><summary>풀이</summary>"))
        #expect(print.contains("<DETAILS open class=\"x\" title='a > b'>"))
        #expect(print.contains("<details open><summary>이미 열림</summary>"))
        #expect(!print.contains("open open"))
        #expect(print.contains("<code>&lt;details&gt;</code>"))
        let page = try #require(TestSupport.read(root + "/_site/a.html"))
        #expect(page.contains("<details><summary>풀이</summary>"))

        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["pdf", "--site", root + "/_site", "--output", root + "/book.pdf"], console: recorder.console,
            extraSubcommands: HTTPSubcommands.all)
        #expect(status == 0, "\(recorder.lines)")
        let text = (try script("pdf_facts.py", [root + "/book.pdf"])["text"] as? String ?? "")
            .filter { !$0.isWhitespace }
        for solution in ["풀이의본문은넷입니다", "둘째의본문", "열린본문"] {
            #expect(text.contains(solution), "the PDF lacks '\(solution)'")
        }
    }

    /// The chapter numbers are the summary's, as the sidebar shows them: each numbered chapter's
    /// section opens with its label in the book's language above its title, the contents give the
    /// section number, and a suffix chapter (or a section) has none.
    @Test func numberedChaptersCarryTheirNumberAndASuffixChapterNone() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [가](a.md)\n  - [나](b.md)\n\n[끝](end.md)\n",
            "content/a.md": "# 가\n\n## 절\n", "content/b.md": "# 나\n", "content/end.md": "# 끝\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try build(root + "/content", into: root + "/_site", language: "ko")
        let print = try #require(TestSupport.read(root + "/_site/print.html"))
        let label = { (id: String, number: String) in
            "<section class=\"print-chapter\" id=\"\(id)\">\n<p class=\"print-chapter-number\">\(number)</p>\n<h1"
        }
        #expect(print.contains(label("ch-a", "1장")))
        #expect(print.contains(label("ch-b", "1.1장")))
        #expect(print.contains("<section class=\"print-chapter\" id=\"ch-end\">\n<h1"))
        #expect(print.contains("<span class=\"section-number\">1.</span> 가</a>"))
        #expect(print.contains("<span class=\"section-number\">1.1.</span> 나</a>"))
        #expect(print.contains("#%EB%81%9D\">끝</a>"), "a chapter is linked by its h1's id, as in mdBook")
        // The chapter's own page is untouched.
        #expect(TestSupport.read(root + "/_site/a.html")?.contains("print-chapter-number") == false)
    }

    /// A book that numbers its own headings (`# 5장 MVVM`, `# 8.3 …`, the lecture since f80c56a)
    /// printed each number twice: `5. 5장 MVVM` in the contents, and the label above the title.
    /// A title that begins with its chapter's number gets neither; one that only begins with
    /// the same digits (`20가지` in chapter 2, `1.5 …` in chapter 1) keeps both.
    @Test func aChapterWhoseTitleCarriesItsNumberShowsItOnce() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [가](a.md)\n  - [나](b.md)\n- [다](c.md)\n- [라](d.md)\n",
            "content/a.md": "# 1장 가\n\n## 절\n", "content/b.md": "# 1.1 나\n", "content/c.md": "# 20가지 다\n",
            "content/d.md": "# 3.5 라\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try build(root + "/content", into: root + "/_site", language: "ko")
        let print = try #require(TestSupport.read(root + "/_site/print.html"))
        let unlabelled = { (id: String) in "<section class=\"print-chapter\" id=\"\(id)\">\n<h1" }
        #expect(print.contains(unlabelled("ch-a")), "\(print)")
        #expect(print.contains(unlabelled("ch-b")))
        #expect(print.contains("<p class=\"print-chapter-number\">2장</p>"))
        #expect(print.contains("<p class=\"print-chapter-number\">3장</p>"))
        // The print contents (the sidebar, which shows the summary's titles, keeps its numbers).
        let start = try #require(print.range(of: "<nav class=\"print-toc\""))
        let toc = String(print[start.lowerBound...]).components(separatedBy: "</nav>")[0]
        #expect(toc.contains("\">1장 가</a>") && toc.contains("\">1.1 나</a>"), "\(toc)")
        #expect(toc.contains("<span class=\"section-number\">2.</span> 20가지 다</a>"))
        #expect(toc.contains("<span class=\"section-number\">3.</span> 3.5 라</a>"))
        #expect(!toc.contains("<span class=\"section-number\">1.</span>"))
        #expect(!toc.contains("<span class=\"section-number\">1.1.</span>"))
        #expect(PrintPage.carries("5. MVVM", number: [5]) && PrintPage.carries("5", number: [5]))
        #expect(!PrintPage.carries("5.1 MVVM", number: [5]) && !PrintPage.carries("MVVM", number: nil))
    }

    @Test func aPageNamedPrintIsRefused() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [인쇄](print.md)\n", "content/print.md": "# 인쇄\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(throws: DiagnosticsError.self) { try build(root + "/content", into: root + "/_site") }
    }

    /// `lecture pdf` of a book with `[output.html.print] enable = false` left print.html in the
    /// site (attack 12): the PDF is printed, and the site holds what `lecture build` makes.
    @Test(.enabled(if: PDFCommand.chromiumIsInstalled))
    func pdfOfABookWithoutAPrintPageLeavesNoneInTheSite() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n[output.html.print]\nenable = false\n",
            "src/SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n", "src/intro.md": "# Intro\n\nPrinted anyway.\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["pdf", root, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console,
            extraSubcommands: HTTPSubcommands.all)
        #expect(status == 0, "\(recorder.lines)")
        let facts = try script("pdf_facts.py", [root + "/T.pdf"])
        #expect((facts["text"] as? String)?.contains("Printed anyway.") == true, "\(facts["text"] ?? "")")
        #expect(FileSystem.exists(root + "/book/intro.html"))
        #expect(!FileSystem.exists(root + "/book/print.html"), "the site is what 'lecture build' makes")
    }

    /// `lecture pdf BOOK` builds the book first, so a page edited since the last build is printed
    /// as it is now (it printed the stale site, silently); it writes the PDF next to the site,
    /// named after the book's title, with that title as the PDF's; a build with an error writes
    /// no PDF.
    @Test(.enabled(if: PDFCommand.chromiumIsInstalled))
    func pdfBuildsTheBookFirstAndNamesThePDFAfterIt() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"My \\\"Swift\\\" Book\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [Appendix](appendix.md)\n",
            "src/appendix.md": "# Appendix\n\nThanks for reading.\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let cache = ["--cache-dir", TestSupport.cacheDirectory]
        let built = TestSupport.Recorder()
        #expect(
            LectureCommand.main(["build", root] + cache, console: built.console, extraSubcommands: HTTPSubcommands.all)
                == 0, "\(built.lines)")
        try FileSystem.writeAtomically("# Appendix\n\nThanks for reading, edited!\n", to: root + "/src/appendix.md")

        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["pdf", root] + cache, console: recorder.console, extraSubcommands: HTTPSubcommands.all)
        #expect(status == 0, "\(recorder.lines)")
        let pdf = root + "/My-Swift-Book.pdf"
        #expect(
            recorder.lines.last?.hasPrefix("Wrote /") == true
                && recorder.lines.last?.contains("/My-Swift-Book.pdf (") == true, "\(recorder.lines)")
        let facts = try script("pdf_facts.py", [pdf])
        #expect((facts["text"] as? String)?.contains("Thanks for reading, edited!") == true, "\(facts["text"] ?? "")")
        #expect(facts["title"] as? String == "My \"Swift\" Book", "\(facts["title"] ?? "no title")")
        #expect(!FileSystem.exists(root + "/lecture.pdf") && !FileSystem.exists("lecture.pdf"))

        // A page with a broken link: the build's error, exit 1, and the PDF is not written again.
        try FileManager.default.removeItem(atPath: pdf)
        try FileSystem.writeAtomically("# Appendix\n\n[Gone](gone.md)\n", to: root + "/src/appendix.md")
        let broken = TestSupport.Recorder()
        #expect(
            LectureCommand.main(["pdf", root] + cache, console: broken.console, extraSubcommands: HTTPSubcommands.all)
                == 1, "\(broken.lines)")
        #expect(broken.lines.contains { $0.hasPrefix(root + "/src/appendix.md:3:1: error:") }, "\(broken.lines)")
        #expect(!FileSystem.exists(pdf))
    }

    /// Without `--output`, the PDF goes beside the site's folder, named after the title made safe
    /// for a shell (`PDFFileName`); a title with nothing left names it after the folder.
    @Test func theDefaultPDFIsNamedAfterTheBookBesideItsSite() {
        #expect(PDFCommand.defaultOutput(site: "mybook/book", title: "mybook") == "mybook/mybook.pdf")
        #expect(PDFCommand.defaultOutput(site: "book", title: "My Swift Book") == "My-Swift-Book.pdf")
        #expect(PDFCommand.defaultOutput(site: "/a/b/_site", title: "a/b: c?") == "/a/b/a-b-c.pdf")
        #expect(PDFCommand.defaultOutput(site: "x/_site", title: "MVC, MVP 강의") == "x/MVC-MVP-강의.pdf")
        #expect(PDFCommand.defaultOutput(site: "/w/mybook/book", title: "..") == "/w/mybook/mybook.pdf")
        #expect(PDFCommand.defaultOutput(site: "/w/mybook/book", title: nil) == "/w/mybook/mybook.pdf")
    }

    /// Each kind of character a shell or a CI artifact's name reads as other than a letter
    /// (new-user review 6, finding 8: `The-Sourdough-Field-Manual-🍞.pdf`): emoji (with a
    /// variation selector, joined, a keycap), quotes, `$`, `&`, `!`, `*`, parentheses, backquotes,
    /// control and format characters, a leading `-` or `.`; letters of every script stay, their
    /// combining marks with them, in NFC.
    @Test(arguments: [
        ("The Sourdough Field Manual 🍞", "The-Sourdough-Field-Manual"),
        ("❤️ Swift 6.3 ✨", "Swift-6.3"),
        ("👩‍💻 Coding (for) $HOME & `you`!", "Coding-for-HOME-you"),
        ("1️⃣ Start", "1-Start"),
        ("Rust's \u{201C}Book\u{201D}: 2nd ed.", "Rusts-Book-2nd-ed"),
        ("-rf *", "rf"),
        (".hidden", "hidden"),
        ("tab\there\u{200B}zero\u{0007}", "tab-here-zero"),
        ("스위프트 강의 🎓", "스위프트-강의"),
        ("Cafe\u{0301} cre\u{0300}me", "Café-crème"),
        ("数学 ノート", "数学-ノート"),
        ("Ελληνικά — Русский", "Ελληνικά-Русский"),
        ("snake_case.v2", "snake_case.v2"),
    ])
    func theTitlesNameIsSafeForAShell(title: String, name: String) {
        #expect(PDFCommand.defaultOutput(site: "x/book", title: title) == "x/\(name).pdf")
        #expect(
            !name.unicodeScalars.contains {
                $0.properties.isEmoji && !$0.properties.isAlphabetic && !("0"..."9").contains($0)
            })
    }

}
