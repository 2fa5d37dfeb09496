import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The cases of mdBook's `config.rs` (its `tests/testsuite`) that a book can hold, each built by
/// mdBook 0.5.4 and by lecture (`MdBookOracle`): keys mdBook does not know, and settings given in
/// the environment (`MDBOOK_*`).
@Suite struct MdBookTestSuiteConfigTests {
    static let pages = ["src/SUMMARY.md": "- [Chapter 1](chapter_1.md)\n", "src/chapter_1.md": "# Chapter 1\n"]

    /// bad_config_top_level, bad_config_top_level_table, bad_config_in_book_table,
    /// bad_config_in_rust_table: mdBook refuses the book (exit 101); lecture builds it with a
    /// warning at the key's line, a difference on purpose (the compatibility page says so).
    @Test(arguments: [
        ("foo = 123", "1:1", "foo"),
        ("[other]\nfoo = 123", "1:1", "other"),
        ("[book]\ntitle = \"bad-config\"\nfoo = 123", "3:1", "book.foo"),
        ("[rust]\ntitle = \"bad-config\"\n", "2:1", "rust.title"),
    ])
    func aKeyMdBookDoesNotKnowIsAWarningAtItsLine(toml: String, place: String, key: String) throws {
        let both = try MdBookOracle.build(Self.pages.merging(["book.toml": toml]) { _, new in new })
        #expect(both.mdBook.status == 101, "\(both.mdBook.output)")
        #expect(both.lecture.succeeded, "\(both.lecture.output)")
        #expect(
            both.lecture.output.contains("book.toml:\(place): warning: unknown key '\(key)' in book.toml is ignored"),
            "\(both.lecture.output)")
    }

    /// config_from_env: mdBook takes `MDBOOK_BOOK__TITLE` as `book.title`; lecture reads book.toml
    /// alone, and says so: a warning naming the variable and the key, never a silent difference.
    @Test func aSettingInTheEnvironmentIsWarnedAsIgnored() throws {
        let both = try MdBookOracle.build(
            Self.pages.merging(["book.toml": "[book]\n"]) { _, new in new },
            environment: ["MDBOOK_BOOK__TITLE": "Custom env title"])
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)")
        let page = String(decoding: try FileSystem.read(both.mdBook.root + "/book/index.html"), as: UTF8.self)
        #expect(page.contains("<title>Chapter 1 - Custom env title</title>"))
        #expect(
            both.lecture.output.contains(
                "book.toml: warning: the environment's MDBOOK_BOOK__TITLE sets 'book.title' for mdBook; lecture reads book.toml alone and ignores it"
            ), "\(both.lecture.output)")
        #expect(MdBookEnvironment.key(of: "MDBOOK_OUTPUT__HTML__SITE_URL") == "output.html.site-url")
        #expect(MdBookEnvironment.key(of: "MDBOOK_BOOK") == "book")
    }

    /// env_invalid_config_key: a variable whose first level is no table (`MDBOOK_FOO`, mdBook's
    /// own `MDBOOK_LOG`) sets nothing in either tool: both build, equal, without a word.
    @Test func aVariableOfNoTableIsIgnoredByBoth() throws {
        let both = try MdBookOracle.build(
            Self.pages.merging(["book.toml": "[book]\ntitle = \"T\"\n"]) { _, new in new },
            environment: ["MDBOOK_FOO": "testing"])
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
    }
}
