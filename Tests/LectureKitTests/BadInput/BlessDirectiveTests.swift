import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// attack-4 F5: what a program prints is blessed so that it reads back as printed. A printed
/// `{{#include secret.txt}}` was written as it was, and the next check expanded it: the page
/// showed the file as the program's output, the check failed for ever, and bless refused the page.
/// Every directive (`include`, `title`, `playground`, `rustdoc_include`, an unknown one, one
/// already escaped) is written escaped, `\{{#…}}`: the first of a line, whose escape keeps the
/// rest of the line as written (mdBook's pattern for it runs to the line's last `}}`); a page whose only directives are escaped is
/// blessed again; `{{ #include f }}`, which no backslash escapes, is refused with the reason.
@Suite struct BlessDirectiveTests {
    /// What each sample prints (as Swift string-literal text, braces split so the page holds no
    /// directive of its own), and the output block bless must write for it.
    static let printed: [(swift: String, block: String)] = [
        (##""{{" + "#include secret.txt}}""##, ##"\{{#include secret.txt}}"##),
        (##""a {{" + "#title T}} b {{" + "#playground x.rs}}""##, ##"a \{{#title T}} b {{#playground x.rs}}"##),
        (
            ##""{{" + "#rustdoc_include x.rs:2}}{{" + "#include secret.txt}}""##,
            ##"\{{#rustdoc_include x.rs:2}}{{#include secret.txt}}"##
        ),
        (##""\\{{" + "#include secret.txt}}""##, ##"\\{{#include secret.txt}}"##),
        (##""{{" + "#unknown thing}} {{" + "#}} {{" + "#include""##, ##"\{{#unknown thing}} {{#}} {{#include"##),
    ]

    static func page() -> String {
        var page = "# Intro\n\nShown as written: \\{{#include secret.txt}}.\n\n"
        for (index, sample) in printed.enumerated() {
            page += "```swift\nprint(\(sample.swift))\n```\n\n"
            if index % 2 == 0 { page += "```output\nstale\n```\n\n" }
        }
        return page
    }

    @Test func blessedDirectivesReadBackAsPrinted() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\nwithout-output = \"require\"\n")
        try TestSupport.write(Array("TOPSECRET-INCLUDED\n".utf8), to: book + "/src/secret.txt")
        try TestSupport.write(Array("fn main() {}\n".utf8), to: book + "/src/x.rs")
        try TestSupport.write(Array(Self.page().utf8), to: book + "/src/intro.md")
        let blessed = try run.lecture(["check", "--bless"], in: "work/book")
        #expect(blessed.termination == .exited(0), "\(blessed.stderrText)")
        #expect(blessed.stdoutText.contains("blessed 5 output blocks in src/intro.md"), "\(blessed.stdoutText)")
        let text = TestSupport.read(book + "/src/intro.md") ?? ""
        for sample in Self.printed {
            #expect(text.contains("```output\n" + sample.block + "\n```\n"), "\(sample.block)\n\(text)")
        }
        #expect(!text.contains("stale") && !text.contains("TOPSECRET"))
        // Read back as written: the check passes, and blessing again leaves the page as it is.
        let again = try run.lecture(["check", "--bless"], in: "work/book")
        #expect(again.termination == .exited(0), "\(again.stdoutText)\(again.stderrText)")
        #expect(again.stdoutText.contains("5 passed, 0 failed"), "\(again.stdoutText)")
        #expect(!again.stderrText.contains("cannot bless"), "\(again.stderrText)")
        #expect(TestSupport.read(book + "/src/intro.md") == text)
        // The site shows what the program printed, not the file.
        let built = try run.lecture(["build"], in: "work/book")
        #expect(built.termination == .exited(0), "\(built.stderrText)")
        let html = TestSupport.read(book + "/book/intro.html") ?? ""
        #expect(!html.contains("TOPSECRET") && html.contains("{{#include secret.txt}}"), "\(html)")
    }

    /// `{{ #include f }}` (white space after the braces) is a directive no backslash escapes:
    /// the sample is not blessed, and the error says why and what to do.
    @Test func aDirectiveNoBackslashEscapesIsRefusedWithTheReason() throws {
        let page = "# P\n\n```swift\nprint(\"{{ \" + \"#include secret.txt }}\")\n```\n\n```output\nx\n```\n"
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md").samples[0]
        let rewritten = Bless.rewrite(page, outputs: [(sample: sample, output: "{{ #include secret.txt }}\n")])
        #expect(rewritten.text == page)
        #expect(rewritten.refused.count == 1)
        #expect(rewritten.refused.first?.1.contains("'{{ #'") == true)
    }

    @Test func escapingIsUndoneByTheExpander() {
        for line in [
            "{{#include a}}", "\\{{#include a}}", "x{{#a{{#include b}}y", "{{#a \\{{#include x}}", "{{#}} {{#include",
            "}}{{#title t}}{{#title u}}", "\\\\{{#include a}}",
        ] {
            guard let escaped = DirectiveEscapes.escaped(line) else {
                Issue.record("\(line) not escaped")
                continue
            }
            #expect(DirectiveEscapes.shown(escaped) == line, "\(line) → \(escaped)")
        }
        #expect(DirectiveEscapes.escaped("{{ #include a }}") == nil)
        #expect(DirectiveEscapes.shown("{{#include a}}") == nil)
    }
}
