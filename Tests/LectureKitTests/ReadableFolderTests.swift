import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every folder `book.toml` names for the book to read follows one rule
/// (`ReadableFolder`): `/`, the home folder or a folder holding one is an error at the key's line,
/// and nothing of the home folder is published; a folder outside the book's folder (no repository
/// here) is a warning. The book lies in the scratch home (`ContainedRun`), as a clone in `~` does.
@Suite struct ReadableFolderTests {
    /// A book.toml table (its key on line 4 of the book.toml `ContainedRun.makeBook` writes, or 3
    /// without a table) and what the error says.
    static let refused: [(toml: String, says: String)] = [
        ("[lecture]\ninclude-from = [\"/\"]", "'lecture.include-from' folder '/' is the root folder"),
        ("[lecture]\ninclude-from = [\"../..\"]", "'lecture.include-from' folder '../..' is the root folder"),
        ("[lecture]\ninclude-from = [\"..\"]", "'lecture.include-from' folder '..' is the home folder"),
        ("[lecture.samples]\nlibraries = [\"..\"]", "'lecture.samples.libraries' folder '..' is the home folder"),
        ("[lecture]\ntemplates = \"..\"", "'lecture.templates' folder '..' is the home folder"),
        // On line 3: `[book]` is makeBook's.
        ("src = \"..\"", "'book.src' folder '..' is the home folder"),
        // A folder inside a dot-folder or a system folder, outside the book
        // (`include-from = ["../.ssh"]` published `~/.ssh/id_rsa` after a warning).
        ("[lecture]\ninclude-from = [\"../.ssh\"]", "'lecture.include-from' folder '../.ssh' is inside a dot-folder"),
        (
            "[lecture]\ninclude-from = [\"/etc\"]",
            "'lecture.include-from' folder '/etc' is inside a system folder ('/etc')"
        ),
        (
            "[lecture]\ninclude-from = [\"../.config/app\"]",
            "'lecture.include-from' folder '../.config/app' is inside a dot-folder"
        ),
        (
            "[lecture.samples]\nlibraries = [\"../.ssh\"]",
            "'lecture.samples.libraries' folder '../.ssh' is inside a dot-folder"
        ),
        ("[lecture]\ntemplates = \"/proc/self\"", "'lecture.templates' folder '/proc/self' is inside a system folder"),
    ]

    @Test(arguments: refused.indices) func aFolderThatIsOrHoldsHomeIsAnErrorAtItsLine(_ index: Int) throws {
        let (toml, says) = Self.refused[index]
        let run = try ContainedRun()
        let book = try run.makeBook(toml, at: "home/book")
        try TestSupport.write(Array("SSHKEY-SECRET-F4\n".utf8), to: run.scratch + "/home/.ssh/id_rsa")
        try TestSupport.write(Array("public let shared = 1\n".utf8), to: run.scratch + "/home/Shared.swift")
        try TestSupport.write(Array("public let shared = 1\n".utf8), to: run.scratch + "/home/.ssh/Shared.swift")
        try TestSupport.write(Array("x\n".utf8), to: run.scratch + "/home/.config/app/x.txt")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../.ssh/id_rsa}}\n```\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build", run.home + "/book"], in: "work")
        #expect(result.termination == .exited(1) || result.termination == .exited(2), "\(result.stderrText)")
        #expect(result.stderrText.contains("book.toml:\(toml.hasPrefix("[") ? 4 : 3):"), "\(result.stderrText)")
        #expect(result.stderrText.contains("error: " + says), "\(result.stderrText)")
        #expect(!result.stderrText.contains("SSHKEY-SECRET-F4"))
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// `build-dir` inside a dot-folder or a system folder, outside the book, is
    /// an error at its line and nothing is written (`~/.config/autostart` got the book's
    /// `evil.desktop`, which a desktop session runs at login); `--output` there is the person's own.
    @Test func aSiteInsideADotFolderIsRefused() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[build]\nbuild-dir = \"../.config/autostart\"", at: "home/book")
        try TestSupport.write(Array("[Desktop Entry]\nExec=true\n".utf8), to: book + "/src/evil.desktop")
        let result = try run.lecture(["build", run.home + "/book"], in: "work")
        #expect(result.termination == .exited(1) || result.termination == .exited(2), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("book.toml:4:") && result.stderrText.contains("error: 'build.build-dir' folder"),
            "\(result.stderrText)")
        #expect(!FileSystem.exists(run.scratch + "/home/.config/autostart"))
    }

    /// The same rule for a system folder, judged by the rule alone: the mount namespace binds only
    /// the home folder, so no test runs `lecture` against the machine's own folders.
    @Test func aSiteInsideASystemFolderIsRefusedByTheRule() throws {
        let book = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(book) }
        let problem = ReadableFolder.outputProblem(
            "/etc/lecture-site", bookDirectory: book, bookTOML: book + "/book.toml", location: nil)
        #expect(
            problem?.summary.contains("is inside a system folder ('/etc')") == true, "\(String(describing: problem))")
        #expect(
            ReadableFolder.outputProblem("book", bookDirectory: book, bookTOML: book + "/book.toml", location: nil)
                == nil)
        // A sibling folder, as books that publish to ../docs do: built, with a warning naming
        // where the site goes when no repository holds both (attack 14, k25).
        let sibling = ReadableFolder.outputProblem(
            "../site", bookDirectory: book, bookTOML: book + "/book.toml", location: nil)
        #expect(sibling?.severity == .warning, "\(String(describing: sibling))")
        try FileSystem.makeDirectories(book + "/.git")
        #expect(
            ReadableFolder.outputProblem(
                "../site", bookDirectory: book + "/docs", bookTOML: book + "/book.toml", location: nil)
                == nil, "inside the repository")
    }

    /// A folder outside the book's folder (and no repository holds the book) is read, with a
    /// warning at its line.
    @Test func aFolderOutsideTheBookIsAWarning() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture]\ninclude-from = [\"../examples\"]")
        try TestSupport.write(Array("let answer = 42\n".utf8), to: run.scratch + "/work/examples/answer.swift")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../examples/answer.swift}}\n```\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        let warning = result.stderrText.split(separator: "\n").first { $0.contains("warning: 'lecture.include-from'") }
        #expect(warning?.hasPrefix("book.toml:4:") == true, "\(result.stderrText)")
        #expect(warning?.contains("folder '../examples' is outside the book's folder") == true, "\(result.stderrText)")
        #expect(TestSupport.read(book + "/book/intro.html")?.contains("let answer = 42") == true)
    }

    /// A dot-folder that holds the book too is no private folder of the machine: a book kept in
    /// `~/.local/share/book` may read `../examples` (a warning, as any folder outside it).
    @Test func aDotFolderHoldingTheBookTooIsNotRefused() {
        #expect(
            ReadableFolder.privateFolder(holding: "/h/.local/share/examples", besides: "/h/.local/share/book") == nil)
        #expect(ReadableFolder.privateFolder(holding: "/h/.ssh", besides: "/h/.local/share/book")?.path == "/h/.ssh")
        #expect(
            ReadableFolder.privateFolder(holding: "/h/.local/x/.git", besides: "/h/.local/book")?.path
                == "/h/.local/x/.git")
    }

    /// Folders inside the repository holding the book are no warning.
    @Test func aFolderInsideTheRepositoryIsNoWarning() {
        let root = TestSupport.repositoryRoot
        for folder in ["Tests/LectureKitTests/Fixtures/swiftbook/src", "site-templates", "Sources/lecture/Manual/src"] {
            #expect(
                ReadableFolder.problem(folder, key: "k", bookDirectory: root, bookTOML: "book.toml", location: nil)
                    == nil)
        }
        #expect(ReadableFolder.repository(holding: CanonicalPath.of(root)) != nil)
    }
}
