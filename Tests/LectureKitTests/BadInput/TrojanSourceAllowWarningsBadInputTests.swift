import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 22 F4: `allow-warnings` silenced the Trojan Source warnings (bidirectional controls in a
/// sample and in the prose, CVE-2021-42574) and the "not a sample, not run" warnings (a fence
/// `swift` + NBSP holding a `fatalError`), so a pull request's CI log said only "5 warnings allowed
/// by book.toml". Each is a warning to the person building the book: printed whatever the list
/// says, and the entry is a warning at its line.
@Suite struct TrojanSourceAllowWarningsBadInputTests {
    static let silenced = [
        "lecture.sample.invisible-character", "lecture.markdown.bidirectional-control",
        "lecture.markdown.invisible-character", "lecture.sample.not-recognised",
        "lecture.markdown.info-string-whitespace", "lecture.sample.snippet-marker",
    ]

    @Test func trojanSourceAndHiddenSamplesAreWarnedWhateverTheListSays() throws {
        let run = try ContainedRun()
        let list = Self.silenced.map { "\"\($0)\"" }.joined(separator: ", ")
        let book = try run.makeBook("\n[preprocessor.lecture]\nrenderers = []\nallow-warnings = [\(list)]\n")
        let page = """
            # Intro

            Run rm -rf /tmp/x\u{202E} \u{2066}/\u{2069} \u{2069} first.

            ```swift
            let isAdmin = false
            /*\u{202E} } \u{2066}if isAdmin\u{2069} \u{2066} begin admins only */
            print("ok")
            ```

            ```output
            ok
            ```

            ```swift\u{00A0}
            fatalError("never verified")
            ```

            """
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["check", "book"], in: "work")
        let text = result.stdoutText + result.stderrText
        for identifier in ["lecture.sample.invisible-character", "lecture.sample.not-recognised"] {
            #expect(
                text.contains(
                    "\(quoted: identifier) warns the person building the book, and a book may not silence it"),
                "\(text)")
        }
        #expect(text.contains("CVE-2021-42574"), "\(text)")
        #expect(text.contains("src/intro.md:3:"), "the prose's bidirectional controls: \(text)")
        #expect(text.contains("src/intro.md:7:"), "the sample's: \(text)")
        #expect(text.contains("src/intro.md:15:1: warning:"), "the fence that is not a sample: \(text)")
        #expect(!text.contains("allowed by book.toml"), "\(text)")
        let place = BookSettingsLoader.Field.Place(file: "book.toml", location: nil, key: "lecture.allow-warnings")
        for identifier in Self.silenced {
            #expect(AllowedWarnings.problem(identifier, place: place) != nil, "\(identifier)")
        }
    }
}
