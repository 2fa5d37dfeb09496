import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `{{#include}}` reads regular files of the book and nothing else (`IncludeScope`): every way
/// out of it — climbing to `/proc`, a link to the home folder, `~`, a folder, a named pipe, a
/// kernel file through `include-from` — is an error at the directive, and what lies out there
/// reaches neither a page nor the search index. Each build runs in a private mount namespace
/// with a scratch home (`ContainedRun`), and the tree is unchanged but for the cache.
@Suite(.serialized) struct IncludeContainmentTests {
    static let secret = "LECTURE-TEST-SECRET-7f3a"

    /// `/proc/self/environ` from the book's folder wherever the tests' TMPDIR lies: more `..`
    /// than any path has folders (a deep TMPDIR once left eight of them short of `/`).
    static let procFromAnywhere = String(repeating: "../", count: 64) + "proc/self/environ"

    /// A directive and the words its error must say.
    static let refused: [(directive: String, says: String)] = [
        ("../../../kernel/environ", "lies outside the book's folder"),
        ("to-home-key.txt", "lies outside the book's folder"),
        ("~/.ssh/authorized_keys", "'~' is not expanded"),
        ("../listings", "is a folder"),
        ("pipe", "not a regular file"),
        // `include-from = ["/proc"]` is refused at book.toml's line first (a system folder).
        (
            procFromAnywhere,
            "'/proc' is inside a system folder ('/proc'), which a book may not read"
        ),
        ("missing.rs", "does not exist"),
        (procFromAnywhere, "lies outside the book's folder"),
        // An absolute path said "does not exist" of a file that exists (attack 12): it is refused
        // as an absolute path outside the book; a shell's `$HOME` and a URL for what they are.
        ("/etc/hostname", "names '/etc/hostname', an absolute path outside the book's folder"),
        ("/proc/self/environ", "an absolute path outside the book's folder"),
        ("$HOME/.ssh/authorized_keys", "'$HOME' is not expanded"),
        ("file:///etc/hostname", "names 'file:///etc/hostname', a URL; includes read files of the book"),
    ]

    @Test(arguments: refused.indices) func anIncludeOutsideTheBookIsAnErrorAtItsLine(_ index: Int) throws {
        let (directive, says) = Self.refused[index]
        let run = try ContainedRun()
        let book = try run.makeBook(
            "[lecture]\ninclude-from = [\"\(index == 5 ? "/proc" : "../../elsewhere")\"]\n")
        try TestSupport.write(Array("# Intro\n\nText.\n\n{{#include \(directive)}}\n".utf8), to: book + "/src/intro.md")
        try TestSupport.write(Array("fn main() {}\n".utf8), to: book + "/listings/main.rs")
        #expect(mkfifo(book + "/src/pipe", 0o644) == 0)
        #expect(symlink(run.home + "/.ssh/authorized_keys", book + "/src/to-home-key.txt") == 0)
        try FileSystem.makeDirectories(run.scratch + "/kernel")
        #expect(symlink("/proc/self/environ", run.scratch + "/kernel/environ") == 0)
        let before = run.digest()
        let result = try run.lecture(["build"], in: "work/book", environment: ["LECTURE_TEST_SECRET": Self.secret])
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        let located =
            index == 5 ? "book.toml:4:17: error: 'lecture.include-from'" : "src/intro.md:5:1: error: {{#include}} names"
        #expect(result.stderrText.contains(located), "\(result.stderrText)")
        #expect(result.stderrText.contains(says), "\(result.stderrText)")
        #expect(!result.stderrText.contains(Self.secret))
        #expect(!result.stderrText.contains("ssh-ed25519"))
        #expect(run.digest() == before)
    }

    /// An absolute path inside the book is read, as mdBook reads it.
    @Test func anAbsolutePathInsideTheBookIsRead() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("")
        try TestSupport.write(Array("let answer = 42\n".utf8), to: book + "/listings/answer.swift")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include \(book)/listings/answer.swift}}\n```\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(TestSupport.read(book + "/book/intro.html")?.contains("let answer = 42") == true)
    }

    /// A folder outside the book that `include-from` lists is read, and its file reaches the page.
    @Test func aFolderListedInIncludeFromIsRead() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture]\ninclude-from = [\"../examples\"]\n")
        try TestSupport.write(Array("let answer = 42\n".utf8), to: run.scratch + "/work/examples/answer.swift")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../examples/answer.swift}}\n```\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(TestSupport.read(book + "/book/intro.html")?.contains("let answer = 42") == true)
    }
}
