import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 18, F9: a bidirectional control in book.toml's `title`, `description` or an author
/// reached every page's `<head>` and sidebar without a word, where the same character in a
/// chapter title is warned. Each is now the pages' warning at book.toml's line and column
/// (`ShownSettings`): a bidirectional override or isolate anywhere in the file, an invisible
/// character in a string shown as a name; the marks a right-to-left title uses are not.
@Suite struct BookTOMLTextBadInputTests {
    /// Each place, its book.toml, and the `line:column` of the warning with its words.
    static let places: [(name: String, toml: String, at: String, says: String)] = [
        (
            "title", "[book]\ntitle = \"Safe \u{202E}txt.exe\"\n", "book.toml:2:15",
            "warning: line holds U+202E RIGHT-TO-LEFT OVERRIDE"
        ),
        (
            "description", "[book]\ntitle = \"T\"\ndescription = \"a \u{2066}b\u{2069}\"\n", "book.toml:3:18",
            "warning: line holds U+2066 LEFT-TO-RIGHT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE"
        ),
        (
            "author", "[book]\ntitle = \"T\"\nauthors = [\n  \"Ada\",\n  \"Bob \u{202D}x\",\n]\n", "book.toml:5:8",
            "warning: line holds U+202D"
        ),
        (
            "comment", "# owner \u{202E} admin\n[book]\ntitle = \"T\"\n", "book.toml:1:9",
            "warning: line holds U+202E"
        ),
        (
            "redirect target", "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/old.html\" = \"a\u{202B}.html\"\n",
            "book.toml:4:17", "warning: line holds U+202B"
        ),
        (
            "invisible in the title", "[book]\ntitle = \"Intro\u{200B}\"\n", "book.toml:2:15",
            "warning: book title holds U+200B ZERO WIDTH SPACE, an invisible character"
        ),
        (
            "invisible in an author", "[book]\ntitle = \"T\"\nauthors = [\"A\u{00AD}da\"]\n", "book.toml:3:14",
            "warning: author holds U+00AD SOFT HYPHEN"
        ),
        (
            "invisible in the description", "[book]\ntitle = \"T\"\ndescription = \"x\u{2060}\"\n",
            "book.toml:3:17", "warning: book description holds U+2060 WORD JOINER"
        ),
    ]

    @Test(arguments: places.indices) func eachPlaceIsWarnedAtItsLineAndColumn(_ index: Int) {
        let place = Self.places[index]
        let (_, diagnostics) = BookSettingsLoader.parse(place.toml, path: "book.toml")
        let lines = diagnostics.map(\.description)
        #expect(lines.contains { $0.hasPrefix("\(place.at): \(place.says)") }, "\(place.name): \(lines)")
        #expect(diagnostics.allSatisfy { $0.severity == .warning }, "\(place.name): \(lines)")
    }

    /// The marks (U+200E, U+200F) a right-to-left title uses, and Korean, are not warned, as in a
    /// chapter title; nor is a book.toml without any such character.
    @Test func marksAndPlainTitlesAreNotWarned() {
        for toml in [
            "[book]\ntitle = \"\u{200F}كتاب\u{200F}\"\nlanguage = \"ar\"\n", "[book]\ntitle = \"\u{D55C}\u{AE00}\"\n",
            "[book]\ntitle = \"T\"\nauthors = [\"Ada\"]\n",
        ] {
            let (_, diagnostics) = BookSettingsLoader.parse(toml, path: "book.toml")
            #expect(diagnostics.isEmpty, "\(toml): \(diagnostics.map(\.description))")
        }
    }

    /// Built: the warning is printed once, at book.toml, not at each page.
    @Test func theWarningIsPrintedOnceAtBookTOML() throws {
        let (_, result) = try TestSupport.containedBook("description = \"x \u{202E}y\"\n")
        #expect(result.succeeded, "\(result.stderrText)")
        let warnings = TestSupport.headlines(result.stderrText, .warning).filter { $0.contains("U+202E") }
        #expect(warnings.count == 1, "\(result.stderrText)")
        #expect(warnings.first?.contains("book.toml:3:") == true, "\(result.stderrText)")
    }
}
