import Foundation
import Testing

@testable import LectureSupport

/// The areas of mdBook's own test suite (`tests/testsuite`) beyond Markdown: `includes`, `index`
/// and `build` (its `src`, `build-dir` and `create-missing` settings), each a book written here
/// and built by mdBook 0.5.4 and by lecture (`MdBookOracle`), compared in every aspect but those
/// that differ on purpose (said at each).
@Suite struct MdBookTestSuiteAreasTests {
    static let code =
        "// ANCHOR: all\nuse std::fmt;\n// ANCHOR: body\nfn main() {\n    // ANCHOR: inner\n    println!(\"hi\");\n    // ANCHOR_END: inner\n}\n// ANCHOR_END: body\n// ANCHOR_END: all\nfn other() {}\n"

    /// Whole files, anchors, line ranges (`:N:M`, `:N:`, `::M`, `:N`), `rustdoc_include`, nested
    /// includes of Markdown (a page's part including another), an escaped directive, and a page
    /// in a folder including from above it; the included files are no pages left out (no warning).
    static let includes: [String: String] = [
        "book.toml": "[book]\ntitle = \"Inc\"\n\n[output.html]\nsmart-punctuation = false\n",
        "src/SUMMARY.md": "# Summary\n\n- [Includes](includes.md)\n- [Nested](nested/page.md)\n",
        "src/includes.md":
            "# Includes\n\n## Whole\n\n```rust\n{{#include ../code/lib.rs}}\n```\n\n## Anchor\n\n```rust\n{{#include ../code/lib.rs:body}}\n```\n\n## Lines\n\n```rust\n{{#include ../code/lib.rs:4:6}}\n```\n\n## From\n\n```rust\n{{#include ../code/lib.rs:9:}}\n```\n\n## To\n\n```rust\n{{#include ../code/lib.rs::3}}\n```\n\n## One line\n\n```rust\n{{#include ../code/lib.rs:2}}\n```\n\n## Rustdoc\n\n```rust\n{{#rustdoc_include ../code/lib.rs:inner}}\n```\n\n## Markdown\n\n{{#include part.md}}\n\n## Escaped\n\n\\{{#include part.md}}\n",
        "src/part.md": "Included *part*.\n\n{{#include inner.md}}\n",
        "src/inner.md": "### Included heading\n\nNested include text.\n",
        "src/nested/page.md":
            "# Nested\n\n{{#include ../part.md}}\n\n```rust\n{{#include ../../code/lib.rs:inner}}\n```\n",
        "code/lib.rs": Self.code,
    ]

    @Test func includesAsMdBookExpandsThem() throws {
        let both = try MdBookOracle.build(Self.includes)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)")
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(both.lecture.facts.ids["includes.html"]?.contains("included-heading") == true)
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)")
    }

    /// `README.md` in any case, in the root and in folders, is the folder's `index.html`; an
    /// `index.md` stays `index.html`. Links to a README differ on purpose: here they name the
    /// page written (`guide/index.html`), where mdBook keeps `guide/README.html`, a page it does not write.
    static let index: [String: String] = [
        "book.toml": "[book]\ntitle = \"Idx\"\n",
        "src/SUMMARY.md":
            "# Summary\n\n[Intro](README.md)\n\n- [Guide](guide/README.md)\n    - [Sub](guide/sub.md)\n- [Other](other/readme.md)\n- [Ref](ref/index.md)\n",
        "src/README.md": "# Intro\n\nSee [guide](guide/README.md) and [sub](guide/sub.md#sub).\n",
        "src/guide/README.md": "# Guide\n\nBack to [intro](../README.md).\n",
        "src/guide/sub.md": "# Sub\n\n[Guide](README.md), [Ref](../ref/index.md).\n",
        "src/other/readme.md": "# Other\n",
        "src/ref/index.md": "# Ref\n",
    ]

    @Test func readmeIsTheIndexPage() throws {
        let both = try MdBookOracle.build(Self.index)
        let differences = both.differences(in: [.status, .pages, .sidebar, .ids, .anchors, .text, .classes])
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(both.lecture.facts.pages.contains("guide/index.html"))
        #expect(both.lecture.facts.links["index.html"]?.first == "guide/index.html")
        #expect(both.mdBook.facts.links["index.html"]?.first == "guide/README.html")
    }

    /// book.toml's `src` and `[build] create-missing`: the missing pages (one in a folder that does
    /// not exist) are created in the pages' folder by both, with their titles.
    static let sourceFolder: [String: String] = [
        "book.toml":
            "[book]\ntitle = \"Bld\"\nsrc = \"pages\"\nauthors = [\"A\"]\ndescription = \"D\"\nlanguage = \"en\"\n\n[build]\ncreate-missing = true\n\n[output.html]\nsmart-punctuation = false\n",
        "pages/SUMMARY.md":
            "# Summary\n\n- [One](one.md)\n- [Missing](sub/missing.md)\n    - [Also missing](sub/also.md)\n",
        "pages/one.md": "# One\n\nText.\n",
    ]

    @Test func sourceFolderAndCreateMissing() throws {
        let both = try MdBookOracle.build(Self.sourceFolder)
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        for build in [both.mdBook, both.lecture] {
            #expect(TestSupport.read(build.root + "/pages/sub/missing.md") == "# Missing\n", "\(build.root)")
            #expect(TestSupport.read(build.root + "/pages/sub/also.md") == "# Also missing\n", "\(build.root)")
        }
    }

    /// `[build] build-dir`: both write the site there when no output folder is given.
    static let buildDir = [
        "book.toml": "[book]\ntitle = \"BD\"\n\n[build]\nbuild-dir = \"site\"\n",
        "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [B](b/b.md)\n", "src/a.md": "# A\n", "src/b/b.md": "# B\n",
    ]

    @Test func buildDirIsTheOutputFolder() throws {
        let files = Self.buildDir
        var written: [[String]] = []
        for tool in [MdBookOracle.mdBook, TestSupport.executable] {
            let root = try TestSupport.makeTree(files)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let arguments =
                tool == MdBookOracle.mdBook
                ? ["build", root] : ["build", root, "--cache-dir", TestSupport.cacheDirectory]
            let result = try Subprocess.run(
                tool, arguments, directory: root, environment: ["HOME": root], timeout: 120, cancellation: .process)
            #expect(result.succeeded, "\(result.stdoutText)\(result.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: root + "/book"))
            written.append(
                ["a.html", "b/b.html", "index.html"].filter {
                    FileManager.default.fileExists(atPath: root + "/site/" + $0)
                })
        }
        #expect(written[0] == ["a.html", "b/b.html", "index.html"])
        #expect(written[1] == written[0])
    }

    /// An escaped directive keeps the rest of its line as written, as mdBook's pattern for it runs
    /// to the line's last `}}`: a directive after it on the line is not expanded (it was here), and
    /// only its own backslash goes (in code spans the later ones' stay). A file included in the
    /// middle of a line is no page left out (it was warned as one: its line keeps the page's origin).
    @Test func anEscapedDirectiveKeepsTheRestOfItsLine() throws {
        let page =
            "# Escapes\n\nOne `\\{{#include bit.md}}`, two `\\{{#include bit.md}}` end.\n\n"
            + "Escaped \\{{#include bit.md}} then {{#include bit.md}} end.\n\n"
            + "Bare \\{{#title}} and \\{{#playground}} end.\n\n"
            + "Expanded {{#include bit.md}} then \\{{#include bit.md}} end.\n\n"
            + "Spaced \\{{ #include bit.md}} end.\n"
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"Esc\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md": "# Summary\n\n- [Escapes](escapes.md)\n",
            "src/escapes.md": page,
            "src/bit.md": "BIT",
        ])
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(both.lecture.facts.text["escapes.html"]?.contains("then {{#include bit.md}} end") == true)
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)")
    }
}
