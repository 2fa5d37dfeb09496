import Foundation
import SourceText
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// book.toml's problems found while the book was set up printed first, but one found in the Load
/// step (an `input-404` naming no page) printed after the pages', and a page's problem found in an
/// early step before the summary's: the order depended on which step found what. Every run now
/// prints one list as rustc and mdBook do: source order within a file, the files in reading
/// order (book.toml, SUMMARY.md, the pages in the summary's order, then any other file).
@Suite struct DiagnosticOrderBadInputTests {
    /// book.toml with an error at line 4 and one (found by Load) at line 5; the summary naming a
    /// page twice; the second page with a broken include, the first with one at a later line.
    static func run(_ arguments: [String]) throws -> Subprocess.Result {
        try TestSupport.containedBook(
            "[output.html]\ndefault-theme = 5\ninput-404 = \"nf.md\"\n",
            pages: [
                "SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Again](intro.md)\n",
                "next.md": "# Next\n\n{{#include gone.txt}}\n",
                "intro.md": "# Intro\n\nHello.\n\n{{#include gone.txt}}\n\n{{#include also-gone.txt}}\n",
            ], running: arguments
        ).result
    }

    /// The place (`path:line:column`) of each diagnostic's headline, in printed order.
    static func places(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix(" "), line.contains(": error: ") || line.contains(": warning: ") else { return nil }
            return String(line.prefix { $0 != " " }.dropLast())
        }
    }

    @Test(arguments: [["build"], ["check"]]) func filesInReadingOrderEachInSourceOrder(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(!result.succeeded)
        let places = Self.places(result.stderrText)
        let files = places.map { $0.split(separator: ":").first.map(String.init) ?? "" }
        // Each file's diagnostics together, the files in reading order.
        var seen: [String] = []
        for file in files where seen.last != file { seen.append(file) }
        #expect(seen.count == Set(seen).count, "each file once: \(places)")
        let expected = ["book.toml", "src/SUMMARY.md", "src/intro.md", "src/next.md"]
        #expect(seen.filter(expected.contains) == expected.filter(seen.contains), "\(places)")
        #expect(seen.first == "book.toml", "\(places)")
        #expect(seen.contains("src/intro.md") && seen.contains("src/next.md"), "\(places)")
        // Within a file, by line then column.
        for file in Set(files) {
            let positions = places.filter { $0.hasPrefix(file + ":") }.map { place -> [Int] in
                place.split(separator: ":").dropFirst().compactMap { Int($0) }
            }
            #expect(positions == positions.sorted { $0.lexicographicallyPrecedes($1) }, "\(file): \(places)")
        }
        if arguments == ["build"] {
            // The Load step's book.toml error (input-404) beside the setup's, in line order.
            #expect(places.prefix(2) == ["book.toml:4:1", "book.toml:5:1"], "\(places)")
        } else {
            #expect(places.first == "book.toml:4:1", "\(places)")
        }
    }

    /// The sort itself: files named in reading order first, then the others as they came; a path
    /// spelled `src/../book.toml` is book.toml's.
    @Test func theSortTakesTheReadingOrderAndTheShownPath() {
        func at(_ path: String, _ line: Int?) -> Diagnostic {
            .warning(.bookTOMLValue, path, line.map { SourceText.SourceLocation(line: $0, column: 1) }, "x")
        }
        let problems = [
            at("theme/page.hbs", 2), at("src/b.md", 3), at("src/a.md", 9), at("src/../book.toml", 7),
            at("src/a.md", 1), at("src/SUMMARY.md", 4), at("book.toml", 2), at("src/b.md", nil),
        ]
        let sorted = problems.sortedForReading(readingOrder: ["book.toml", "src/SUMMARY.md", "src/a.md", "src/b.md"])
        #expect(
            sorted.map { "\(ShownPath.normalized($0.path)):\($0.location?.line ?? 0)" } == [
                "book.toml:2", "book.toml:7", "src/SUMMARY.md:4", "src/a.md:1", "src/a.md:9", "src/b.md:0",
                "src/b.md:3", "theme/page.hbs:2",
            ])
    }
}
