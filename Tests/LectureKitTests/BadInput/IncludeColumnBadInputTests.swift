import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A diagnostic after an `{{#include}}` on the same line is at its column of the line a person
/// edits: the columns counted the expanded line, where the included text stands for the directive
/// (`Text {{#include one.txt}} then [x](missing.md)` named column 17, the link is at 32). Each
/// kind that carries a column on such a line, each way a line's text moves (a directive replaced
/// by shorter text, by lines, a `{{#title}}` taken out, an escaped directive's backslash, a list
/// item's markers before an included line, a line `{{#rustdoc_include}}` hides), and a raw HTML
/// URL after includes, which was moved twice (to the page's line, then again as if that were a
/// line of the expanded text).
@Suite struct IncludeColumnBadInputTests {
    /// The build's lines for `page` (`content/p.md`) with `one.txt` (`short`, no newline),
    /// `two.txt` (two lines) and `list.md` (two lines, the second with a broken link) beside it.
    static func build(_ page: String) throws -> (text: String, page: String, root: String) {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# Book\n\n- [Page](p.md)\n", "p.md": page, "one.txt": "short",
            "two.txt": "first line\nsecond line", "list.md": "item one\nitem two [bad](bad.md) here\n",
        ])
        #expect(failed || !lines.isEmpty)
        return (lines.joined(separator: "\n"), root + "/content/p.md", root)
    }

    @Test func aBrokenLinkAfterAnIncludeIsAtItsOwnColumn() throws {
        let page = """
            # P

            Text {{#include one.txt}} then [broken](missing.md) end.

            Two {{#include two.txt}} then [gone](nowhere.md) end.

            A {{#title T}} and [lost](lost.md).

            > Quoted {{#include one.txt}} and [far](far.md).

            Esc \\{{#include one.txt}} and [escaped](esc.md).

            - {{#include list.md}}

            """
        let (text, path, root) = try Self.build(page)
        defer { FileSystem.removeTemporaryDirectory(root) }
        for (place, target) in [
            ("3:32", "missing.md"), ("5:31", "nowhere.md"), ("7:20", "lost.md"), ("9:35", "far.md"),
            ("11:31", "esc.md"),
        ] {
            #expect(text.contains("\(path):\(place): error: broken link: '\(target)'"), "\(target): \(text)")
        }
        // An included line after a list item's markers: the file's own column.
        #expect(text.contains(root + "/content/list.md:2:10: error: broken link: 'bad.md'"), "\(text)")
    }

    @Test func eachKindWithAColumnAfterAnIncludeIsAtItsOwnColumn() throws {
        let token = "ghp_" + String(repeating: "a1B2", count: 9)
        let page = """
            # R

            Bidi {{#include one.txt}} text \u{202E} here.

            ## Head {{#include one.txt}} zero\u{200B}width

            Img {{#include one.txt}} <img src="/etc/hosts"> end.

            Secret {{#include one.txt}} \(token) end.

            Note {{#include one.txt}} see[^nope] end.

            Emph {{#include one.txt}} a <span>raw</span> and **open

            Script {{#include one.txt}} [js](javascript:alert(1)) ok.

            """
        let (text, path, root) = try Self.build(page)
        defer { FileSystem.removeTemporaryDirectory(root) }
        for (place, kind) in [
            ("3:32", "warning: line holds U+202E"), ("5:34", "warning: heading holds U+200B"),
            ("7:36", "error: broken URL in the page's raw HTML: '/etc/hosts'"),
            ("9:29", "error: a GitHub token would be published"),
            ("11:30", "warning: footnote 'nope' is not defined"),
            ("13:50", "warning: emphasis markers match nothing"),
            ("15:29", "warning: link to a 'javascript:' URL"),
        ] {
            #expect(text.contains("\(path):\(place): \(kind)"), "\(kind): \(text)")
        }
    }

    /// A raw HTML URL under two includes of two lines each: at the page's line 7, not at a line of
    /// the included file (the page's line taken again for a line of the expanded text).
    @Test func aRawHTMLURLUnderIncludesIsMovedOnce() throws {
        let (text, path, root) = try Self.build(
            "# S\n\n{{#include two.txt}}\n\n{{#include two.txt}}\n\nImg <img src=\"/etc/hosts\"> end.\n")
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(text.contains("\(path):7:15: error: broken URL in the page's raw HTML"), "\(text)")
        #expect(!text.contains("two.txt:2"), "\(text)")
    }

    /// A line `{{#rustdoc_include}}` hides (`# ` put before it) is at the file's own column.
    @Test func aHiddenLineOfARustdocIncludeIsAtTheFilesColumn() throws {
        let (root, lines, _) = try BadInputBook.build([
            "SUMMARY.md": "# Book\n\n- [Page](p.md)\n",
            "p.md": "# P\n\n```rust\n{{#rustdoc_include code.rs:body}}\n```\n",
            "code.rs":
                "fn main() {\n    // ANCHOR: body\n    let x = 1;\n    // ANCHOR_END: body\n    let y = \"\u{202E}\";\n}\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let text = lines.joined(separator: "\n")
        #expect(text.contains(root + "/content/code.rs:5:14: warning: line holds U+202E"), "\(text)")
    }

    /// A note's `PATH:LINE:COLUMN` on such a line is moved with its column.
    @Test func aNotesColumnIsMovedWithItsLine() {
        var line = IncludeExpander.LineOrigin(path: "p.md", line: 3)
        line.runs = [
            .init(start: 1, path: "p.md", line: 3, column: 1),
            .init(start: 6, path: "one.txt", line: 1, column: 1),
            .init(start: 11, path: "p.md", line: 3, column: 26),
        ]
        let origins = [
            IncludeExpander.LineOrigin(path: "p.md", line: 1), IncludeExpander.LineOrigin(path: "p.md", line: 2), line,
        ]
        #expect(
            IncludedLocations.remapText("sample at p.md:3:17;", path: "p.md", origins: origins)
                == "sample at p.md:3:32;")
        #expect(
            IncludedLocations.remapText("sample at p.md:3:7;", path: "p.md", origins: origins)
                == "sample at one.txt:1:2;")
        #expect(
            IncludedLocations.remapText("see p.md:3 and p.md:2:4", path: "p.md", origins: origins)
                == "see p.md:3 and p.md:2:4")
    }
}
