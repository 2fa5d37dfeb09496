import Foundation
import Testing

@testable import LectureKit

/// Attack 22 F5: a continued page's part marker was a fixed string, so a fence that printed it
/// showed the next fence's expected output as the next fence's, and the page passed though the
/// next fence printed something else. The marker now holds a nonce drawn per run, and a run whose
/// output holds more markers than the program prints (one that read the nonce from its own
/// binary) fails. Real swiftc, `lecture check` on a book in a temporary folder.
@Suite(.serialized) struct ContinuedPartMarkerBadInputTests {
    /// Fence 2 prints 41 under a block saying 42; `first` is fence 1, which prints a marker.
    static func page(_ first: String) -> String {
        "# A\n\n```swift\nfunc answer() -> Int { 41 }\n\(first)\n```\n\n```output\nready\n```\n\n"
            + "```swift\nprint(answer())\n```\n\n```output\n42\n```\n"
    }

    /// The attack's fence: the marker as it was.
    static let fixedMarker =
        "let rs = \"\\u{1E}\"\nprint(\"ready\" + \"\\n\" + rs + \"lecture-part\" + rs + \"\\n\" + \"42\")"

    /// A fence that finds this run's marker in its own binary and prints it.
    static let markerFromTheBinary = """
        import Foundation
        let binary = [UInt8](FileManager.default.contents(atPath: "/proc/self/exe") ?? Data())
        let word = Array("lecture-part".utf8) + [UInt8(ascii: "-")]
        let isHex = { (byte: UInt8) in (48...57).contains(byte) || (97...102).contains(byte) }
        var marker = ""
        for start in 1..<max(1, binary.count - word.count - 33) where binary[start - 1] == 0x1E {
            let end = start + word.count
            if Array(binary[start..<end]) == word, binary[end..<end + 32].allSatisfy(isHex), binary[end + 32] == 0x1E {
                marker = "\\u{1E}" + String(decoding: binary[start..<end + 33], as: UTF8.self)
                break
            }
        }
        print("ready\\n" + marker + "\\n42")
        """

    @Test func theFixedMarkerIsPlainOutputNow() throws {
        let (status, lines, _) = try ContinuedPageTests.check(Self.page(Self.fixedMarker))
        #expect(status != 0, "\(lines)")
        #expect(lines.contains { $0.contains("error: output does not match the expected output") }, "\(lines)")
        #expect(!lines.contains { $0.contains("1 passed") }, "\(lines)")
    }

    @Test func aMarkerReadFromTheProgramItselfFailsTheRun() throws {
        let (status, lines, _) = try ContinuedPageTests.check(Self.page(Self.markerFromTheBinary))
        #expect(status != 0, "\(lines)")
        #expect(
            lines.contains {
                $0.contains("error: the program printed lecture's part marker itself (2 markers, 1 expected)")
            },
            "\(lines)")
    }

    /// The nonce is this process's, and what the cache keeps is the same in every run.
    @Test func theMarkerHoldsTheRunsNonceAndTheCacheKeepsAFixedOne() {
        #expect(Sample.partNonce.count == 32)
        #expect(Sample.partMarker == "\u{1E}lecture-part-\(Sample.partNonce)\u{1E}\n")
        let output = "a\n" + Sample.partMarker + "b\n"
        #expect(Sample.storedOutput(output) == "a\n\u{1E}lecture-part\u{1E}\nb\n")
        #expect(Sample.runOutput(Sample.storedOutput(output)) == output)
    }
}
