import Foundation
import Testing

@testable import LectureSupport

/// The cases of mdBook's `build.rs` and `mdbookignore.rs` (its `tests/testsuite`) the ledger's
/// books leave out, each built by mdBook 0.5.4 and by lecture (`MdBookOracle`).
@Suite struct MdBookTestSuiteBuildTests {
    static let toml = "[book]\ntitle = \"Build\"\n"

    /// book_toml_isnt_required: a book of `src/` alone builds, equal in every aspect.
    @Test func aBookWithoutBookTOMLBuilds() throws {
        let both = try MdBookOracle.build([
            "src/SUMMARY.md": "- [Chapter 1](chapter_1.md)\n", "src/chapter_1.md": "# Chapter 1\n",
        ])
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
        #expect(both.lecture.facts.ids["chapter_1.html"] == ["chapter-1"])
    }

    /// no_reserved_filename: a chapter `print.md` would overwrite the print page: both fail.
    @Test func aChapterNamedPrintFailsBoth() throws {
        let both = try MdBookOracle.build([
            "book.toml": Self.toml, "src/SUMMARY.md": "- [Print](print.md)\n", "src/print.md": "# Print\n",
        ])
        #expect(!both.mdBook.succeeded && !both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(
            both.lecture.output.contains("SUMMARY.md:1:3: error: page 'print.md' would be written to 'print.html'"),
            "\(both.lecture.output)")
    }

    /// no_reserved_filename_toc: a chapter `toc.md` fails here on purpose, where mdBook 0.5.4
    /// writes it over its own `toc.html` (the sidebar of readers without script; a later mdBook
    /// refuses the name too). A `toc.md` the summary does not list is a page left out in both.
    @Test func aChapterNamedTocFailsHereOnPurpose() throws {
        let both = try MdBookOracle.build([
            "book.toml": Self.toml, "src/SUMMARY.md": "- [Contents](toc.md)\n", "src/toc.md": "# Contents\n",
        ])
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        #expect(!both.lecture.succeeded)
        #expect(
            both.lecture.output.contains("SUMMARY.md:1:3: error: page 'toc.md' would be written to 'toc.html'"),
            "\(both.lecture.output)")
        let unlisted = try MdBookOracle.build([
            "book.toml": Self.toml, "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n", "src/toc.md": "# T\n",
        ])
        #expect(unlisted.differences() == [], "\(unlisted.differences().joined(separator: "\n"))")
    }

    /// mdbookignore: mdBook 0.5.4's build copies every file of `src/`, the ones `.mdbookignore`
    /// names too (the file tells `mdbook serve` what not to watch); so does lecture.
    @Test func mdBookIgnoreDoesNotChangeWhatTheBuildCopies() throws {
        let both = try MdBookOracle.build([
            "book.toml": Self.toml, "src/SUMMARY.md": "- [Chapter 1](chapter_1.md)\n",
            "src/chapter_1.md": "# Chapter 1\n",
            "src/.mdbookignore": "ignored_file\nignored_dir\n*.json\n!included.json\n",
            "src/ignored_file": "x\n", "src/ignored_dir/file.json": "{}\n", "src/included.json": "{}\n",
            "src/other.json": "{}\n",
        ])
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
        for file in ["ignored_file", "ignored_dir/file.json", "included.json", "other.json"] {
            let theirs = FileSystem.exists(both.mdBook.root + "/book/" + file)
            let ours = FileSystem.exists(both.lecture.root + "/book/" + file)
            #expect(ours == theirs, "\(file): lecture \(ours), mdBook \(theirs)")
        }
    }
}
