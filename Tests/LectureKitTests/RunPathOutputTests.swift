import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Attack 10 #46: a sample that prints a path of its own run (its program, its working folder,
/// HOME, TMPDIR: each in a temporary folder made for the run) fails with an error naming the
/// path and the fix, neither passing the two-run rule by luck (both runs share the program's
/// folder) nor blamed on a Set's order, and `--bless` never writes it into the page.
@Suite(.serialized) struct RunPathOutputTests {
    @Test func pathsInLecturesTemporaryFoldersAreFound() {
        #expect(
            RunPathOutput.firstPath(in: "at /work/tmp//lecture-sample.dYJJTR/sample\n")
                == "/work/tmp//lecture-sample.dYJJTR/sample")
        #expect(RunPathOutput.firstPath(in: "cwd=\"/tmp/lecture-run.Ab3dE9\"") == "/tmp/lecture-run.Ab3dE9")
        #expect(RunPathOutput.firstPath(in: "/tmp/lecture-run.Ab3dE9/home/") == "/tmp/lecture-run.Ab3dE9/home/")
        for harmless in [
            "lecture-sample.dYJJTR", "/notes/lecture-notes.md", "/a/lecture-run.short", "/a/lecture-.abcdef",
            "/a/lecture-Run.abcdef", "plain output",
        ] {
            #expect(RunPathOutput.firstPath(in: harmless) == nil, "\(harmless)")
        }
    }

    func verify(_ markdown: String) throws -> [SampleResult] {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        return stage.verifier.verify(
            SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples)
    }

    /// Each way a sample learns a path of its run: every one an error naming the path.
    @Test(arguments: [
        "print(CommandLine.arguments[0])", "print(FileManager.default.currentDirectoryPath)",
        "print(ProcessInfo.processInfo.environment[\"HOME\"] ?? \"\")", "print(NSTemporaryDirectory())",
        "print(\"run in \\(FileManager.default.currentDirectoryPath)/data.txt\")",
    ])
    func aSamplePrintingItsRunPathFailsNamingIt(_ statement: String) throws {
        let markdown = "# P\n\n```swift\nimport Foundation\n\(statement)\n```\n\n```output\nx\n```\n"
        let results = try verify(markdown)
        #expect(results[0].outcome == .failed)
        let errors = results[0].diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.summary.hasPrefix("sample printed a path of its own run ('/"), "\(error)")
        #expect(error.summary.contains("/lecture-"), "\(error)")
        #expect(error.notes.contains { $0.contains("lastPathComponent") })
        #expect(!error.notes.contains { $0.contains("sort a Set") })
    }

    /// `lecture check --bless` leaves the page as it was and says why.
    @Test func blessDoesNotWriteARunPath() throws {
        let page = "# P\n\n```swift\nprint(CommandLine.arguments[0])\n```\n\n```output\nx\n```\n"
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# B\n\n- [P](p.md)\n", "content/p.md": page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = BlessAndIncludeReportTests().check(["--no-cache", "--bless", "--content", root + "/content"])
        #expect(result.status == 1, "\(result.lines)")
        #expect(
            result.lines.contains { $0.contains("p.md:3:1: error: sample printed a path of its own run") },
            "\(result.lines)")
        #expect(try FileSystem.read(root + "/content/p.md") == Array(page.utf8), "left as it was")
    }
}
