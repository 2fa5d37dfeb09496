import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `[build] extra-watch-dirs` naming the output folder (attack 9, kind 23): `lecture serve`
/// watched the site it writes, so every build started the next, forever; `/` made it walk
/// `/proc`. The output folder, the cache, a folder inside either, `/`, a home folder and a
/// system folder are each a warning at the array's element and left out of the watch.
@Suite struct WatchedFolderBadInputTests {
    @Test func theSiteTheCacheAndTheMachinesFoldersAreNotWatchedAndWarnedAtTheirLines() throws {
        let entries = ["book", "book/css", "cache", "/", "/usr/share", "/tmp", "examples"]
        let toml =
            "[book]\ntitle = \"T\"\n[build]\nextra-watch-dirs = [\n"
            + entries.map { "  \"\($0)\",\n" }.joined() + "]\n"
        let root = try TestSupport.makeTree([
            "book.toml": toml, "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n", "examples/x.swift": "\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var options = try BuildCommand.options(["--cache-dir", root + "/cache"])
        options.directory = root
        var configuration = BuildConfiguration()
        let diagnostics = try BookLayout.configure(&configuration, options: options)
        let warnings = diagnostics.filter { $0.severity == .warning }.map(\.headline)
        #expect(warnings.count == entries.count - 1, "\(warnings)")
        for (index, entry) in entries.dropLast().enumerated() {
            #expect(
                warnings.contains {
                    $0.hasPrefix("\(root)/book.toml:\(5 + index):")
                        && $0.contains("'build.extra-watch-dirs' folder '\(entry)'")
                        && $0.hasSuffix("'lecture serve' does not watch it")
                }, "'\(entry)': \(warnings)")
        }
        #expect(warnings.contains { $0.contains("folder 'book' is the output folder") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("folder 'book/css' lies in the output folder") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("folder 'cache' is the cache folder") }, "\(warnings)")
        #expect(diagnostics.allSatisfy { !$0.notes.isEmpty })
        #expect(configuration.extraWatchDirectories.map { $0.hasSuffix("/examples") } == [true])
    }
}
