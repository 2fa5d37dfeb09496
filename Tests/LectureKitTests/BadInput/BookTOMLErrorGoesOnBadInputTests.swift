import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A `book.toml` error (a wrong type, an unknown word, a refused path) stopped the run before
/// the pages were read: a person fixed book.toml, ran again, and only then learnt of the pages'
/// errors (mdBook 0.5.4 stops at the first: "Invalid configuration file … invalid type: integer
/// `5`, expected a string"). Each kind is now an error at its line whose last note names the
/// default the run used, and the same run reports the pages' errors, writes nothing and creates
/// no missing page. A book.toml that is not TOML still stops the run: none of its values is known.
@Suite struct BookTOMLErrorGoesOnBadInputTests {
    /// One sibling of each kind, the line it stands on (after `makeBook`'s `[book]` and title)
    /// and the default its note names.
    static let kinds: [(name: String, toml: String, line: Int, used: String)] = [
        ("wrong type", "[output.html]\ndefault-theme = 5\n", 4, "with the default: \"light\""),
        ("unknown word", "[lecture]\noutside-links = \"maybe\"\n", 4, "with the default: \"summary\""),
        ("wrong type of a path", "src = 7\n", 3, "with the default: the pages in 'src'"),
        ("refused path", "[lecture]\ntemplates = \"/etc\"\n", 4, "with the default: the built-in theme"),
        (
            "control character in a path", "[build]\nbuild-dir = \"out\\u0007\"\n", 4,
            "with the default: the site in 'book'"
        ),
        ("missing element of a list", "[output.html]\nadditional-css = [\"nope.css\"]\n", 4, "without this element"),
        ("wrong type of an element", "[lecture.samples]\nlibraries = [3]\n", 4, "without this element"),
        ("wrong type of a list", "[build]\nextra-watch-dirs = \"x\"\n", 4, "as if the line were not there"),
    ]

    /// The book: a page with a broken link, the summary naming a page that does not exist.
    static func book(_ toml: String) throws -> ContainedRun {
        let run = try ContainedRun()
        let book = try run.makeBook(toml)
        try FileSystem.writeAtomically(Array("# Next\n\n[Gone](gone.md)\n".utf8), to: book + "/src/next.md")
        try FileSystem.writeAtomically(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [New](new.md)\n".utf8),
            to: book + "/src/SUMMARY.md")
        return run
    }

    @Test(arguments: kinds.indices) func theBookTOMLErrorAndThePagesErrorsComeInOneRun(index: Int) throws {
        let kind = Self.kinds[index]
        let run = try Self.book(kind.toml)
        let result = try run.lecture(["build"], in: "work/book")
        let text = result.stderrText
        #expect(!result.succeeded, "\(kind.name)")
        let headline = text.split(separator: "\n").first { $0.hasPrefix("book.toml:\(kind.line):") }
        #expect(headline?.contains(": error: ") == true, "\(kind.name): \(text)")
        #expect(text.contains("this run checks the pages \(kind.used)"), "\(kind.name): \(text)")
        // The page's own error, in the same run.
        #expect(text.contains("src/next.md:3:1: error:") && text.contains("gone.md"), "\(kind.name): \(text)")
        #expect(text.contains("failed with"), "\(kind.name): \(text)")
        // Nothing written: no site, no page created for the summary's missing one.
        #expect(!FileSystem.exists(run.scratch + "/work/book/book"), "\(kind.name)")
        #expect(!FileSystem.exists(run.scratch + "/work/book/out\u{7}"), "\(kind.name)")
        #expect(!FileSystem.exists(run.scratch + "/work/book/src/new.md"), "\(kind.name): no page created")
    }

    /// `lecture check` too: both errors, a failed check, nothing blessed.
    @Test func aCheckReportsBothAndBlessesNothing() throws {
        let run = try Self.book("[output.html]\ndefault-theme = 5\n")
        // A check reads no link: a page's include error is the page's error here.
        try FileSystem.writeAtomically(
            Array("# Next\n\n{{#include gone.txt}}\n".utf8), to: run.scratch + "/work/book/src/next.md")
        let result = try run.lecture(["check", "--bless"], in: "work/book")
        #expect(!result.succeeded)
        #expect(result.stderrText.contains("book.toml:4:"), "\(result.stderrText)")
        #expect(result.stderrText.contains("src/next.md:3:"), "\(result.stderrText)")
        #expect(result.stdoutText.contains("Nothing blessed: book.toml has errors"), "\(result.stdoutText)")
    }

    /// Not TOML: no value is known, so the run stops at book.toml, as before.
    @Test func aBookTOMLThatIsNotTOMLStillStops() throws {
        let run = try Self.book("[output.html\n")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(!result.succeeded)
        #expect(result.stderrText.contains("book.toml is not valid TOML"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("src/next.md"), "\(result.stderrText)")
    }

    /// A path taken as written that a check then refuses at the same place is one problem: one
    /// diagnostic for each list-of-paths key (and a single path's), its `~` explained in a note.
    static let unexpanded: [(table: String, line: String)] = [
        ("[output.html]", "additional-css = [\"~/x.css\"]"),
        ("[output.html]", "additional-js = [\"$HOME/x.js\"]"),
        ("[lecture.samples]", "libraries = [\"~/Lib\"]"),
        ("[lecture]", "include-from = [\"/etc/~x\", \"~/inc\"]"),
        ("[build]", "extra-watch-dirs = [\"~/w\"]"),
        ("[lecture]", "templates = \"~/theme\""),
        ("[output.html]", "input-404 = \"~/nf.md\""),
    ]

    @Test(arguments: unexpanded.indices) func aPathTakenAsWrittenIsOneDiagnosticAtItsPlace(index: Int) throws {
        let (table, line) = Self.unexpanded[index]
        let run = try ContainedRun()
        try run.makeBook("\(table)\n\(line)\n")
        let result = try run.lecture(["build"], in: "work/book")
        let atLine = result.stderrText.split(separator: "\n").filter { $0.hasPrefix("book.toml:4:") }
        // The same column at most once: one problem, one diagnostic.
        let places = atLine.map { $0.split(separator: " ").first ?? "" }
        #expect(Set(places).count == places.count, "\(line): \(result.stderrText)")
        #expect(!places.isEmpty, "\(line): \(result.stderrText)")
        #expect(result.stderrText.contains("is not expanded"), "\(line): \(result.stderrText)")
    }
}
