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

    /// The home folder by a second path (hostile-input round of 2026-12-07): `ContainedRun`'s
    /// scratch `home/` is bound over `$HOME`, so `../../home` from `work/book` is the home folder
    /// under another canonical path, as a container's bind mount makes it. Read or written
    /// through it, it is the home folder still: an error at the key's line, nothing published.
    @Test(arguments: [
        (
            "[lecture]\ninclude-from = [\"../../home\"]", "book.toml:4:",
            "'lecture.include-from' folder '../../home' is the home folder"
        ),
        (
            "[lecture]\ntemplates = \"../../home\"", "book.toml:4:",
            "'lecture.templates' folder '../../home' is the home folder"
        ),
        ("[build]\nbuild-dir = \"../../home\"", "book.toml:4:", "output folder is the home folder"),
    ])
    func theHomeFolderByASecondPathIsTheHomeFolder(_ toml: String, _ at: String, _ says: String) throws {
        let run = try ContainedRun()
        let book = try run.makeBook(toml)
        try TestSupport.write(Array("HOME-SECRET-F5\n".utf8), to: run.scratch + "/home/notes.txt")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../../home/notes.txt}}\n```\n".utf8), to: book + "/src/intro.md")
        let before = run.digest(excluding: ["work"])
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1) || result.termination == .exited(2), "\(result.stderrText)")
        #expect(result.stderrText.contains(at), "\(result.stderrText)")
        #expect(result.stderrText.contains(says), "\(result.stderrText)")
        #expect(!result.stderrText.contains("HOME-SECRET-F5"))
        #expect(run.digest(excluding: ["work"]) == before)
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
        // Inside the repository that tracks the book (attack 20, F4: only such a repository is the book's).
        try FileSystem.writeAtomically("[book]\n", to: book + "/docs/book.toml")
        try GitRepositoryFixture.make(book, tracking: ["docs/book.toml"])
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

    /// A folder of the book's repository that `book.toml` names (or the default `src`) and that
    /// is a dot-folder, lies in one, or is a plain-named link to one: an error at the key's line
    /// (at the folder for the default), and no secret of it reaches the site. Round 17's rule
    /// judged the components below a named folder, never the folder itself: `include-from =
    /// [".git"]` published `.git/config`, `templates = "tpl"` (`tpl -> .secrets`) its `page.html`,
    /// `src = ".docs"` its files (attack 18, F2).
    @Test func aNamedDotFolderOfTheRepositoryIsAnErrorAtItsLine() throws {
        struct Case {
            var toml: String
            var book = "repo"
            var links: [(String, String)] = []
            var place: String
            var says: String
        }
        let include = "[lecture]\ninclude-from = "
        let cases = [
            Case(
                toml: include + "[\".git\"]", place: "book.toml:4:",
                says: "'lecture.include-from' folder '.git' is the repository's '.git' folder"),
            Case(
                toml: include + "[\"../.git\"]", book: "repo/b", place: "book.toml:4:",
                says: "'lecture.include-from' folder '../.git' is the repository's '.git' folder"),
            Case(
                toml: include + "[\"shared\"]", links: [("shared", ".secrets")], place: "book.toml:4:",
                says: "'lecture.include-from' folder 'shared' is a dot-folder"),
            Case(
                toml: "[lecture]\ntemplates = \"tpl\"", links: [("tpl", ".secrets")], place: "book.toml:4:",
                says: "'lecture.templates' folder 'tpl' is a dot-folder"),
            Case(
                toml: "[lecture]\ntemplates = \".secrets\"", place: "book.toml:4:",
                says: "'lecture.templates' folder '.secrets' is a dot-folder"),
            Case(
                toml: "src = \".secrets\"", place: "book.toml:3:", says: "'book.src' folder '.secrets' is a dot-folder"),
            Case(
                toml: "src = \"pages\"", links: [("pages", ".secrets")], place: "book.toml:3:",
                says: "'book.src' folder 'pages' is a dot-folder"),
            Case(
                toml: "", links: [("src", ".secrets")], place: "/src: error:",
                says: "'book.src' folder 'src' is a dot-folder"),
            Case(
                toml: "[lecture.samples]\nlibraries = [\".secrets/Lib\"]", place: "book.toml:4:",
                says: "'lecture.samples.libraries' folder '.secrets/Lib' lies in a dot-folder"),
            Case(
                toml: "[lecture.samples]\nlibraries = [\"Lib\"]", links: [("Lib", ".secrets/Lib")],
                place: "book.toml:4:", says: "'lecture.samples.libraries' folder 'Lib' lies in a dot-folder"),
        ]
        for test in cases {
            let run = try ContainedRun()
            let repo = run.scratch + "/home/repo"
            let book = try run.makeBook(test.toml, at: "home/" + test.book)
            try GitRepositoryFixture.make(repo, tracking: [test.book == "repo" ? "book.toml" : "b/book.toml"])
            try TestSupport.write(Array("[deploy]\n\tpassword = TOPSECRET-GIT\n".utf8), to: repo + "/.git/config")
            try TestSupport.write(Array("TOPSECRET-DOT\n".utf8), to: repo + "/.secrets/k.txt")
            try TestSupport.write(Array("# Summary\n\n- [K](k.md)\n".utf8), to: repo + "/.secrets/SUMMARY.md")
            try TestSupport.write(Array("# K\n\nTOPSECRET-DOT-PAGE\n".utf8), to: repo + "/.secrets/k.md")
            try TestSupport.write(
                Array("<html><body>TOPSECRET-DOT-THEME {{ content }}</body></html>\n".utf8),
                to: repo + "/.secrets/page.html")
            try TestSupport.write(
                Array("public let k = \"TOPSECRET-DOT-LIB\"\n".utf8), to: repo + "/.secrets/Lib/Lib.swift")
            try TestSupport.write(
                Array("# Intro\n\n```text\n{{#include ../.git/config}}\n{{#include ../shared/k.txt}}\n```\n".utf8),
                to: book + "/src/intro.md")
            for (link, target) in test.links {
                if link == "src" { try FileManager.default.removeItem(atPath: book + "/src") }
                try FileManager.default.createSymbolicLink(atPath: book + "/" + link, withDestinationPath: target)
            }
            let result = try run.lecture(["build", run.home + "/" + test.book], in: "work")
            let line = result.stderrText.split(separator: "\n").first { $0.contains("error: " + test.says) }
            #expect(line?.contains(test.place) == true, "\(test.toml) \(test.links): \(result.stderrText)")
            #expect(!result.succeeded, "\(test.toml)")
            #expect(!result.stderrText.contains("TOPSECRET"))
            #expect(!FileSystem.exists(book + "/book"), "\(test.toml): the site was written")
        }
    }

    /// A book kept inside a dot-folder of its repository (`repo/.docs/book`) still reads its own
    /// folders: the dot rule judges the way from the repository, besides the book's own folders.
    @Test func aBookInsideADotFolderReadsItsOwnFolders() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture]\ninclude-from = [\"../examples\"]", at: "home/repo/.docs/book")
        try GitRepositoryFixture.make(run.scratch + "/home/repo", tracking: [".docs/book/book.toml"])
        try TestSupport.write(Array("let answer = 42\n".utf8), to: run.scratch + "/home/repo/.docs/examples/a.swift")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../examples/a.swift}}\n```\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build", run.home + "/repo/.docs/book"], in: "work")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(TestSupport.read(book + "/book/intro.html")?.contains("let answer = 42") == true)
    }

    /// The write side: `build-dir` in the repository's `.git` (directly, through a plain-named
    /// link, through `out/html` with a second renderer, or the default `book` a link there) is
    /// an error and nothing is written into `.git` (attack 18, F3: the site went into
    /// `.git/hooks`). Other dot-folders of the book stay the author's choice (`.site`).
    @Test func aSiteInsideTheRepositorysGitFolderIsRefused() throws {
        let cases: [(toml: String, links: [(String, String)], says: String)] = [
            (
                "[build]\nbuild-dir = \".git/hooks\"", [],
                "'build.build-dir' folder '.git/hooks' lies in the repository's '.git' folder"
            ),
            (
                "[build]\nbuild-dir = \"site\"", [("site", ".git/hooks")],
                "'build.build-dir' folder 'site' lies in the repository's '.git' folder"
            ),
            (
                "[build]\nbuild-dir = \"out\"\n[output.html]\n[output.markdown]", [("out/html", "../.git/hooks")],
                "'build.build-dir' folder 'out', whose site goes to 'out/html' (the book has a second renderer), lies in the repository's '.git' folder"
            ),
            ("", [("book", ".git/hooks")], "'build.build-dir' folder 'book' lies in the repository's '.git' folder"),
        ]
        for (toml, links, says) in cases {
            let run = try ContainedRun()
            let book = try run.makeBook(toml, at: "home/repo")
            try FileSystem.makeDirectories(book + "/.git/hooks")
            for (link, target) in links {
                try FileSystem.makeDirectories(FileSystem.parent(book + "/" + link))
                try FileManager.default.createSymbolicLink(atPath: book + "/" + link, withDestinationPath: target)
            }
            let result = try run.lecture(["build", run.home + "/repo"], in: "work")
            #expect(!result.succeeded, "\(toml)")
            #expect(result.stderrText.contains("error: " + says), "\(toml): \(result.stderrText)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: book + "/.git/hooks").isEmpty, "\(toml)")
        }
        let run = try ContainedRun()
        let book = try run.makeBook("[build]\nbuild-dir = \".site\"", at: "home/repo")
        try FileSystem.makeDirectories(book + "/.git")
        let result = try run.lecture(["build", run.home + "/repo"], in: "work")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(FileSystem.exists(book + "/.site/intro.html"))
    }

    /// `build-dir = "x/out"` with `x -> xreal` while the book is configured, then `x` flipped to
    /// `../home` before the site is written: the site goes into `xreal/out`, the folder judged,
    /// and nothing into `home` (attack 18, F4: a process flipping the link between the rule's
    /// read and the writer's got the site into the home folder). The rule judges the one
    /// resolution: a folder spelled inside the book and resolved outside it is an error, even
    /// when the link leads inside again by the time it is looked for.
    @Test func theSiteIsWrittenIntoTheFolderJudged() throws {
        let root = CanonicalPath.of(
            try TestSupport.makeTree([
                "book/book.toml": "[book]\ntitle = \"T\"\n[build]\nbuild-dir = \"x/out\"\n",
                "book/src/SUMMARY.md": "- [A](a.md)\n", "book/src/a.md": "# A\n", "book/xreal/keep": "",
                "home/keep": "",
            ]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        func link(to target: String) throws {
            try? FileManager.default.removeItem(atPath: root + "/book/x")
            try FileManager.default.createSymbolicLink(atPath: root + "/book/x", withDestinationPath: target)
        }
        try link(to: "xreal")
        var configuration = BuildConfiguration()
        let diagnostics = try BookSettingsTests.configureBook(at: root + "/book", &configuration)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        try link(to: "../home")
        try BuildPipeline(configuration: configuration, console: TestSupport.Recorder().console).run()
        #expect(FileSystem.exists(root + "/book/xreal/out/a.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/home") == ["keep"])
        try link(to: "xreal")
        let problem = ReadableFolder.outputProblem(
            "x/out", bookDirectory: root + "/book", bookTOML: "book.toml", location: nil, resolved: root + "/home/out")
        #expect(problem?.severity == .error)
        #expect(
            problem?.summary
                == "'build.build-dir' folder 'x/out' is reached through a symbolic link that leads out of the book's folder to '\(root)/home/out', where a book may not write"
        )
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
