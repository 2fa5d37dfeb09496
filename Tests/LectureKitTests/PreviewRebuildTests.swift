import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// What makes `lecture serve`'s rebuilds fast (commit 9d199d3) changes nothing a reader sees:
/// unchanged copied files are hard-linked from the last site and changed ones copied again; an
/// unchanged page's samples and their problems come from the memory, an edited page's are read
/// again; the replaced site is removed in the background, and `SiteRemovals.finish` waits for it.
@Suite struct PreviewRebuildTests {
    /// Two pages (`b.md` with a sample) and a picture.
    func tree() throws -> (root: String, configuration: BuildConfiguration) {
        try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": "# A\n\n![그림](picture.svg)\n",
            "b.md": "# B\n\n```swift\nprint(\"하나\")\n```\n\n```output\n하나\n```\n",
            "picture.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
    }

    /// Runs the pipeline; the console's lines and whether it failed.
    func build(_ configuration: BuildConfiguration, _ memory: SessionMemory) -> (lines: [String], failed: Bool) {
        let recorder = TestSupport.Recorder()
        do {
            try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
            return (recorder.lines, false)
        } catch {
            return (recorder.lines, true)
        }
    }

    @Test func unchangedCopiedFilesAreLinkedAndChangedOnesCopiedAgain() throws {
        let (root, configuration) = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let memory = SessionMemory()
        #expect(!build(configuration, memory).failed)
        let first = try #require(TestSupport.inode(root + "/_site/picture.svg"))
        #expect(first != TestSupport.inode(root + "/content/picture.svg"), "a copy, never a link to the source")

        #expect(!build(configuration, memory).failed)
        #expect(
            TestSupport.inode(root + "/_site/picture.svg") == first, "the unchanged copy is linked from the last site")

        try FileSystem.writeAtomically(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\"/>\n", to: root + "/content/picture.svg")
        #expect(!build(configuration, memory).failed)
        #expect(TestSupport.inode(root + "/_site/picture.svg") != first)
        #expect(TestSupport.read(root + "/_site/picture.svg")?.contains("width=\"2\"") == true)
    }

    @Test func anUnchangedPagesSampleProblemsAreReportedOnEveryRebuild() throws {
        let (root, configuration) = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.writeAtomically("# A\n\n```output\n고아\n```\n", to: root + "/content/a.md")
        let memory = SessionMemory()
        let problem = "\(root)/content/a.md:3:1: error: output block does not follow a swift sample"
        for run in 1...2 {
            let (lines, failed) = build(configuration, memory)
            #expect(failed, "run \(run)")
            #expect(lines.contains { $0.hasPrefix(problem) }, "run \(run): \(lines)")
        }
    }

    @Test func anEditedPagesSamplesAreReadAgain() throws {
        let (root, configuration) = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let memory = SessionMemory()
        #expect(!build(configuration, memory).failed)
        try FileSystem.writeAtomically(
            "# B\n\n```swift\nprint(\"하나\")\n```\n\n```output\n둘\n```\n", to: root + "/content/b.md")
        let (lines, failed) = build(configuration, memory)
        #expect(failed)
        #expect(
            lines.contains { $0.hasPrefix("\(root)/content/b.md:") && $0.contains("error: output does not match") },
            "\(lines)")
    }

    @Test func theReplacedSiteIsRemovedInTheBackgroundAndWaitedFor() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var site = SiteFiles()
        let removals = SiteRemovals()
        for text in ["첫", "둘", "셋"] {
            site.generated["index.html"] = Array(text.utf8)
            try SiteWriter.write(site, to: OutputFolder(root + "/_site"), removingOldLater: removals)
        }
        removals.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["_site"], "an old site is left")
        #expect(TestSupport.read(root + "/_site/index.html") == "셋")
    }
}
