import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `lecture serve` does not read every copied file again on each rebuild to look for secrets
/// (issue 34): each file's scan is kept under its `stat` signature, as `Load` keeps pages, and
/// only a file whose signature changed is read again.
@Suite struct AssetSecretScanReuseTests {
    static let key = "key = " + "AKIA" + "Q3EGRIXUOQ5ZKJ7M\n"

    @Test func onlyChangedFilesAreReadAgain() throws {
        let root = try TestSupport.makeTree(["a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let assets = ["a.txt", "b.txt", "c.txt"]
        let first = PublishedSecrets.inAssets(assets, contentDirectory: root, budget: DecompressionBudget())
        #expect(first.read == 3 && first.problems.isEmpty && first.scans.count == 3)
        let again = PublishedSecrets.inAssets(
            assets, contentDirectory: root, earlier: first.scans, budget: DecompressionBudget())
        #expect(again.read == 0 && again.problems.isEmpty)
        try FileSystem.writeAtomically(Self.key, to: root + "/b.txt")
        let changed = PublishedSecrets.inAssets(
            assets, contentDirectory: root, earlier: again.scans, budget: DecompressionBudget())
        #expect(changed.read == 1)
        #expect(changed.problems.map(\.path) == [root + "/b.txt"])
        // A known problem is reported again while the file is unchanged.
        let kept = PublishedSecrets.inAssets(
            assets, contentDirectory: root, earlier: changed.scans, budget: DecompressionBudget())
        #expect(kept.read == 0 && kept.problems.map(\.path) == [root + "/b.txt"])
    }

    @Test func aSessionKeepsTheScansFromOneBuildToTheNext() throws {
        let (root, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n", "notes.txt": "plain\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let memory = SessionMemory()
        func build() -> [String]? {
            let recorder = TestSupport.Recorder()
            do {
                try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
                return nil
            } catch {
                return recorder.lines
            }
        }
        #expect(build() == nil)
        let scanned = try #require(memory.assetScans["notes.txt"])
        #expect(scanned.signature == FileSignature(path: root + "/content/notes.txt"))
        #expect(build() == nil)
        #expect(memory.assetScans["notes.txt"]?.signature == scanned.signature)
        try FileSystem.writeAtomically(Self.key, to: root + "/content/notes.txt")
        let lines = try #require(build())
        #expect(
            lines.contains { $0.contains("notes.txt:1:7: error: an AWS access key id would be published") }, "\(lines)")
    }
}
