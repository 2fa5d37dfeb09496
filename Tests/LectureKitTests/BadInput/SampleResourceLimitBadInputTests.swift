import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample's program has a memory limit (and, contained, a process limit) of the book's
/// (it had the machine's, so one sample could take a CI machine's memory or
/// process table). The allocations stay small: the limit is set low (256 MiB) and the sample asks
/// for 1 GiB, which is refused before any of it is touched.
@Suite(.serialized) struct SampleResourceLimitBadInputTests {
    func verify(_ code: String, memoryMiB: Int = 256) throws -> SampleResult {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        stage.verifier.options.limits.memoryMiB = memoryMiB
        stage.verifier.options.limits.processes = 64
        let markdown = "```swift\n\(code)\n```\n\n```output\n```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        return try #require(stage.verifier.verify(found.samples).first)
    }

    @Test func theProgramSeesTheBooksLimits() throws {
        let result = try verify(
            """
            import Foundation
            let limits = try! String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
            for line in limits.split(separator: "\\n") where line.hasPrefix("Max address space") || line.hasPrefix("Max processes") {
                print(line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " "))
            }
            """)
        let printed = result.actualOutput ?? ""
        #expect(printed.contains("Max address space \(256 << 20) \(256 << 20) bytes"), "\(printed)")
        if SampleSandbox.unavailability == nil {
            #expect(printed.contains("Max processes 64 64 processes"), "\(printed)")
        }
    }

    @Test func anAllocationPastTheLimitFailsWithALocatedMessageNamingIt() throws {
        let result = try verify(
            "let bytes = UnsafeMutableRawPointer.allocate(byteCount: 1 << 30, alignment: 8)\nprint(bytes)")
        #expect(result.outcome == .failed)
        let error = try #require(result.diagnostics.first)
        #expect(
            error.headline == "page.md:1:1: error: sample ran out of memory: it may map at most 256 MiB", "\(error)")
        #expect(error.notes.contains { $0.contains("--memory-limit MiB (or LECTURE_MEMORY_LIMIT=MiB)") })
    }

    @Test func theLimitsAreReadFromBookTOML() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nmemory-limit = 512\nprocess-limit = 32\n",
            path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.sampleMemoryLimit == 512 && settings.sampleProcessLimit == 32)
        let (_, wrong) = BookSettingsLoader.parse(
            "[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nmemory-limit = 0\n",
            path: "book.toml")
        #expect(wrong.contains { $0.severity == .error }, "\(wrong)")
    }
}
