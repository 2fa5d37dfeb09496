import Foundation
import Testing

@testable import LectureKit

/// mdBook's `{{#include}}`: every form, located errors, and a sample that lives in a `.swift` file.
@Suite struct IncludeTests {
    static let code =
        "// ANCHOR: all\nlet a = 1\n// ANCHOR: two\nlet b = 2\n// ANCHOR_END: two\nprint(a + b)\n// ANCHOR_END: all\n"

    func expand(_ page: String, files: [String: String] = ["code.swift": code]) throws -> (
        IncludeExpander.Expansion, String
    ) {
        let root = try TestSupport.makeTree(files)
        return (
            IncludeExpander.expand(
                page, displayPath: "page.md", directory: root,
                scope: IncludeScope(bookDirectory: root, contentDirectory: root)), root
        )
    }

    @Test func everyFormPicksItsLines() throws {
        let (whole, root) = try expand("{{#include code.swift}}")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(whole.text == Self.code.dropLast().description)
        #expect(try expand("{{#include code.swift:2}}").0.text == "let a = 1")
        #expect(
            try expand("{{#include code.swift:4:}}").0.text
                == "let b = 2\n// ANCHOR_END: two\nprint(a + b)\n// ANCHOR_END: all")
        #expect(try expand("{{#include code.swift::2}}").0.text == "// ANCHOR: all\nlet a = 1")
        #expect(try expand("{{#include code.swift:2:4}}").0.text == "let a = 1\n// ANCHOR: two\nlet b = 2")
        #expect(try expand("{{#include code.swift:two}}").0.text == "let b = 2")
        #expect(
            try expand("{{#include code.swift:all}}").0.text == "let a = 1\nlet b = 2\nprint(a + b)",
            "anchor lines inside are dropped")
        #expect(try expand("before \\{{#include code.swift}} after").0.text == "before {{#include code.swift}} after")
    }

    @Test func linesKeepTheirOrigin() throws {
        let (expansion, root) = try expand("# T\n\n```swift\n{{#include code.swift:two}}\n```\nend\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(expansion.text == "# T\n\n```swift\nlet b = 2\n```\nend\n")
        #expect(
            expansion.origins[3]
                == IncludeExpander.LineOrigin(
                    path: root + "/code.swift", line: 4,
                    includedFrom: [IncludeExpander.LineOrigin(path: "page.md", line: 4)]))
        #expect(expansion.origins[4] == IncludeExpander.LineOrigin(path: "page.md", line: 5))
        #expect(expansion.included == [root + "/code.swift"])
    }

    @Test func problemsAreErrorsAtTheDirective() throws {
        let (expansion, root) = try expand(
            "a\n{{#include missing.swift}}\n  {{#include code.swift:nope}}\n{{#include code.swift:99}}\n{{#playground x.rs}}\n"
        )
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            expansion.diagnostics.map(\.headline) == [
                "page.md:2:1: error: {{#include}} names 'missing.swift', which does not exist",
                "page.md:3:3: error: {{#include code.swift:nope}}: the file has no 'ANCHOR: nope'",
                "page.md:4:1: error: {{#include code.swift:99}}: line 99 is past the file's end (7 lines), so the range selects no line",
                "page.md:5:1: error: {{#playground}} names 'x.rs', which does not exist",
            ])
    }

    /// An anchor the file does not have: the near miss, the anchors it has (each once, in the
    /// file's order), or that it has none.
    @Test func anUnknownAnchorListsTheFilesAnchors() throws {
        let files = ["code.swift": Self.code, "plain.swift": "let a = 1\n"]
        let (near, root) = try expand("{{#include code.swift:tow}}\n{{#include plain.swift:body}}\n", files: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            near.diagnostics.map(\.description) == [
                "page.md:1:1: error: {{#include code.swift:tow}}: the file has no 'ANCHOR: tow'\n"
                    + "    did you mean 'two'?\n"
                    + "    the file's anchors: 'all', 'two'\n"
                    + "    mark the lines with '// ANCHOR: tow' and '// ANCHOR_END: tow'",
                "page.md:2:1: error: {{#include plain.swift:body}}: the file has no 'ANCHOR: body'\n"
                    + "    the file has no anchors\n"
                    + "    mark the lines with '// ANCHOR: body' and '// ANCHOR_END: body'",
            ])
    }

    /// The hint for an unknown anchor or a missing end marks the lines in the included file's own
    /// comments (newuser-9 #6: `// ANCHOR:` in a TOML file breaks it): the comment its other
    /// anchors use, else its language's.
    @Test func anAnchorHintUsesTheIncludedFilesComments() throws {
        let files = [
            "tally.toml": "# ANCHOR: basic\n[count]\n# ANCHOR_END: basic\n", "run.sh": "echo\n", "tool.py": "x = 1\n",
            "page.html": "<p>a</p>\n", "notes.md": "text\n", "style.css": "a {}\n", "query.sql": "select 1;\n",
            "odd.conf.swift": "let a = 1\n", "snippet.txt": "// ANCHOR: a\nx\n// ANCHOR_END: a\n",
            "doc.md": "<!-- ANCHOR: a -->\nx\n<!-- ANCHOR_END: a -->\n", "open.toml": "# ANCHOR: open\nkey = 1\n",
        ]
        let expected = [
            ("tally.toml:missing", "'# ANCHOR: missing' and '# ANCHOR_END: missing'"),
            ("run.sh:x", "'# ANCHOR: x' and '# ANCHOR_END: x'"),
            ("tool.py:x", "'# ANCHOR: x' and '# ANCHOR_END: x'"),
            ("page.html:x", "'<!-- ANCHOR: x -->' and '<!-- ANCHOR_END: x -->'"),
            ("notes.md:x", "'<!-- ANCHOR: x -->' and '<!-- ANCHOR_END: x -->'"),
            ("style.css:x", "'/* ANCHOR: x */' and '/* ANCHOR_END: x */'"),
            ("query.sql:x", "'-- ANCHOR: x' and '-- ANCHOR_END: x'"),
            ("odd.conf.swift:x", "'// ANCHOR: x' and '// ANCHOR_END: x'"),
            // The file's own anchors decide over its name.
            ("snippet.txt:b", "'// ANCHOR: b' and '// ANCHOR_END: b'"),
            ("doc.md:b", "'<!-- ANCHOR: b -->' and '<!-- ANCHOR_END: b -->'"),
        ]
        for (selector, lines) in expected {
            let (expansion, root) = try expand("{{#include \(selector)}}\n", files: files)
            defer { try? FileManager.default.removeItem(atPath: root) }
            #expect(
                expansion.diagnostics.first?.notes.last == "mark the lines with \(lines)", "\(expansion.diagnostics)")
        }
        let (open, root) = try expand("{{#include open.toml:open}}\n", files: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            open.diagnostics.first?.notes.first?.hasPrefix("add '# ANCHOR_END: open' after the last line") == true,
            "\(open.diagnostics)")
    }

    /// A directive left as written says why: an unknown name is not supported; a known one with
    /// nothing after its name (`{{#include}}` in prose) names nothing (it said "not supported" too).
    @Test func aDirectiveLeftAsWrittenSaysWhy() throws {
        let (expansion, root) = try expand("`{{#include}}` and {{#shout loud}}\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(expansion.text == "`{{#include}}` and {{#shout loud}}\n")
        #expect(
            expansion.diagnostics.map(\.headline) == [
                "page.md:1:2: warning: '{{#include}}' names no file or text and is left as written",
                "page.md:1:20: warning: '{{#shout}}' is not supported and is left as written",
            ])
    }

    /// A sample whose include failed is not run: its one error is the directive's, never a
    /// second one from the code that lacks the lines (an empty program's "output does not match"
    /// with the hint that it ended early, or a compile error).
    @Test func aSampleWhoseIncludeFailedIsNotRun() throws {
        var page = "# T\n\n"
        for argument in ["code.swift:all", "missing.swift", "code.swift:nope", "code.swift:99"] {
            page += "```swift\n{{#include \(argument)}}\n```\n\n```output\n3\n```\n\n"
        }
        let root = try TestSupport.makeTree(["page.md": page, "code.swift": Self.code])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", "--cache-dir", TestSupport.cacheDirectory, root + "/page.md"], console: recorder.console)
        #expect(status == 1)
        let errors = recorder.lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.allSatisfy { $0.contains("{{#include") }, "\(errors)")
        #expect(recorder.lines.last == "1 passed, 3 failed", "\(recorder.lines)")
    }

    @Test func aFileThatIncludesItselfStops() throws {
        let (expansion, root) = try expand("{{#include loop.md}}", files: ["loop.md": "x\n{{#include loop.md}}\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(expansion.diagnostics.count == 1)
        #expect(expansion.diagnostics.first?.summary.contains("makes a cycle") == true)
        #expect(expansion.diagnostics.first?.path.hasSuffix("/loop.md") == true)
    }
}
