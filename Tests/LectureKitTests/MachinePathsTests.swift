import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// No built page publishes a path of the machine that built it (`MachinePaths`).
@Suite struct MachinePathsTests {
    @Test(arguments: [
        ("see /root/.ssh/id", true), ("/root", true), ("file:///root/x", true), ("\"/root\"", true),
        ("https://example.com/root/", false), ("/rooted/x", false), ("/root.d", false), ("x/root", false),
    ])
    func aPathCountsOnlyAsAWholePath(_ text: String, _ found: Bool) {
        #expect(MachinePaths.contains(Array(text.utf8), path: Array("/root".utf8)) == found)
    }

    @Test func aTemporaryFolderOfTheToolCountsByItsPrefix() {
        let text = Array("error at /tmp/lecture-sample.Ab12/main.swift:3".utf8)
        #expect(MachinePaths.contains(text, path: Array("/tmp/lecture-".utf8)))
        #expect(!MachinePaths.contains(Array("/tmp/other".utf8), path: Array("/tmp/lecture-".utf8)))
    }

    /// Attack 10 #46's sibling: the tool's temporary folders are made without a doubled `/`
    /// (`NSTemporaryDirectory()` ends in one), so the needle for them matches the paths they
    /// have; `$TMPDIR//lecture-sample.X` escaped it.
    @Test func theToolsTemporaryFoldersMatchTheirNeedle() throws {
        let made = try FileSystem.makeTemporaryDirectory(prefix: "lecture-sample")
        defer { FileSystem.removeTemporaryDirectory(made) }
        #expect(!made.contains("//"), "\(made)")
        let needle = try #require(
            MachinePaths.needles(bookDirectory: "/nonexistent-book", cacheDirectory: "/nonexistent-cache").first {
                $0.role == "a temporary folder of lecture's"
            })
        #expect(MachinePaths.contains(Array((made + "/sample").utf8), path: Array(needle.path.utf8)), "\(made)")
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let inSlashed = try FileSystem.makeTemporaryDirectory(prefix: "lecture-run", in: folder + "//")
        #expect(inSlashed.hasPrefix(folder + "/lecture-run."), "\(inSlashed)")
    }

    /// A page that would show the book's own folder fails the build at that page, and no site
    /// is written.
    @Test func aPageHoldingTheBooksFolderFailsTheBuild() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let canonical = CanonicalPath.of(book)
        try TestSupport.write(
            Array("# Intro\n\nBuilt in <code>\(canonical)/src</code>.\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "src/intro.md: error: 'intro.html' would publish '\(canonical)', the book's folder"),
            "\(result.stderrText)")
        // One leak, one error: the print page and the search index that copy it are named in
        // its note, not reported again.
        let errors = result.stderrText.split(separator: "\n").filter { $0.contains("would publish") }
        #expect(errors.count == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("'print.html'"), "\(result.stderrText)")
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// `CanonicalPath.lexical` takes `.` and `..` as written and resolves no link, where `of`
    /// resolves the part that exists.
    @Test func theLexicalPathResolvesNoLink() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let real = CanonicalPath.of(book)
        #expect(CanonicalPath.lexical(real + "/./src/../src/x.md") == real + "/src/x.md")
        #expect(CanonicalPath.lexical("/a/../../b") == "/b")
        symlink(real + "/src", real + "/pages")
        #expect(CanonicalPath.lexical(real + "/pages/x.md") == real + "/pages/x.md")
        #expect(CanonicalPath.of(real + "/pages/x.md") == real + "/src/x.md")
    }
}
