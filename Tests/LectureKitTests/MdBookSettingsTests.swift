import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// book.toml's keys as mdBook 0.5.4 knows them (its guide's `format/configuration` pages; mdBook
/// refuses any other key of `[book]`, `[build]`, `[rust]` and `[output.html]`): a key whose value
/// loses nothing is accepted without a word (`MdBookKeys`); one that asks for what lecture does
/// not do is a warning that says what is lost.
@Suite struct MdBookSettingsTests {
    /// Every key of mdBook 0.5.4's book.toml, at a value lecture loses nothing by: mdBook builds
    /// the book (so each is a key it knows), and lecture builds it without a warning.
    @Test func everyMdBookKeyAtAValueThatLosesNothingIsAcceptedSilently() throws {
        let both = try MdBookOracle.build([
            "book.toml": """
            [book]
            title = "Keys"
            authors = ["A"]
            description = "Every key"
            src = "src"
            language = "en"
            text-direction = "ltr"

            [rust]
            edition = "2021"

            [build]
            build-dir = "book"
            create-missing = true
            use-default-preprocessors = true
            extra-watch-dirs = ["examples"]

            [output.html]
            default-theme = "light"
            preferred-dark-theme = "navy"
            smart-punctuation = false
            definition-lists = true
            admonitions = true
            mathjax-support = false
            additional-css = []
            additional-js = []
            no-section-label = false
            git-repository-url = "https://github.com/rust-lang/mdBook"
            git-repository-icon = "fab-github"
            site-url = "/keys/"
            cname = "keys.example.org"
            edit-url-template = "https://github.com/rust-lang/mdBook/edit/master/guide/{path}"
            live-reload-endpoint = "__livereload"
            hash-files = false
            sidebar-header-nav = true

            [output.html.fold]
            enable = false
            level = 1

            [output.html.playground]
            editable = false
            copyable = true
            copy-js = true
            line-numbers = false
            runnable = true

            [output.html.code.hidelines]
            python = "~"

            [output.html.print]
            enable = true
            page-break = true

            [output.html.search]
            enable = true
            limit-results = 30
            teaser-word-count = 30
            use-boolean-and = false
            boost-title = 2
            boost-hierarchy = 1
            boost-paragraph = 1
            expand = true
            heading-split-level = 3
            copy-js = true

            [output.html.search.chapter]
            "b.md" = { enable = false }

            [output.html.redirect]
            "/old.html" = "a.html"

            """,
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [B](b.md)\n",
            "src/a.md": "# A\n\n```rust\nfn main() {}\n```\n",
            "src/b.md": "# B\n",
            "examples/hello.rs": "fn main() {}\n",
        ])
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        #expect(both.lecture.succeeded, "\(both.lecture.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        // `[rust] edition` marks the Rust code as mdBook marks it.
        for root in [both.mdBook.root, both.lecture.root] {
            let page = String(decoding: try FileSystem.read(root + "/book/a.html"), as: UTF8.self)
            #expect(page.contains("<code class=\"language-rust edition2021\">"), "\(root)")
        }
    }

    /// `enable = false` in `[output.html.search]` and `[output.html.print]` (attack 11, kind 13):
    /// mdBook 0.5.4 writes neither the search index nor print.html, and no page offers a search
    /// box or a print link (run); lecture did all four, every page's text in the index, unsaid.
    @Test(arguments: [(false, false), (false, true), (true, false)])
    func searchAndPrintTurnedOffAreLeftOutAsMdBookLeavesThem(_ search: Bool, _ print: Bool) throws {
        let both = try MdBookOracle.build([
            "book.toml":
                "[book]\ntitle = \"T\"\n[output.html.search]\nenable = \(search)\n[output.html.print]\nenable = \(print)\n",
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
            "src/a.md": "# A\n\nSECRETWORD\n",
        ])
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let mdBookHasPrint = FileSystem.exists(both.mdBook.root + "/book/print.html")
        let mdBookHasIndex =
            (try? FileManager.default.contentsOfDirectory(atPath: both.mdBook.root + "/book"))?
            .contains { $0.hasPrefix("searchindex") } == true
        #expect(mdBookHasPrint == print && mdBookHasIndex == search, "mdBook 0.5.4 as described")
        let site = both.lecture.root + "/book"
        #expect(FileSystem.exists(site + "/print.html") == print)
        #expect(FileSystem.exists(HashedSitePath.of("search", in: site)) == search)
        let page = String(decoding: try FileSystem.read(site + "/a.html"), as: UTF8.self)
        #expect(page.contains("print.html") == print, "the print link")
        #expect(page.contains("id=\"lecture-search\"") == search, "the search box")
        let published = (FileManager.default.subpaths(atPath: site) ?? []).filter {
            $0 != "a.html" && $0 != "index.html"
        }
        for file in published where !search && !print {
            let text = String(decoding: (try? FileSystem.read(site + "/" + file)) ?? [], as: UTF8.self)
            #expect(!text.contains("SECRETWORD"), "\(file) holds the page's text")
        }
    }

    /// A book of one page (`a.md`) with `toml` as its book.toml, built by both.
    static func onePageBook(toml: String) throws -> MdBookOracle {
        try MdBookOracle.build(["book.toml": toml, "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n", "src/a.md": "# A\n"])
    }

    /// The other keys of those tables at a value other than mdBook's default: lecture's search
    /// and print page do not honour them, and a warning at each line says so (they were accepted
    /// unsaid, attack 11 kind 74); mdBook's defaults are accepted without a word (above).
    @Test func searchAndPrintKeysLectureDoesNotHonourAreWarnedAtTheirLines() throws {
        let both = try Self.onePageBook(
            toml:
                "[book]\ntitle = \"T\"\n[output.html.search]\nlimit-results = 3\nuse-boolean-and = true\n[output.html.print]\npage-break = false\n"
        )
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        // One warning per table, at its first such key, naming each with what mdBook does with it.
        for expected in [
            "book.toml:4:1: warning: 2 keys of [output.html.search] are not supported by lecture and are ignored: limit-results = 3, use-boolean-and = true\n",
            "mdBook reads 'use-boolean-and' as whether a result must hold every word searched (default false)",
            "book.toml:7:1: warning: 'output.html.print.page-break' is not supported by lecture and is ignored\n",
        ] {
            #expect(both.lecture.output.contains(expected), "\(both.lecture.output)")
        }
        #expect(both.lecture.output.components(separatedBy: "warning:").count - 1 == 2, "\(both.lecture.output)")
    }

    /// An unknown key in a table of `[output.html]` lists that table's keys, as mdBook's error
    /// does (run: "unknown field `zzunknown`, expected one of `editable`, …"), not all of
    /// `[output.html]`'s: the two lists are the same.
    @Test func anUnknownKeyInATableOfOutputHTMLListsThatTablesKeys() throws {
        for table in ["search", "print", "fold", "playground"] {
            let both = try Self.onePageBook(toml: "[book]\ntitle = \"T\"\n[output.html.\(table)]\nzzunknown = 1\n")
            // mdBook: "expected one of `a`, `b`, `c`" or "expected `a` or `b`"; lecture: "known keys here: x.a, x.b".
            func line(after marker: String, in output: String) -> Substring {
                guard let start = output.range(of: marker) else { return "" }
                return output[start.upperBound...].prefix { $0 != "\n" }
            }
            let mdBooks = Set(
                line(after: "expected ", in: both.mdBook.output).split(separator: "`", omittingEmptySubsequences: false)
                    .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
            #expect(!mdBooks.isEmpty, "\(table): \(both.mdBook.output)")
            #expect(
                both.lecture.output.contains("book.toml:4:1: warning: unknown key 'output.html.\(table).zzunknown'"),
                "\(both.lecture.output)")
            let lectures = Set(
                line(after: "known keys here: ", in: both.lecture.output).split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                })
            let prefix = "output.html.\(table)."
            #expect(lectures.allSatisfy { $0.hasPrefix(prefix) }, "\(table): \(lectures)")
            #expect(
                Set(lectures.map { String($0.dropFirst(prefix.count)) }) == mdBooks, "\(table): \(lectures) \(mdBooks)")
        }
    }

    /// mdBook's own guide sets seven search keys, four of them off mdBook's default: one warning
    /// names those four (they were four warnings saying the same); mdBook builds it silently.
    @Test func theSearchSettingsOfMdBooksGuideAreOneWarning() throws {
        let both = try Self.onePageBook(
            toml:
                "[book]\ntitle = \"T\"\n\n[output.html.search]\nlimit-results = 20\nuse-boolean-and = true\nboost-title = 2\nboost-hierarchy = 2\nboost-paragraph = 1\nexpand = true\nheading-split-level = 2\n"
        )
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.mdBook.output.contains("WARN"), "\(both.mdBook.output)")
        #expect(
            both.lecture.output.contains(
                "book.toml:5:1: warning: 4 keys of [output.html.search] are not supported by lecture and are ignored: limit-results = 20, use-boolean-and = true, boost-hierarchy = 2, heading-split-level = 2\n"
            ), "\(both.lecture.output)")
        for key in ["limit-results", "use-boolean-and", "boost-hierarchy", "heading-split-level"] {
            #expect(both.lecture.output.contains("mdBook reads '\(key)' as "), "\(key): \(both.lecture.output)")
        }
        #expect(both.lecture.output.components(separatedBy: "warning:").count - 1 == 1, "\(both.lecture.output)")
    }

    /// `[output.html] no-section-label = true`: mdBook 0.5.4's sidebar shows no section numbers
    /// (run); lecture's neither, with no warning (it warned the numbers stayed), and the print
    /// page labels no chapter with one. Prefix chapters, parts, nesting and a draft.
    @Test func noSectionLabelShowsTheChaptersWithoutNumbersAsMdBookDoes() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\nlanguage = \"en\"\n\n[output.html]\nno-section-label = true\n",
            "src/SUMMARY.md":
                "# Summary\n\n[Intro](intro.md)\n\n# Part\n\n- [A](a.md)\n  - [B](b.md)\n- [Draft]()\n",
            "src/intro.md": "# Intro\n", "src/a.md": "# A\n", "src/b.md": "# B\n",
        ])
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        #expect(both.mdBook.facts.sidebar.allSatisfy { $0.number == nil }, "\(both.mdBook.facts.sidebar)")
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
        let print = String(decoding: try FileSystem.read(both.lecture.root + "/book/print.html"), as: UTF8.self)
        #expect(!print.contains("1.1."), "the print page labels a chapter with its number")
    }

    /// `[book] multilingual = true` asks for a book in several languages: mdBook 0.5.4 refuses
    /// the key (exit 101, "unknown field `multilingual`" at its line), and lecture fails the
    /// build with an error at the line and a note saying what to do. (`false`, which mdBook 0.4's
    /// `init` wrote, is read with a warning, as mdBook 0.5.4 refuses it too.)
    @Test func aMultilingualBookIsRefusedAtItsLineAsMdBookRefusesIt() throws {
        let both = try Self.onePageBook(toml: "[book]\ntitle = \"T\"\nmultilingual = true\n")
        #expect(both.mdBook.status == 101, "\(both.mdBook.output)")
        #expect(both.mdBook.output.contains("unknown field `multilingual`"), "\(both.mdBook.output)")
        #expect(!both.lecture.succeeded && both.lecture.status != nil, "\(both.lecture.output)")
        let lines = both.lecture.output.split(separator: "\n").map(String.init)
        let error = try #require(lines.firstIndex { $0.contains(": error: 'book.multilingual'") }, "\(lines)")
        #expect(lines[error].contains("book.toml:3:1: error: 'book.multilingual' asks for a book in several languages"))
        #expect(
            lines.dropFirst(error + 1).first?.contains("delete the line: a book is in one language") == true, "\(lines)"
        )
        // `false` (mdBook 0.4's `init` wrote it) is read, with a warning: mdBook 0.5.4 refuses the key.
        let (_, accepted) = BookSettingsLoader.parse("[book]\nmultilingual = false\n", path: "book.toml")
        #expect(
            accepted.map(\.headline) == [
                "book.toml:2:1: warning: mdBook 0.5.4 does not know 'book.multilingual': 'mdbook build' stops on this book.toml"
            ], "\(accepted.map(\.headline))")
    }

    /// Each value that asks for what lecture does not do: a warning at its line saying what the
    /// book loses.
    @Test func aValueThatAsksForWhatLectureDoesNotDoIsWarnedWithWhatIsLost() {
        let (_, diagnostics) = BookSettingsLoader.parse(
            """
            [book]
            # text-direction is read: no warning
            [build]
            use-default-preprocessors = false
            [output.html]
            theme = "my-theme"
            definition-lists = false
            admonitions = false
            hash-files = true # read: no warning
            [output.html.playground]
            editable = true
            line-numbers = true
            [output.linkcheck]
            follow-web-links = true
            [output.html.fold]
            enable = true # read: the sidebar folds
            """, path: "book.toml")
        let keys = [
            (4, "build.use-default-preprocessors", "{{#include}}"),
            (6, "output.html.theme", ".hbs"),
            (7, "output.html.definition-lists", "definition list"),
            (8, "output.html.admonitions", "[!NOTE]"),
            (11, "output.html.playground.editable", "edited"),
            (12, "output.html.playground.line-numbers", "line numbers"),
            (14, "output.linkcheck.follow-web-links", "web links"),
        ]
        #expect(diagnostics.count == keys.count, "\(diagnostics.map(\.headline))")
        for ((line, key, lost), diagnostic) in zip(keys, diagnostics) {
            #expect(
                diagnostic.headline
                    == "book.toml:\(line):1: warning: '\(key)' is not supported by lecture and is ignored")
            #expect(diagnostic.notes.first?.contains(lost) == true, "\(key): \(diagnostic.notes)")
        }
    }

    /// `[build] extra-watch-dirs`: folders `lecture serve` watches besides the book's own,
    /// relative to the folder holding book.toml.
    @Test func extraWatchDirectoriesAreReadRelativeToTheBook() throws {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[build]\nextra-watch-dirs = [\"../examples\", \"listings\"]\n", path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.headline))")
        #expect(settings.extraWatchDirectories == ["../examples", "listings"])
    }

    @Test func theRustEditionIsRead() {
        let (settings, diagnostics) = BookSettingsLoader.parse("[rust]\nedition = \"2021\"\n", path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.headline))")
        #expect(settings.rustEdition == "2021")
        let (_, wrong) = BookSettingsLoader.parse("[rust]\nedition = \"2027\"\n", path: "book.toml")
        #expect(
            wrong.map(\.headline) == [
                "book.toml:2:1: error: 'rust.edition' needs one of \"2015\", \"2018\", \"2021\", \"2024\""
            ])
    }

    /// `[rust] edition` marks the Rust code mdBook would give a playground, as mdBook 0.5.4 does
    /// (its classes for these blocks, with `edition = "2021"`); a block's own edition wins.
    @Test func theRustEditionMarksPlaygroundCodeAsMdBookDoes() {
        let cases = [
            ("rust", "language-rust edition2021"),
            ("rust,ignore", "language-rust ignore"),
            ("rust,edition2018", "language-rust edition2018"),
            ("rust noplayground", "language-rust noplayground"),
            ("rust,no_run,editable", "language-rust no_run editable edition2021"),
        ]
        for (info, classes) in cases {
            let html = CodeBlockHTML.html(CodeBlock(info: info, code: "x\n", isFenced: true), edition: "2021")
            #expect(html?.hasPrefix("<pre><code class=\"\(classes)\">") == true, "\(info): \(html ?? "nil")")
        }
        #expect(CodeBlockHTML.html(CodeBlock(info: "rust", code: "x\n", isFenced: true))?.contains("edition") == false)
    }
}
