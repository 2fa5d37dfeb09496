import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 19, F11: the home folder kept under git for its dotfiles (`~/.git`) made every plain
/// folder of it the repository of a book downloaded to `~/Downloads/book`: `src -> ../../sibling`
/// was followed, `include-from = ["../../Documents"]` and `build-dir = "../../public_html"` were
/// used without a word. A repository whose top is a home folder or `/` (or holds one) is no
/// book's (`ReadableFolder.repository(holding:)`): the book's folder bounds it, as with no `.git`.
/// Contained (`ContainedRun`): the scratch home, with its `.git`, is bound over the home folder.
struct HomeRepositoryBadInputTests {
    /// The scratch home with a `.git` and the folders a downloaded book reaches for.
    static func dotfilesHome(_ run: ContainedRun) throws {
        try FileSystem.makeDirectories(run.scratch + "/home/.git")
        try TestSupport.write(Array("SIBLING-SECRET-f00dcafe\n".utf8), to: run.scratch + "/home/sibling/notes.txt")
        try TestSupport.write(Array("- [A](a.md)\n".utf8), to: run.scratch + "/home/sibling/SUMMARY.md")
        try TestSupport.write(Array("# A\n\n[n](notes.txt)\n".utf8), to: run.scratch + "/home/sibling/a.md")
        try TestSupport.write(Array("PRIVATE-DOC-TAXES-2026\n".utf8), to: run.scratch + "/home/Documents/taxes.txt")
    }

    /// The book's `src`, a link it carries to `~/sibling`, is refused as without `~/.git`, and
    /// nothing of the sibling folder is published.
    @Test func aSourceLinkIntoTheHomeFolderIsRefusedWhenTheHomeIsARepository() throws {
        let run = try ContainedRun()
        try Self.dotfilesHome(run)
        let book = try run.makeBook(at: "home/Downloads/book")
        try FileManager.default.removeItem(atPath: book + "/src")
        #expect(symlink("../../sibling", book + "/src") == 0)
        let result = try run.lecture(["build", run.home + "/Downloads/book"], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(!result.succeeded, "\(text)")
        #expect(text.contains("leads out of the book's folder"), "\(text)")
        #expect(!FileSystem.exists(book + "/book/notes.txt"), "\(text)")
    }

    /// `include-from` and `build-dir` outside the downloaded book are warned at their lines, as
    /// outside the book's folder, not taken in silence as the dotfiles repository's.
    @Test func foldersOutsideTheBookAreWarnedWhenTheHomeIsARepository() throws {
        let run = try ContainedRun()
        try Self.dotfilesHome(run)
        let book = try run.makeBook(
            "[lecture]\ninclude-from = [\"../../Documents\"]\n[build]\nbuild-dir = \"../../public_html\"",
            at: "home/Downloads/book")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../../Documents/taxes.txt}}\n```\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build", run.home + "/Downloads/book"], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(text.contains("book.toml:4:"), "\(text)")
        #expect(
            text.contains("'lecture.include-from' folder '../../Documents' is outside the book's folder"), "\(text)")
        #expect(text.contains("'build.build-dir' folder '../../public_html'"), "\(text)")
    }

    /// A repository that is not the home folder is still the book's when it tracks the book: its
    /// folders are no warning. One that does not is not (attack 20, F4,
    /// `ForeignRepositoryBadInputTests`); nor is one that tracks a file beside the book only.
    @Test func aRepositoryBelowTheHomeFolderIsStillTheBooks() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let repository = CanonicalPath.of(scratch) + "/repo"
        for path in [
            "book/book.toml", "other/book.toml", "bare/src/SUMMARY.md", "plain/src/SUMMARY.md", "docs/README.md",
        ] {
            try FileSystem.writeAtomically("x\n", to: repository + "/" + path)
        }
        try FileSystem.writeAtomically("x\n", to: repository + "/docs/dl/book.toml")
        try GitRepositoryFixture.make(
            repository, tracking: ["book/book.toml", "bare/src/SUMMARY.md", "docs/README.md"])
        #expect(ReadableFolder.repository(holding: repository + "/book") == repository)
        #expect(ReadableFolder.repository(holding: repository + "/bare") == repository, "no book.toml: a file inside")
        #expect(ReadableFolder.repository(holding: repository) == repository, "the top")
        #expect(ReadableFolder.repository(holding: repository + "/other") == nil)
        #expect(ReadableFolder.repository(holding: repository + "/plain") == nil)
        #expect(ReadableFolder.repository(holding: repository + "/docs/dl") == nil, "a tracked folder around it")
        #expect(ReadableFolder.enclosingRepository(of: repository + "/docs/dl") == repository)
    }
}
