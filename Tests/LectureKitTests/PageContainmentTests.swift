import Foundation
import TestFolders
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Pages are read and created inside the book only: a summary entry whose path leads out of
/// the book through a symbolic link is an error at its line, and nothing outside is read,
/// created or published. Each case runs contained (`ContainedRun`).
@Suite struct PageContainmentTests {
    /// A summary line, the links the book holds (link → target, relative to the scratch tree),
    /// and what the error says.
    static let refused: [(entry: String, links: [String: String], says: String)] = [
        // create-missing through a linked folder: the file would be created outside.
        ("[Leak](docs/leak.md)", ["work/book/src/docs": "outside"], "would be created at"),
        // …and the folders it would make on the way.
        ("[Deep](docs/sub/dir/x.md)", ["work/book/src/docs": "outside"], "would be created at"),
        // …and a name the book chooses in the scratch home.
        ("[Profile](home/profile.md)", ["work/book/src/home": "home"], "would be created at"),
        // A dotfile name is refused before any path is followed (dotfiles are never published).
        ("[Profile](home/.bashrc)", ["work/book/src/home": "home"], "which is no part of the book"),
        // A page that is a link to a file outside the book.
        ("[Secret](secret.md)", ["work/book/src/secret.md": "outside/secret.md"], "outside the book's folder"),
        // A page that is a file of the kernel's, reached through a link.
        ("[Environment](env.md)", ["work/book/src/env.md": "/proc/self/environ"], "outside the book's folder"),
    ]

    @Test(arguments: refused.indices) func aPageOutsideTheBookIsNeitherReadNorCreated(_ index: Int) throws {
        let (entry, links, says) = Self.refused[index]
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- \(entry)\n".utf8), to: book + "/src/SUMMARY.md")
        try FileSystem.makeDirectories(run.scratch + "/outside")
        try TestSupport.write(Array("# Outside\n\nouter-secret-text\n".utf8), to: run.scratch + "/outside/secret.md")
        for (link, target) in links {
            let destination = target.hasPrefix("/") ? target : run.scratch + "/" + target
            #expect(symlink(destination, run.scratch + "/" + link) == 0)
        }
        let before = run.digest()
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(result.stderrText.contains("src/SUMMARY.md:4:3: error: summary link"), "\(result.stderrText)")
        #expect(result.stderrText.contains(says), "\(result.stderrText)")
        #expect(!result.stderrText.contains("outer-secret-text"))
        // Nothing was created anywhere: not outside, not in the scratch home, not in the book.
        #expect(run.digest() == before)
    }

    /// `lecture check` creates no page outside the book either (it runs the same loader).
    @Test func checkCreatesNothingOutside() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- [N](d/nologin)\n".utf8), to: book + "/src/SUMMARY.md")
        try FileSystem.makeDirectories(run.scratch + "/victim")
        #expect(symlink(run.scratch + "/victim", book + "/src/d") == 0)
        let result = try run.lecture(["check"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(!FileSystem.exists(run.scratch + "/victim/nologin"))
    }

    /// A link that stays inside the book is followed, as mdBook follows it: a shared page
    /// kept beside `src/` and a missing page created in a linked folder of the book.
    @Test func aLinkInsideTheBookIsFollowed() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Shared](shared.md)\n- [New](more/new.md)\n".utf8),
            to: book + "/src/SUMMARY.md")
        try TestSupport.write(Array("# Shared\n\nshared-text\n".utf8), to: book + "/shared/shared.md")
        try FileSystem.makeDirectories(book + "/src/extra")
        #expect(symlink(book + "/shared/shared.md", book + "/src/shared.md") == 0)
        #expect(symlink("extra", book + "/src/more") == 0)
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(TestSupport.read(book + "/book/shared.html")?.contains("shared-text") == true)
        #expect(FileSystem.exists(book + "/src/extra/new.md"))
    }

    /// Raw HTML that embeds a file of the building machine (`<iframe src="file:///etc/passwd">`,
    /// `<object data="file:…">`) fails the build at the page: a PDF made from it would publish
    /// the file. A `file:` link (`<a href>`) is only a link and stays allowed, as in mdBook.
    @Test func rawHTMLEmbeddingALocalFileFailsTheBuild() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(
            Array(
                """
                # Intro

                <iframe src="file:///etc/passwd"></iframe>
                <object data="FILE:///etc/hostname"></object>

                [a local link](file:///etc/hosts)
                """.utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(result.stderrText.contains("'file:///etc/passwd' embeds a file of the machine"), "\(result.stderrText)")
        #expect(result.stderrText.contains("'FILE:///etc/hostname' embeds"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("'file:///etc/hosts'"), "\(result.stderrText)")
        #expect(!FileSystem.exists(book + "/book"))
    }
}

/// `lecture check` is verification, for CI: it writes nothing in the book (issue 34). A page
/// the summary lists that does not exist, which `lecture build` creates (mdBook's
/// create-missing), is checked as its title alone and named in a note; the cache goes to the
/// cache folder.
@Suite struct CheckWritesNothingTests {
    @Test func checkLeavesTheBookTreeAsItWas() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(
            Array(
                "# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Later](later.md)\n- [Deep](part/deeper/page.md)\n"
                    .utf8), to: book + "/src/SUMMARY.md")
        try TestSupport.write(
            Array("# Intro\n\n```swift\nprint(\"hi\")\n```\n\n```output\nhi\n```\n".utf8), to: book + "/src/intro.md")
        let before = run.digest()
        let result = try run.lecture(["check"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(result.stdoutText.contains("1 passed, 0 failed"), "\(result.stdoutText)")
        let notes = result.stdoutText + result.stderrText
        for (line, page) in [(5, "later.md"), (6, "part/deeper/page.md")] {
            #expect(
                notes.contains(
                    "src/SUMMARY.md:\(line):3: note: '\(page)', which the summary lists, does not exist; it is checked as its title alone and not created"
                ), "\(notes)")
        }
        // Not a byte changed in the book, or anywhere in the scratch tree but the compiler's own
        // cache in the home folder (`~/.cache/clang/ModuleCache`, which swiftc writes on every
        // first compile, as `swift build` does; not the book's).
        #expect(run.digest(excluding: ["home/.cache"]) == before)
        // `lecture build` still creates them, as mdBook does.
        let built = try run.lecture(["build"], in: "work/book")
        #expect(built.termination == .exited(0), "\(built.stderrText)")
        #expect(FileSystem.exists(book + "/src/part/deeper/page.md"))
    }
}
