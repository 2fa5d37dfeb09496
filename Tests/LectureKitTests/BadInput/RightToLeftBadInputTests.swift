import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A right-to-left book is laid out right to left (`language = "he"` gave
/// `<html lang="he">` with no `dir`, and `text-direction` was "not supported"; mdBook 0.5.4 writes
/// `dir="rtl"`).
@Suite struct RightToLeftBadInputTests {
    /// The page's `<html>` element as the built-in theme writes it for `settings`.
    func htmlElement(language: String?, textDirection: String?) throws -> String {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# Book\n\n- [One](one.md)\n", "content/one.md": "# One\n\nText.\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: TestSupport.repositoryRoot + "/site-templates",
            output: root + "/_site")
        configuration.book.language = language
        configuration.book.textDirection = textDirection
        try BuildPipeline(configuration: configuration, console: TestSupport.Recorder().console).run()
        let page = try #require(TestSupport.read(root + "/_site/one.html"))
        return try #require(page.firstMatch(of: #/<html[^>]*>/#)).output.description
    }

    @Test func theLanguageOrTextDirectionSetsTheDocumentsDirection() throws {
        #expect(try htmlElement(language: "he", textDirection: nil).contains(" dir=\"rtl\""))
        #expect(try htmlElement(language: "ar-EG", textDirection: nil).contains(" dir=\"rtl\""))
        #expect(try htmlElement(language: "en", textDirection: nil).contains(" dir=\"ltr\""))
        #expect(try htmlElement(language: nil, textDirection: nil).contains(" dir=\"ltr\""))
        #expect(try htmlElement(language: "he", textDirection: "ltr").contains(" dir=\"ltr\""))
        #expect(try htmlElement(language: "en", textDirection: "rtl").contains(" dir=\"rtl\""))
    }

    /// mdBook 0.5.4's right-to-left codes (each run through it), and the ones it leaves left to right.
    @Test func theLanguagesAreMdBooks() {
        for code in ["ar", "arc", "fa", "he", "ku", "nqo", "pal", "phn", "ps", "sam", "syr", "ur", "yi", "HE", "fa_IR"]
        {
            #expect(TextDirection.of(language: code) == "rtl", "\(code)")
        }
        for code in ["en", "ko", "dv", "ha", "sd", "ug", "ckb", "iw", "ja"] {
            #expect(TextDirection.of(language: code) == "ltr", "\(code)")
        }
    }

    @Test func textDirectionIsReadFromBookTOML() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[book]\nlanguage = \"en\"\ntext-direction = \"rtl\"\n", path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.textDirectionOrDefault == "rtl")
        let (_, wrong) = BookSettingsLoader.parse("[book]\ntext-direction = \"RTL\"\n", path: "book.toml")
        #expect(wrong.map(\.headline).contains { $0.contains("book.toml:2:") && $0.contains("error") }, "\(wrong)")
    }

    /// The theme's layout follows the direction: no physical left or right in its style sheets
    /// but where a line says it is on purpose (mirrored in the right-to-left overrides).
    @Test func theThemeUsesLogicalPropertiesForLeftAndRight() throws {
        for sheet in ["style.css", "print.css"] {
            let text = try String(
                contentsOfFile: TestSupport.repositoryRoot + "/site-templates/assets/" + sheet, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard
                    line.contains(
                        #/(^|[\s{;])(left|right|(margin|padding|border)-(left|right)[a-z-]*)\s*:|text-align:\s*(left|right)/#
                    )
                else { continue }
                #expect(
                    line.contains("physical") || line.contains("[dir=\"rtl\"]"),
                    "\(sheet):\(number + 1): \(line)")
            }
        }
    }
}
