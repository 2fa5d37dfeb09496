import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture init` where something stands in the way of the book's files (attack 13, kinds 43
/// and 42): a file named `src` made init write book.toml and .gitignore, then fail on
/// SUMMARY.md with Foundation's words, naming the wrong file; a second init was refused as "a
/// book already"; a symbolic link named `.gitignore` or `book.toml` that led nowhere was
/// replaced while the summary said "left as they were". Everything is now checked before
/// anything is written (all or nothing; mdBook 0.5.4 writes book.toml first too, and follows such a
/// link out of the folder), and the error names what is in the way with the fix.
@Suite struct InitBlockedBadInputTests {
    /// What stands in the way, made in the new book's folder, and the words of the refusal.
    static let blocked: [(name: String, make: @Sendable (String) -> Void, says: String)] = [
        (
            "src is a file", { _ = FileManager.default.createFile(atPath: $0 + "/src", contents: Data()) },
            "/src is a file, where 'lecture init' makes the folder 'src/' of the book's pages; nothing was written"
        ),
        ("src is a link to nothing", { _ = symlink("nowhere", $0 + "/src") }, "/src is a symbolic link to 'nowhere'"),
        (
            "book.toml is a folder", { _ = mkdir($0 + "/book.toml", 0o755) },
            "/book.toml is a folder, where 'lecture init' writes the file 'book.toml'; nothing was written"
        ),
        (
            "SUMMARY.md is a folder",
            {
                _ = mkdir($0 + "/src", 0o755)
                _ = mkdir($0 + "/src/SUMMARY.md", 0o755)
            },
            "/src/SUMMARY.md is a folder, where 'lecture init' writes the file 'src/SUMMARY.md'"
        ),
        (
            "book.toml is a link to nothing", { _ = symlink($0 + "-gone/.bt", $0 + "/book.toml") },
            "/book.toml is a symbolic link to '"
        ),
        (
            ".gitignore is a link to nothing", { _ = symlink($0 + "-gone/.created", $0 + "/.gitignore") },
            "/.gitignore is a symbolic link to '"
        ),
        (
            "a page is a link to nothing",
            {
                _ = mkdir($0 + "/src", 0o755)
                _ = symlink("gone", $0 + "/src/chapter_1.md")
            },
            "/src/chapter_1.md is a symbolic link to 'gone', which does not exist; 'lecture init' writes no file through a link, nor replaces it"
        ),
    ]

    @Test(arguments: blocked.indices) func whatStandsInTheWayIsRefusedBeforeAnythingIsWritten(_ index: Int) throws {
        let (name, make, says) = Self.blocked[index]
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        make(root)
        let before = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(["init", root], console: recorder.console)
        #expect(status == 2, "\(name): \(recorder.lines)")
        #expect(recorder.lines.contains { $0.contains(root + says) }, "\(name): \(recorder.lines)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root).sorted() == before, "\(name): nothing written")
        #expect(!FileSystem.exists(root + "-gone"), "no link followed")
        // A link is still a link.
        let links = [1: "src", 4: "book.toml", 5: ".gitignore", 6: "src/chapter_1.md"]
        if let link = links[index] {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + link)) != nil, "\(name)")
        }
    }

    /// Attack 15, c02: several links that lead nowhere are all named in one run, in one error.
    @Test func everyLinkThatLeadsNowhereIsNamedInOneRun() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkdir(root + "/src", 0o755) == 0)
        for (link, target) in [
            ("book.toml", "gone-toml"), ("src/SUMMARY.md", "gone-summary"), ("src/chapter_1.md", "gone-page"),
            (".gitignore", "gone-ignore"),
        ] {
            #expect(symlink(target, root + "/" + link) == 0)
        }
        let recorder = TestSupport.Recorder()
        #expect(LectureCommand.main(["init", root], console: recorder.console) == 2, "\(recorder.lines)")
        let errors = recorder.lines.filter { $0.contains("error:") }
        #expect(errors.count == 1, "\(recorder.lines)")
        for target in ["gone-toml", "gone-summary", "gone-page", "gone-ignore"] {
            #expect(errors.first?.contains("is a symbolic link to '\(target)'") == true, "\(target): \(recorder.lines)")
        }
        #expect(errors.first?.contains("none of which exists") == true, "\(recorder.lines)")
    }

    /// A pages' folder on a read-only mount (root writes through mode bits, not through this):
    /// refused before book.toml is written, contained.
    @Test func aReadOnlyPagesFolderIsRefusedBeforeAnythingIsWritten() throws {
        let run = try ContainedRun()
        try FileSystem.makeDirectories(run.scratch + "/work/ro/src")
        let result = try run.command(
            "/bin/sh",
            ["-c", "mount -t tmpfs -o ro contained src && exec \"$0\" init .", TestSupport.executable],
            in: "work/ro")
        #expect(result.termination == .exited(2), "\(result.stdoutText)\(result.stderrText)")
        #expect(
            result.stderrText.contains("src cannot be written (Read-only file system), where 'lecture init' writes"),
            "\(result.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.scratch + "/work/ro") == ["src"])
    }
}
