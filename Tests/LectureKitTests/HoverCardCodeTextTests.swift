import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The text of every `<code>` of a built page is its block's code, hover cards or not: what a
/// reader without CSS (reader mode, a text browser), a copy as plain text or a scraper gets. The
/// cards stand beside the code (`HoverCardRendering`), so they leak into no `<code>` of a page, of
/// the print page, nor into the search index. Builds with the real `lecture` and SourceKit.
@Suite struct HoverCardCodeTextTests {
    /// The blocks of the page, in order: a sample with an inferred type, a closure and hidden
    /// lines (`# ` lines are Rust's only; Swift shows every line), its output, a second sample.
    static let blocks = [
        "actor Counter {\n    private var value = 0\n    func next() -> Int { value += 1; return value }\n}\nlet double = { (n: Int) in n * 2 }\nlet counter = Counter()\nprint(double(await counter.next()))",
        "2",
        "let greeting = \"<안녕> & bye\"\nprint(greeting)\nprint(greeting.count)",
        "<안녕> & bye\n10",
    ]

    /// The text of each `<code>` element of `html`: its tags stripped, its entities read.
    static func codeTexts(_ html: String) -> [String] {
        html.components(separatedBy: "<code").dropFirst().compactMap { piece -> String? in
            guard let open = piece.firstIndex(of: ">"), let end = piece.range(of: "</code>") else { return nil }
            var text = String(piece[piece.index(after: open)..<end.lowerBound])
            text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
            {
                text = text.replacingOccurrences(of: entity, with: character)
            }
            return text.hasSuffix("\n") ? String(text.dropLast()) : text
        }
    }

    @Test func everyCodeElementsTextIsItsBlocksCode() throws {
        let fence = ["```swift", "```output", "```swift", "```output"]
        let page = "# Cards\n\n" + zip(fence, Self.blocks).map { "\($0)\n\($1)\n```\n\n" }.joined()
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# Book\n\n- [Cards](a.md)\n", "content/a.md": page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = try Subprocess.run(
            TestSupport.executable,
            ["build", "--content", root + "/content", "--output", root + "/site", "--cache-dir", root + "/cache"],
            timeout: 600, cancellation: .process)
        #expect(result.succeeded, "\(result.stderrText)")
        let built = try #require(TestSupport.read(root + "/site/a.html"))
        // The cards are there, with the declarations SourceKit gave: so a leak would show.
        #expect(built.contains("class=\"hover\" tabindex=\"0\""), "no hover cards: \(built)")
        #expect(built.contains("let counter: Counter"), "\(built)")
        #expect(built.contains("let double: (_ n: Int) -&gt; Int"), "\(built)")
        #expect(Self.codeTexts(built) == Self.blocks, "\(Self.codeTexts(built))")
        let print = try #require(TestSupport.read(root + "/site/print.html"))
        #expect(Self.codeTexts(print) == Self.blocks, "the print page: \(Self.codeTexts(print))")
        // Nor in the search index, nor in any other file the site has for its text.
        let files = try #require(FileManager.default.subpaths(atPath: root + "/site"))
        for file in files where !file.hasSuffix(".html") && !file.hasSuffix(".css") {
            guard let text = TestSupport.read(root + "/site/" + file) else { continue }
            #expect(!text.contains("let counter: Counter"), "a card's text in \(file)")
            #expect(!text.contains("let greeting: String"), "a card's text in \(file)")
        }
    }
}
