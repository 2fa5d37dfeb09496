import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Output is compared byte for byte: bytes that are not UTF-8 never match
/// U+FFFD in the output block, the diff shows them as `\xFF`, and `--bless` refuses to write them.
@Suite struct InvalidUTF8OutputTests {
    func check(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        BlessAndIncludeReportTests().check(["--no-cache"] + arguments)
    }

    static func page(printing bytes: [UInt8], block: String) -> String {
        let listed = bytes.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
        return "# P\n\n```swift\nimport Foundation\nFileHandle.standardOutput.write(Data([\(listed)]))\n```\n\n"
            + "```output\n\(block)\n```\n"
    }

    @Test func invalidBytesAreShownAsEscapes() {
        #expect(OutputComparison.notUTF8([0x61, 0xFF, 0xFE, 0x62, 0x0A]) == "a\\xFF\\xFEb\n")
        #expect(OutputComparison.notUTF8([0x63, 0xC3, 0x0A]) == "c\\xC3\n")
        #expect(OutputComparison.notUTF8([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
        #expect(OutputComparison.notUTF8(Array("é \u{FFFD} ok\n".utf8)) == nil)
    }

    @Test func invalidBytesDoNotMatchReplacementCharacters() throws {
        let page = Self.page(printing: [0x61, 0xFF, 0xFE, 0x62, 0x0A], block: "a\u{FFFD}\u{FFFD}b")
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# B\n\n- [P](p.md)\n", "content/p.md": page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = check(["--content", root + "/content"])
        #expect(result.status == 1, "\(result.lines)")
        let text = result.lines.joined(separator: "\n")
        #expect(text.contains("p.md:8:1: error: output is not valid UTF-8"), "\(text)")
        #expect(text.contains("+a\\xFF\\xFEb"), "\(text)")
    }

    @Test func blessRefusesToWriteInvalidBytes() throws {
        let page = Self.page(printing: [0x63, 0xC3, 0x0A], block: "x")
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# B\n\n- [P](p.md)\n", "content/p.md": page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = check(["--bless", "--content", root + "/content"])
        #expect(result.status == 1, "\(result.lines)")
        #expect(
            result.lines.contains { $0.contains("cannot bless: the sample printed bytes that are not valid UTF-8") },
            "\(result.lines)")
        #expect(try FileSystem.read(root + "/content/p.md") == Array(page.utf8), "left as it was")
    }
}
