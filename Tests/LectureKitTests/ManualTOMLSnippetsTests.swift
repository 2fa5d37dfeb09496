import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every `toml` block of the README and the manual is a book.toml a reader copies: each, as a
/// whole book.toml, is built by mdBook 0.5.4 without an error (a `[preprocessor.lecture]` table
/// needs `renderers = []`) and by lecture without a warning about mdBook. And the keys lecture
/// reads that mdBook 0.5.4 does not know (mdBook 0.4's `curly-quotes`, run) are warned of.
@Suite struct ManualTOMLSnippetsTests {
    /// The `toml` blocks of `file` (relative to the repository), each with its first line.
    static func snippets(_ file: String) throws -> [(line: Int, text: String)] {
        let text = String(decoding: try FileSystem.read(TestSupport.repositoryRoot + "/" + file), as: UTF8.self)
        var found: [(Int, String)] = []
        var current: (Int, [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var open = current {
                if line == "```" {
                    found.append((open.0, open.1.map { $0 + "\n" }.joined()))
                    current = nil
                } else {
                    open.1.append(line)
                    current = open
                }
            } else if line == "```toml" {
                current = (index + 2, [])
            }
        }
        return found
    }

    static let files: [String] = {
        let manual = "Sources/lecture/Manual/src"
        let pages =
            (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.repositoryRoot + "/" + manual))?
            .filter { $0.hasSuffix(".md") }.sorted().map { manual + "/" + $0 } ?? []
        return ["README.md"] + pages
    }()

    @Test func theSnippetsAreFound() throws {
        let all = try Self.files.flatMap { file in try Self.snippets(file).map { (file, $0) } }
        #expect(all.count >= 4, "\(all.map(\.0))")
        #expect(all.contains { $0.0 == "README.md" && $0.1.text.contains("verify = true") })
    }

    @Test func everySnippetBuildsWithMdBookAndLecture() throws {
        for file in Self.files {
            for snippet in try Self.snippets(file) {
                let both = try MdBookOracle.build([
                    "book.toml": snippet.text, "src/SUMMARY.md": "# Summary\n\n- [Tour](tour.md)\n",
                    "src/tour.md": "# Tour\n\nText.\n",
                ])
                let place = "\(file):\(snippet.line)"
                #expect(both.mdBook.succeeded, "\(place): \(both.mdBook.output)")
                #expect(!both.mdBook.output.contains("ERROR"), "\(place): \(both.mdBook.output)")
                #expect(both.lecture.succeeded, "\(place): \(both.lecture.output)")
                #expect(!both.lecture.output.contains("mdBook"), "\(place): \(both.lecture.output)")
            }
        }
    }

    /// mdBook 0.4's `curly-quotes` and `copy-fonts`: mdBook 0.5.4 reports an error and builds
    /// with none of `[output.html]`'s settings (its section numbers come back here); lecture
    /// reads them and says so at the line, with the fix.
    @Test(arguments: [
        ("curly-quotes = true", "rename it 'smart-punctuation'"), ("copy-fonts = true", "delete the line"),
    ])
    func mdBook04sHTMLKeysAreWarned(line: String, fix: String) throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n\n[output.html]\nno-section-label = true\n\(line)\n",
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n", "src/a.md": "# A\n",
        ])
        let key = String(line.prefix { $0 != " " })
        #expect(both.mdBook.output.contains("unknown field `\(key)`"), "\(both.mdBook.output)")
        #expect(both.mdBook.facts.sidebar.first?.number == "1.", "\(both.mdBook.facts.sidebar)")
        #expect(both.lecture.succeeded)
        #expect(
            both.lecture.output.contains(
                "book.toml:6:1: warning: mdBook 0.5.4 does not know 'output.html.\(key)': 'mdbook build' reports an error and builds the book with none of [output.html]'s settings"
            ), "\(both.lecture.output)")
        #expect(both.lecture.output.contains(fix), "\(both.lecture.output)")
    }
}
