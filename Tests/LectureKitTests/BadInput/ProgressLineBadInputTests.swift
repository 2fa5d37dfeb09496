import Testing

@testable import LectureKit

/// Attack 11, kind 54: the progress line (`[2/2] src/a-very-long-folder…/page.md:3`, 87 columns)
/// was written whole on a 20-column terminal; it wrapped, and the next `\r ESC[K` cleared only
/// its last row. It is now cut to fewer columns than the terminal has, counted as a terminal
/// shows them (Hangul and emoji two columns each), its middle replaced by `…`.
@Suite struct ProgressLineBadInputTests {
    static let erase = "\r\u{1B}[K"

    @Test(arguments: [
        "[2/2] src/a-very-long-folder-name-for-testing-wrapping/the-page-with-a-long-name.md:3",
        "[2/2] src/한국어-폴더-이름이-아주-긴-경우/객체-지향-설계의-원칙과-패턴.md:12",
        "[1/9] src/🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉.md:40",
        "[1/9] src/e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}.md:4",
    ])
    func theLineFitsTheTerminal(_ line: String) {
        for columns in [8, 20, 40] {
            let text = Console.progressText(line, columns: columns)
            #expect(text.hasPrefix(Self.erase))
            let shown = String(text.dropFirst(Self.erase.count))
            #expect(ProgressLine.width(of: shown) < columns, "\(columns): \(shown)")
            #expect(shown.hasSuffix(String(line.suffix(1))) || columns < 10, "\(columns): \(shown)")
        }
        // Wide enough: the line as it is.
        #expect(Console.progressText(line, columns: 200) == Self.erase + line)
        #expect(Console.progressText(line, columns: nil) == Self.erase + line)
    }

    @Test func widthsAreTheTerminals() {
        #expect(ProgressLine.width(of: "abc") == 3)
        #expect(ProgressLine.width(of: "한국") == 4)
        #expect(ProgressLine.width(of: "🎉") == 2)
        #expect(ProgressLine.width(of: "e\u{301}") == 1)
        #expect(ProgressLine.width(of: "漢字") == 4)
    }

    @Test func columnsComeFromTheEnvironmentWithoutATerminal() {
        #expect(ProgressLine.columns(of: -1, environment: ["COLUMNS": "20"]) == 20)
        #expect(ProgressLine.columns(of: -1, environment: ["COLUMNS": "x"]) == nil)
        #expect(ProgressLine.columns(of: -1, environment: [:]) == nil)
    }
}
