import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// What reaches the terminal and the CI log (issue 34): every byte printed on behalf of input is
/// shown safely (control characters as pictures), a path or summary stays on its line, and echoed
/// output is capped with a note of how much was left out.
@Suite(.serialized) struct TerminalBadInputTests {
    /// Whether `text` holds a byte a terminal or a log would act on: C0 but LF and tab, DEL, or
    /// a C1 control (as UTF-8: C2 80 – C2 9F).
    static func holdsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
    }

    static let forged = "page.md\nbook.md:1:1: error: forged\rpage.md"

    @Test func aPathWithALineBreakCannotForgeADiagnosticLine() {
        let diagnostic = Diagnostic.error(
            .brokenLink, Self.forged, SourceLocation(line: 3, column: 1), "broken link: 'a\nb:1:1: error: x'")
        let plain = DiagnosticFormat.plain.render(diagnostic, workingDirectory: "/book")
        #expect(!plain.contains("\n") && !plain.contains("\r"), "\(plain)")
        #expect(plain == "page.md␊book.md:1:1: error: forged␍page.md:3:1: error: broken link: 'a␊b:1:1: error: x'")
        let github = DiagnosticFormat.github(repositoryRoot: "/book").render(diagnostic, workingDirectory: "/book")
        #expect(!github.contains("\n") && !github.contains("\r"))
        #expect(github.hasPrefix("::error file=page.md␊book.md%3A1%3A1%3A error%3A forged␍page.md,line=3"))
    }

    @Test func escapeSequencesInNotesAreShownAsPictures() {
        let diagnostic = Diagnostic.error(
            .sampleExit, "page.md", SourceLocation(line: 1, column: 1), "sample exited with status 1",
            notes: ["stderr:\n\u{1B}]0;owned\u{7}\u{1B}[2J\u{9B}31m\u{202E}txt.exe\tok"])
        for format in [DiagnosticFormat.plain, .github(repositoryRoot: "/")] {
            let text = format.render(diagnostic, workingDirectory: "/")
            #expect(!Self.holdsControl(text), "\(text)")
            #expect(text.contains("␛]0;owned␇␛[2J\\u{9b}31m\\u{202e}txt.exe\tok"))
        }
    }

    @Test func printedLinesShowControlCharactersToo() {
        let recorder = TestSupport.Recorder()
        recorder.console.print("Rebuilding: a\u{1B}[2Jb.md changed")
        recorder.console.printError("lecture build: \u{7}")
        #expect(recorder.lines == ["Rebuilding: a␛[2Jb.md changed", "lecture build: ␇"])
    }

    @Test func echoedOutputIsCappedWithANoteOfWhatWasLeftOut() {
        let long = (1...5000).map { "줄 \($0)" }.joined(separator: "\n") + "\n"
        let capped = TerminalText.capped(long)
        let lines = capped.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 201)
        #expect(lines[199] == "줄 200")
        let left = long.utf8.count - capped.utf8.count + lines[200].utf8.count
        #expect(lines[200] == "… 4800 more lines (\(left) bytes) not shown")
        // One line of 1 MiB is cut by bytes, at a character's boundary.
        let wide = String(repeating: "가", count: 400_000)
        let cut = TerminalText.capped(wide)
        #expect(cut.utf8.count < 33 * 1024)
        #expect(cut.hasSuffix("more line (\(wide.utf8.count - 32 * 1024 + 2) bytes) not shown"))
        // What fits is left alone, a final line feed included.
        #expect(TerminalText.capped("a\nb\n") == "a\nb\n")
        let exactly = String(repeating: "x\n", count: 200)
        #expect(TerminalText.capped(exactly) == exactly)
    }

    /// A real sample that fails after writing escape sequences and 1 MiB to stderr: its
    /// diagnostic keeps the stderr, the console shows it safely and capped.
    @Test func aSamplesStderrReachesTheConsoleSafelyAndCapped() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let markdown = """
            ```swift
            import Foundation
            FileHandle.standardError.write(Data("\\u{1B}]0;owned\\u{07}\\u{1B}[2J".utf8))
            for i in 0..<30000 { FileHandle.standardError.write(Data("line \\(i) of stderr\\n".utf8)) }
            exit(3)
            ```

            """
        let samples = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples
        let result = stage.verifier.verify(samples)[0]
        let failure = try #require(result.diagnostics.first { $0.identifier == .sampleExit })
        #expect(failure.notes.joined().utf8.count > 500_000)
        let recorder = TestSupport.Recorder()
        recorder.console.report(failure)
        let shown = recorder.text
        #expect(!Self.holdsControl(shown))
        #expect(shown.contains("␛]0;owned␇␛[2J"))
        #expect(shown.utf8.count < 40 * 1024)
        #expect(shown.contains("more lines (") && shown.contains("bytes) not shown"))
    }
}
