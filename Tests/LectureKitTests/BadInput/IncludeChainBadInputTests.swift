import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `{{#include}}` diagnostics that misled: a long chain without a cycle was
/// called a cycle and reported once per path through it (1,024 times); a cycle had no name of its
/// own; line ranges `:0:0` and `:-3` were "past the file's end", and numbers too large for an
/// `Int` were looked for as anchors' names.
@Suite struct IncludeChainBadInputTests {
    func expand(_ page: String, files: [String: String]) throws -> (IncludeExpander.Expansion, String) {
        try IncludeTests().expand(page, files: files)
    }

    /// `i26.txt` includes `i25.txt` twice, and so on down to `i0.txt`: no cycle, 2^10 paths to
    /// the include that crosses the depth limit.
    @Test func aChainPastTheDepthLimitIsOneErrorAtTheCrossingIncludeWithTheChain() throws {
        var files: [String: String] = ["i0.txt": "end\n"]
        for level in 1...26 {
            files["i\(level).txt"] = "{{#include i\(level - 1).txt}}\n{{#include i\(level - 1).txt}}\n"
        }
        let (expansion, root) = try expand("{{#include i26.txt}}\n", files: files)
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(expansion.diagnostics.count == 1, "\(expansion.diagnostics.count) diagnostics")
        let error = try #require(expansion.diagnostics.first)
        #expect(error.severity == .error)
        // The page is depth 0; i26 … i17 are the ten nested files; i17's include of i16 crosses.
        #expect(error.path == root + "/i17.txt")
        #expect(error.location?.line == 1)
        #expect(error.summary == "{{#include i16.txt}} is an include depth over 10", "\(error.summary)")
        #expect(!error.summary.contains("cycle") && !error.notes.joined().contains("itself"), "\(error)")
        let chain = try #require(error.notes.first)
        #expect(chain.hasPrefix("the chain of includes: page.md → \(root)/i26.txt → "), "\(chain)")
        #expect(chain.hasSuffix("\(root)/i17.txt → \(root)/i16.txt"), "\(chain)")
        #expect(error.notes.count == 2)
    }

    @Test func aCycleIsNamedAsACycleOnce() throws {
        let (direct, root) = try expand(
            "{{#include a.txt}}\n{{#include a.txt}}\n",
            files: ["a.txt": "A\n{{#include b.txt}}\n", "b.txt": "B\n{{#include a.txt}}\n{{#include ./a.txt}}\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(direct.diagnostics.count == 2, "\(direct.diagnostics.map(\.description))")
        let first = try #require(direct.diagnostics.first)
        #expect(first.path == root + "/b.txt")
        #expect(first.location?.line == 2)
        #expect(first.summary == "{{#include a.txt}} makes a cycle: 'a.txt' is already being included")
        #expect(first.notes.first == "the cycle: \(root)/a.txt → \(root)/b.txt → \(root)/a.txt", "\(first.notes)")
        // The same file spelt another way is the same file.
        #expect(direct.diagnostics.last?.location?.line == 3)
        #expect(direct.diagnostics.last?.summary.contains("makes a cycle") == true)

        let (itself, other) = try expand("x\n", files: ["loop.md": "x\n{{#include loop.md}}\n"])
        _ = itself
        defer { FileSystem.removeTemporaryDirectory(other) }
        let looped = IncludeExpander.expand(
            "x\n{{#include loop.md}}\n", displayPath: other + "/loop.md", directory: other,
            scope: IncludeScope(bookDirectory: other, contentDirectory: other))
        #expect(
            looped.diagnostics.map(\.headline) == [
                "\(other)/loop.md:2:1: error: {{#include loop.md}} makes a cycle: 'loop.md' is already being included"
            ])
    }

    /// Every range form mdBook 0.5.4 reads, and what it includes: nothing for `:0:0`, `:5:2`,
    /// `:3:0`, `:-3`, `:25`, over-long numbers, `:x:y`; lines 1–3 for `:0:3`; the whole file for
    /// `:` and `::`; lines 3–20 for `:3:25` (a file of 20 lines).
    @Test func everyRangeFormSaysWhatIsWrongWithIt() throws {
        let twenty = (1...20).map { "line\($0)\n" }.joined()
        var page = ""
        let forms = [
            ":0:0", ":-3", ":5:2", ":3:0", ":99999999999999999999999", ":x:y", ":25", ":2:3:4", ":-1:2", ":0:3",
            ":3:25",
            ":", "::", ":21:22",
        ]
        for form in forms { page += "{{#include n.txt\(form)}}\n" }
        let (expansion, root) = try expand(page, files: ["n.txt": twenty])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let byLine = Dictionary(grouping: expansion.diagnostics) { $0.location?.line ?? 0 }
        func only(_ line: Int) -> Diagnostic? { byLine[line]?.count == 1 ? byLine[line]?.first : nil }
        let expected: [(Int, Diagnostic.Severity, String)] = [
            (
                1, .error,
                "{{#include n.txt:0:0}}: line 0 does not exist: lines count from 1, so the range selects no line"
            ),
            (2, .error, "{{#include n.txt:-3}}: '-3' is not a line number: lines count from 1"),
            (3, .error, "{{#include n.txt:5:2}}: the range ends (2) before it starts (5), so it selects no line"),
            (4, .error, "{{#include n.txt:3:0}}: the range ends (0) before it starts (3), so it selects no line"),
            (
                5, .error,
                "{{#include n.txt:99999999999999999999999}}: '99999999999999999999999' is not a line number: the file has 20 lines"
            ),
            (6, .error, "{{#include n.txt:x:y}}: 'x:y' is neither a line range nor an anchor's name"),
            (
                7, .error,
                "{{#include n.txt:25}}: line 25 is past the file's end (20 lines), so the range selects no line"
            ),
            (8, .error, "{{#include n.txt:2:3:4}}: '2:3:4' is neither a line range nor an anchor's name"),
            (9, .error, "{{#include n.txt:-1:2}}: '-1' is not a line number: lines count from 1"),
            (
                10, .warning,
                "{{#include n.txt:0:3}}: line 0 does not exist: lines count from 1, so it is read as line 1 (as mdBook reads it)"
            ),
            (11, .warning, "{{#include n.txt:3:25}}: lines 21–25 are past the file's end (20 lines) and left out"),
            (
                14, .error,
                "{{#include n.txt:21:22}}: line 21 is past the file's end (20 lines), so the range selects no line"
            ),
        ]
        for (line, severity, summary) in expected {
            let diagnostic = only(line)
            #expect(diagnostic?.severity == severity, "line \(line): \(byLine[line] ?? [])")
            #expect(diagnostic?.summary == summary, "line \(line): \(byLine[line] ?? [])")
            #expect(diagnostic?.notes.isEmpty == false, "line \(line): a note with the fix")
        }
        #expect(byLine[12] == nil && byLine[13] == nil, "':' and '::' are the whole file, as in mdBook")
        #expect(expansion.diagnostics.count == expected.count, "\(expansion.diagnostics.map(\.headline))")
        // What is included where a warning is given: mdBook's lines.
        let lines = expansion.text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstThree = try #require(lines.firstIndex(of: "line1"))
        #expect(Array(lines[firstThree..<firstThree + 3]) == ["line1", "line2", "line3"])
        #expect(expansion.text.contains("line3\nline4"))
        #expect(lines.filter { $0 == "line20" }.count == 3, "':3:25', ':' and '::' reach the last line")
    }

    /// The whole build: the chain's error is printed once, in the house form, with its note.
    @Test func theBuildPrintsTheChainErrorOnce() throws {
        var files: [String: String] = [
            "SUMMARY.md": "# 책\n\n- [쪽](page.md)\n", "page.md": "# 쪽\n\n{{#include i26.txt}}\n", "i0.txt": "끝\n",
        ]
        for level in 1...26 {
            files["i\(level).txt"] = "{{#include i\(level - 1).txt}}\n{{#include i\(level - 1).txt}}\n"
        }
        let (root, lines, failed) = try BadInputBook.build(files)
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }.map { $0.prefix { $0 != "\n" } }
        #expect(
            errors == ["\(root)/content/i17.txt:1:1: error: {{#include i16.txt}} is an include depth over 10"],
            "\(errors)")
        #expect(lines.contains { $0.contains("the chain of includes: ") && $0.contains("i26.txt →") })
    }
}
