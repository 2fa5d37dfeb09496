import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Files and values whose names are not plain (a space, a quote, `<…>`, NFD, Hangul, a line
/// break, a tab, an ANSI escape, a leading `-`), through the real tool in a contained book: the
/// `path:line:column` prefix shows the path as swiftc and clang print it (each byte as it is but a
/// control character, shown as its picture, so a name cannot break the line), and every summary or
/// note quotes a path, a summary link's target or a `book.toml` value by `QuotedText`'s one rule:
/// `'…'` when that is unambiguous, else a Swift string literal. A suggested summary line, pasted,
/// lists the page; the JUnit report keeps the name; `lecture init`'s commands paste.
struct NonPlainNameBadInputTests {
    static let nfd = "nai\u{0308}ve.md"
    static let forged = "x.md\nintro.md:1:1: error: forged.md"
    /// Page names of each kind; a name with a line break is one no summary line can list.
    static let names: [String] = [
        "my page.md", "a\"b.md", "a'b.md", "<x>.md", nfd, "한글 장.md", "new\nline.md", "tab\there.md",
        "esc\u{1B}[31mred.md", "-dash.md", forged,
    ]

    @Test func theQuotingRuleQuotesPlainTextInSingleQuotesAndTheRestAsASwiftLiteral() {
        for plain in ["my page.md", "<x>.md", "한글 장.md", "-dash.md", "a\"b.md", "tab\there.md", "a\\b.md", Self.nfd] {
            #expect(QuotedText.of(plain) == "'\(plain)'")
        }
        #expect(QuotedText.of("a'b.md") == "\"a'b.md\"")
        #expect(QuotedText.of("a'b\"c\\d.md") == "\"a'b\\\"c\\\\d.md\"")
        #expect(QuotedText.of("new\nline.md") == "\"new\\nline.md\"")
        #expect(QuotedText.of("cr\r.md") == "\"cr\\r.md\"")
        #expect(QuotedText.of("esc\u{1B}[31mred.md") == "\"esc\\u{1b}[31mred.md\"")
        #expect(QuotedText.of("rlo\u{202E}dm.exe") == "\"rlo\\u{202e}dm.exe\"")
        #expect(QuotedText.of("") == "''")
        #expect("page \(quoted: "a'b.md") and \(quoted: 3)" == "page \"a'b.md\" and '3'")
    }

    /// Each name as an unlisted page: its warning's prefix is the path shown safely, its note
    /// offers a line in the one quoting, and that line, read back and pasted, lists the page.
    @Test func anUnlistedPageOfEachNameIsNamedSafelyAndItsLinePastes() throws {
        var pages: [String: String] = [:]
        for name in Self.names { pages[name] = "# Page\n" }
        let (run, result) = try TestSupport.containedBook(pages: pages, running: ["build", "--report", "plain"])
        let text = result.stderrText + result.stdoutText
        #expect(!text.utf8.contains(0x1B) && !text.utf8.contains(0x0D), "\(text)")
        for line in text.split(separator: "\n") {
            #expect(!line.drop { $0 == " " }.hasPrefix("intro.md:1:1: error: forged"), "a forged line: \(text)")
        }
        var listed = ""
        for name in Self.names {
            let headline = "src/\(TerminalText.line(name)): warning: page is not listed in SUMMARY.md and is not built"
            #expect(text.contains(headline), "\(name): \(text)")
            guard let line = SummaryParser.chapterLine(for: name) else {
                #expect(text.contains("a name with a line break cannot be linked from SUMMARY.md"))
                continue
            }
            #expect(text.contains("with a line such as \(QuotedText.of(line)), or move it"), "\(name): \(text)")
            listed += line + "\n"
        }
        try FileSystem.writeAtomically(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n\(listed)".utf8),
            to: run.scratch + "/work/book/src/SUMMARY.md")
        let rebuilt = try run.lecture(["build", "--report", "plain"], in: "work/book")
        let again = rebuilt.stderrText
        #expect(rebuilt.succeeded, "\(again)")
        for name in Self.names where SummaryParser.chapterLine(for: name) != nil {
            #expect(!again.contains("src/\(TerminalText.line(name)): warning"), "\(name): \(again)")
            // A page's name is NFC in the site, as the summary's links are read (`ContentLoader`).
            #expect(
                FileSystem.exists(
                    run.scratch + "/work/book/book/" + NFC.normalized(String(name.dropLast(3))) + ".html"),
                "\(name)")
        }
    }

    /// A page of each listed name with a missing include: the prefix names the page's line; the JUnit report's attributes keep the names, the GitHub
    /// format's `file` stays on its line.
    @Test func aBrokenLinkOnAPageOfEachNameIsAtItsLine() throws {
        let listable = Self.names.filter { SummaryParser.chapterLine(for: $0) != nil }
        var pages = [
            "SUMMARY.md": "# Summary\n\n" + listable.map { SummaryParser.chapterLine(for: $0)! + "\n" }.joined()
        ]
        for name in listable { pages[name] = "# Page\n\n{{#include gone.txt}}\n" }
        let (run, result) = try TestSupport.containedBook(
            pages: pages, running: ["check", "--report", "plain", "--report", "junit:report.xml"])
        let text = result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(!text.utf8.contains(0x1B), "\(text)")
        for name in listable {
            #expect(
                text.contains(
                    "src/\(TerminalText.line(name)):3:1: error: {{#include}} names 'gone.txt', which does not exist"
                ), "\(name): \(text)")
        }
        let report = try #require(TestSupport.read(run.scratch + "/work/book/report.xml"))
        #expect(report.contains("<testsuite name=\"src/a&quot;b.md\""), "\(report)")
        #expect(report.contains("file=\"src/tab&#9;here.md\""), "\(report)")
        #expect(report.contains("file=\"src/&lt;x&gt;.md\""), "\(report)")
        #expect(!report.utf8.contains(0x1B))

        let githubRun = try run.lecture(["check", "--report", "github"], in: "work/book")
        let github = githubRun.stdoutText + githubRun.stderrText
        for line in github.split(separator: "\n") where line.hasPrefix("::") {
            #expect(line.hasPrefix("::error file=src/") || line.hasPrefix("::warning file=src/"), "\(line)")
        }
        #expect(github.contains("::error file=src/tab\there.md,line=3,col=1,"), "\(github)")
        #expect(!github.utf8.contains(0x1B))
    }

    /// A summary link and a `book.toml` value of each kind: quoted by the rule, never raw.
    @Test func summaryTargetsAndBookTOMLValuesAreQuotedByTheOneRule() throws {
        let targets = ["gone'x.md", "gone \\<y\\>.md", "한글 없음.md", "-gone.md"]
        let (_, result) = try TestSupport.containedBook(
            "[build]\ncreate-missing = false\n[output.html]\nadditional-css = [\"it's gone.css\", \"my \\\"x\\\".css\"]\n",
            pages: [
                "SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n"
                    + targets.map { "- [T](<\($0)>)\n" }.joined()
            ], running: ["build", "--report", "plain"])
        let text = result.stderrText
        for (offset, target) in ["gone'x.md", "gone <y>.md", "한글 없음.md", "-gone.md"].enumerated() {
            #expect(
                text.contains(
                    "src/SUMMARY.md:\(5 + offset):3: error: summary links to \(QuotedText.of(target)), which does not exist"
                ), "\(target): \(text)")
        }
        #expect(text.contains("file \"it's gone.css\" does not exist"), "\(text)")
        #expect(text.contains("file 'my \"x\".css' does not exist"), "\(text)")
    }

    /// Content files of each name, each also beside one that differs from it only in case: the
    /// warnings about their output names (`OutputCollisions`: one file on macOS and Windows;
    /// `PortableNames`: a name Windows refuses) quote every name in their summaries and notes.
    /// Each line of the output begins as a headline or as a note (four spaces), no line begins
    /// with what follows a name's line break, and past each headline's path, no name is
    /// written raw (a name needing escapes, never shown with its control pictures; a plain one,
    /// only inside quotes).
    @Test func contentFilesOfEachNameAreQuotedInEverySummaryAndNote() throws {
        let names = Self.names.map { String($0.dropLast(3)) + ".png" }
        var pages: [String: String] = [:]
        for name in names {
            pages[name] = "x\n"
            pages[name.uppercased()] = "x\n"
        }
        let (_, result) = try TestSupport.containedBook(pages: pages, running: ["build", "--report", "plain"])
        #expect(result.succeeded, "\(result.stderrText)")
        let text = result.stderrText
        let shown = (names + names.map { $0.uppercased() }).map { (name: $0, shown: TerminalText.line($0)) }
        var headlines = 0
        for line in text.split(separator: "\n").map(String.init) {
            #expect(!line.drop { $0 == " " }.hasPrefix("intro.md:1:1: error: forged"), "a forged line: \(text)")
            if line.hasPrefix("    ") { continue }
            // A headline: `src/NAME: warning: …`, its path shown as it is, controls as pictures.
            guard
                let own = shown.filter({ line.hasPrefix("src/\($0.shown): warning: ") }).max(by: {
                    $0.shown.count < $1.shown.count
                })
            else {
                Issue.record("neither a headline of a content file nor a note: \(line)")
                continue
            }
            headlines += 1
            let message = String(line.dropFirst("src/\(own.shown): warning: ".count))
            for name in shown where message.contains(name.shown) {
                if name.shown != name.name {
                    Issue.record("\(QuotedText.of(name.name)) unquoted in: \(line)")
                } else {
                    let unquoted = message.replacingOccurrences(of: QuotedText.of(name.name), with: "")
                    #expect(!unquoted.contains(name.name), "\(QuotedText.of(name.name)) unquoted in: \(line)")
                }
            }
        }
        #expect(headlines >= names.count, "\(text)")
        #expect(text.contains("differs from"), "\(text)")
        #expect(text.contains("a name Windows cannot hold"), "\(text)")
    }

    /// The site's marker lists a file whose name holds a line break, a carriage return or a
    /// backslash as that one file: the next build replaces the site instead of taking the
    /// file for one put there since (and an earlier version's marker is still read).
    @Test func theSitesMarkerListsNamesWithLineBreaksAsOneFileEach() throws {
        let names = ["a\nb.css", "c\r", "d\\n.css", "e\\", "plain.css", Self.forged]
        #expect(SiteManifest.names(in: SiteManifest.marker(listing: names)) == Set(names))
        #expect(SiteManifest.names(in: Array("written by lecture build\na\\nb\n".utf8)) == ["a\\nb"])
        var pages: [String: String] = [:]
        for name in names { pages[name] = "body\n" }
        let (run, first) = try TestSupport.containedBook(pages: pages, running: ["build", "--report", "plain"])
        #expect(first.succeeded, "\(first.stderrText)")
        let again = try run.lecture(["build", "--report", "plain"], in: "work/book")
        #expect(again.succeeded && !again.stderrText.contains("did not write"), "\(again.stderrText)")
    }

    /// `lecture init -- -draft` prints commands that paste: the folder is `./-draft`.
    @Test func initsCommandsNameAFolderThatBeginsWithADashAsAPath() throws {
        let run = try ContainedRun()
        let result = try run.command(TestSupport.executable, ["init", "--", "-draft"], in: "work")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(
            result.stdoutText.contains(
                "Build it with:   \(InitCommand.shellQuoted(TestSupport.executable)) build ./-draft\n"),
            "\(result.stdoutText)")
        #expect(FileSystem.exists(run.scratch + "/work/-draft/book.toml"))
        #expect(InitCommand.shellQuoted("-my book") == "'./-my book'")
    }
}
