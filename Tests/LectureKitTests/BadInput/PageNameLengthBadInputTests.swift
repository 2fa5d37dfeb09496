import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A page whose `.md` name fits the file system (255 bytes) but whose `.html` does
/// not (two bytes more) built everything and then failed to write, `cannot write file: File name
/// too long`, at the site's path in the step 'Write', with no line to edit. Now each such page
/// is an error at its summary line before anything is built, in ASCII and in Hangul (3 bytes a
/// syllable: 84 of them make a 255-byte `.md`), in a subfolder too; a name whose `.html` is
/// exactly 255 bytes builds.
struct PageNameLengthBadInputTests {
    @Test func aPageWhoseOutputNameIsTooLongIsAnErrorAtItsSummaryLine() throws {
        let ascii = String(repeating: "a", count: 252)  // .md 255 bytes, .html 257
        let hangul = String(repeating: "가", count: 84)  // 252 bytes
        let nested = "sub/" + String(repeating: "b", count: 251)  // .html 256
        let fits = String(repeating: "c", count: 250)  // .html 255
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": """
            # Summary

            - [Fits](\(fits).md)
            - [ASCII](\(ascii).md)
            - [Hangul](\(hangul).md)
            - [Nested](\(nested).md)

            """,
            "\(fits).md": "# Fits\n", "\(ascii).md": "# ASCII\n", "\(hangul).md": "# Hangul\n",
            "\(nested).md": "# Nested\n",
        ])
        #expect(failed)
        let summary = root + "/content/SUMMARY.md"
        for (line, name, bytes) in [(4, ascii, 257), (5, hangul, 257), (6, nested, 256)] {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "\(summary):\(line):3: error: page '\(name).md' would be written to a file whose name is \(bytes) bytes long"
                    )
                }, "line \(line): \(lines)")
        }
        #expect(!lines.contains { $0.contains("\(fits).md' would be written") }, "\(lines)")
        #expect(!lines.contains { $0.contains("File name too long") }, "\(lines)")
        #expect(!FileSystem.exists(root + "/_site"))
    }
}
