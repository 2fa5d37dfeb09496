import Foundation
import Testing

/// The manual is English: an English book's author reads its examples as what their own book
/// shows (`Output · verified`, `· inferred type`). Korean text stands in one labelled place only,
/// the example of a Korean book where the interface languages are explained (templates.md,
/// between the `korean-book-example` comments).
@Suite struct ManualLanguageTests {
    static let manual = TestSupport.repositoryRoot + "/Sources/lecture/Manual"
    static let start = "<!-- korean-book-example:"
    static let end = "<!-- end of korean-book-example -->"

    /// Hangul syllables and jamo (U+1100–11FF, U+3130–318F, U+A960–A97F, U+AC00–D7FF).
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF].contains { $0.contains(scalar.value) }
    }

    @Test func theManualHasNoHangulOutsideTheLabelledKoreanExample() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.manual + "/src").filter {
            $0.hasSuffix(".md")
        }
        #expect(pages.count > 20, "\(pages)")
        var labelled = 0
        var found: [String] = []
        for file in ["book.toml"] + pages.sorted().map({ "src/" + $0 }) {
            let text = try String(contentsOfFile: Self.manual + "/" + file, encoding: .utf8)
            var inExample = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix(Self.start) {
                    #expect(file == "src/templates.md", "the Korean example belongs to the interface languages")
                    labelled += 1
                    inExample = true
                } else if line.hasPrefix(Self.end) {
                    inExample = false
                } else if !inExample, line.unicodeScalars.contains(where: Self.isHangul) {
                    found.append("\(file):\(number + 1): \(line)")
                }
            }
            #expect(!inExample, "\(file): the Korean example is never closed")
        }
        #expect(labelled == 1, "one labelled Korean example")
        #expect(found.isEmpty, "Hangul in the English manual:\n\(found.joined(separator: "\n"))")
    }
}
