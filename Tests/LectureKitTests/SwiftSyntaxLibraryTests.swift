import Foundation
import Testing

@testable import LectureSupport
@testable import SwiftAnalysis

/// The program loads swift-syntax (`LectureSwiftSyntax`, `SwiftSyntaxLibrary`) only for a book
/// with Swift to read: a copy of `lecture` alone in a folder, without the library beside it,
/// builds a book without Swift, and stops on a book with a Swift sample (verified, so highlighted)
/// naming the path it tried; the program beside its library highlights the same sample.
@Suite struct SwiftSyntaxLibraryTests {
    static let plain = [
        "SUMMARY.md": "# Summary\n\n- [Page](page.md)\n", "page.md": "# Page\n\n```rust\nfn main() {}\n```\n",
    ]
    static let swift = [
        "SUMMARY.md": "# Summary\n\n- [Page](page.md)\n",
        "page.md": "# Page\n\n```swift\nlet x = 1\nprint(x)\n```\n\n```output\n1\n```\n",
    ]

    func build(_ program: String, _ files: [String: String]) throws -> (Subprocess.Result, String) {
        let book = try TestSupport.makeTree(
            Dictionary(uniqueKeysWithValues: files.map { ("src/" + $0.key, $0.value) }).merging([
                "book.toml": "[book]\ntitle = \"T\"\n\n[lecture.samples]\nverify = true\n"
            ]) { a, _ in a })
        let output = book + "/site"
        let result = try Subprocess.run(
            program, ["build", book, "--output", output, "--cache-dir", book + "/cache"],
            timeout: 300,
            cancellation: .process)
        return (result, output)
    }

    @Test func aBookWithoutSwiftNeverLoadsTheLibraryAndOneWithSwiftNamesItsPath() throws {
        let alone = try TestSupport.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TestSupport.executable, toPath: alone + "/lecture")
        let (plain, _) = try build(alone + "/lecture", Self.plain)
        #expect(plain.termination == .exited(0), "\(plain.stderrText)")
        let (swift, _) = try build(alone + "/lecture", Self.swift)
        #expect(swift.termination != .exited(0))
        #expect(
            swift.stderrText.contains("cannot load \(CanonicalPath.of(alone))/\(SwiftSyntaxLibrary.fileName)"),
            "\(swift.stderrText)")
        let (beside, output) = try build(TestSupport.executable, Self.swift)
        #expect(beside.termination == .exited(0), "\(beside.stderrText)")
        let page = try String(contentsOfFile: output + "/page.html", encoding: .utf8)
        #expect(page.contains("hl-keyword"))
    }
}
