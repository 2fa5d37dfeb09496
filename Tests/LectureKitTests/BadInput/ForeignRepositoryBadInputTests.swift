import Foundation
import LectureSupport
import TestFolders
import Testing

@testable import LectureKit

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 20, F4: a book without a `.git` of its own, put into another project's repository
/// (`~/proj/vendor/dl/book`, a download or a package's docs), was bounded by that repository: `src
/// -> ../../../private` was followed, and `include-from` and `build-dir` there were used without a
/// word, so the book published and overwrote the project's files. A repository is the book's only
/// when it tracks the book (`ReadableFolder.repository(holding:)`, `GitIndex`); otherwise the
/// book's folder bounds it, as mdBook resolves `src` and `build-dir` from it, and a folder it
/// names in the project is an error at its line. Every producer of a path is tried, each with the
/// project's secret in reach. Contained (`ContainedRun`); the project is a real git repository.
struct ForeignRepositoryBadInputTests {
    static let secret = "PROJECT-PRIVATE-c0ffee db_password=swordfish"

    /// The project at `home/proj`, tracking only its README, with its private folder, and the
    /// book at `home/proj/vendor/dl/book` (book.toml with `toml`); `tracked`: the project tracks
    /// the book's book.toml too.
    static func project(_ run: ContainedRun, toml: String = "", tracked: Bool = false) throws -> String {
        let proj = run.scratch + "/home/proj"
        let files = [
            "README.md": "# Project\n", "private/creds.txt": secret + "\n", "private/SUMMARY.md": "- [A](a.md)\n",
            "private/a.md": "# A\n\n" + secret + "\n", "private/x.css": "/* \(secret) */\n",
            "private/tpl/page.html": "<html><body>\(secret) {{ content }}</body></html>\n",
            "private/Lib/Lib.swift": "public let k = \"\(secret)\"\n",
            "private/book.toml": "[book]\ntitle = \"\(secret)\"\n",
            "examples/answer.swift": "let answer = 42\n",
        ]
        for (path, text) in files { try TestSupport.write(Array(text.utf8), to: proj + "/" + path) }
        let book = try run.makeBook(toml, at: "home/proj/vendor/dl/book")
        try GitRepositoryFixture.make(
            proj, tracking: ["README.md"] + (tracked ? ["vendor/dl/book/book.toml"] : []))
        return book
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var toml = ""
        var links: [(String, String)] = []
        var page: String? = nil
        var summary: String? = nil
        var command = "build"
        /// Where the diagnostic is, and what it says.
        var place: String
        var says: String
        var severity = "error"
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "src a link", links: [("src", "../../../private")], place: "/src: error:",
            says:
                "'book.src' folder 'src' is reached through the symbolic link 'src', which leads out of the book's folder"
        ),
        Case(
            name: "src named", toml: "src = \"../../../private\"", place: "book.toml:3:",
            says:
                "'book.src' folder '../../../private' is outside the book's folder, in the repository 'HOME/proj', which holds the book without tracking it"
        ),
        Case(
            name: "include-from", toml: "[lecture]\ninclude-from = [\"../../../private\"]",
            page: "# Intro\n\n```text\n{{#include ../../../../private/creds.txt}}\n```\n", place: "book.toml:4:",
            says: "'lecture.include-from' folder '../../../private' is outside the book's folder, in the repository"),
        Case(
            name: "templates", toml: "[lecture]\ntemplates = \"../../../private/tpl\"", place: "book.toml:4:",
            says: "'lecture.templates' folder '../../../private/tpl' is outside the book's folder, in the repository"),
        Case(
            name: "libraries", toml: "[lecture.samples]\nlibraries = [\"../../../private/Lib\"]",
            place: "book.toml:4:",
            says:
                "'lecture.samples.libraries' folder '../../../private/Lib' is outside the book's folder, in the repository"
        ),
        Case(
            name: "build-dir", toml: "[build]\nbuild-dir = \"../../../public_html\"", place: "book.toml:4:",
            says:
                "'build.build-dir' folder '../../../public_html' is outside the book's folder, in the repository 'HOME/proj', which holds the book without tracking it, where a book may not write"
        ),
        Case(
            name: "the default book a link", links: [("book", "../../../public_html")], place: "/book: error:",
            says:
                "'build.build-dir' folder 'book' is reached through the symbolic link 'book', which leads out of the book's folder"
        ),
        Case(
            name: "additional-css", toml: "[output.html]\nadditional-css = [\"../../../private/x.css\"]",
            place: "book.toml:4:",
            says: "'output.html.additional-css' file '../../../private/x.css' lies outside the book's folder",
            severity: "warning"),
        Case(
            name: "an include", page: "# Intro\n\n```text\n{{#include ../../../../private/creds.txt}}\n```\n",
            place: "src/intro.md:4:",
            says: "{{#include}} names '../../../../private/creds.txt', which lies outside the book's folder"),
        Case(
            name: "reads=",
            page: "# Intro\n\n```swift reads=../../../../private/creds.txt\nprint(1)\n```\n\n```output\n1\n```\n",
            command: "check", place: "src/intro.md:3:", says: "'reads=../../../../private/creds.txt'"),
        Case(
            name: "a link in SUMMARY", summary: "# Summary\n\n- [Intro](intro.md)\n- [A](../../../../private/a.md)\n",
            place: "SUMMARY.md:4:", says: "../../../../private/a.md"),
        Case(
            name: "book.toml a link", links: [("book.toml", "../../../private/book.toml")], place: "book.toml: error:",
            says: "book.toml is a symbolic link to 'HOME/proj/private/book.toml', outside the book's folder"),
    ]

    @Test(arguments: cases)
    func aBookPutIntoAnotherProjectStaysInItsOwnFolder(_ test: Case) throws {
        let run = try ContainedRun()
        let book = try Self.project(run, toml: test.toml)
        let publicHTML = run.scratch + "/home/proj/public_html"
        try FileSystem.makeDirectories(publicHTML)
        if let page = test.page { try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md") }
        if let summary = test.summary { try TestSupport.write(Array(summary.utf8), to: book + "/src/SUMMARY.md") }
        for (link, target) in test.links {
            try? FileManager.default.removeItem(atPath: book + "/" + link)
            #expect(symlink(target, book + "/" + link) == 0)
        }
        let result = try run.lecture([test.command, "--no-cache", run.home + "/proj/vendor/dl/book"], in: "work")
        let text = result.stdoutText + result.stderrText
        let says = test.says.replacingOccurrences(of: "HOME", with: run.home)
        let line = text.split(separator: "\n").first { $0.contains(says) }
        #expect(line?.contains(test.place) == true, "\(text)")
        #expect(line?.contains("\(test.severity):") == true, "\(text)")
        #expect(test.severity == "warning" || !result.succeeded, "\(text)")
        #expect(!text.contains("PROJECT-PRIVATE"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: publicHTML).isEmpty)
        for site in [book + "/book", publicHTML] {
            for file in (FileManager.default.subpaths(atPath: site) ?? [])
            where !FileSystem.isDirectory(site + "/" + file) {
                #expect(TestSupport.read(site + "/" + file)?.contains("PROJECT-PRIVATE") != true, "\(site)/\(file)")
            }
        }
    }

    /// The same book once the project tracks it (`git add book.toml`) is the project's: a folder
    /// of the project it names is read, with the warning of a folder outside the book's own.
    @Test func aBookTheProjectTracksReadsTheProjectsFolders() throws {
        let toml = "[lecture]\ninclude-from = [\"../../../examples\"]"
        let page = "# Intro\n\n```swift\n{{#include ../../../../examples/answer.swift}}\n```\n"
        for tracked in [true, false] {
            let run = try ContainedRun()
            let book = try Self.project(run, toml: toml, tracked: tracked)
            try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
            let result = try run.lecture(["build", "--no-cache", run.home + "/proj/vendor/dl/book"], in: "work")
            let text = result.stdoutText + result.stderrText
            #expect(result.succeeded == tracked, "\(text)")
            #expect(text.contains("error: 'lecture.include-from'") == !tracked, "\(text)")
            // Below the repository's top, outside its own folder: read, and said (code review 42 #5).
            #expect(
                text.contains(
                    "book.toml:4:17: warning: 'lecture.include-from' folder '../../../examples' is outside the book's folder ('\(run.home)/proj/vendor/dl/book'), in its repository '\(run.home)/proj'"
                ) == tracked, "\(text)")
            #expect((TestSupport.read(book + "/book/intro.html")?.contains("answer") == true) == tracked, "\(text)")
        }
    }

    /// Code review 41 #4: an index that cannot say whether it tracks the book (a split index,
    /// whose entries lie in its shared part; a damaged one) made the tracked book another
    /// project's, an error whose fix (`git add book.toml`) was done already. Now such a book is
    /// bounded by its own folder with the warning of a folder outside it, which says why.
    @Test(arguments: ["split", "damaged"])
    func aBookWhoseRepositorysIndexCannotTellIsWarnedOnly(_ index: String) throws {
        let run = try ContainedRun()
        let toml = "[lecture]\ninclude-from = [\"../../../examples\"]"
        let book = try Self.project(run, toml: toml, tracked: true)
        let proj = run.scratch + "/home/proj"
        if index == "split" {
            try GitRepositoryFixture.git(["-C", proj, "update-index", "--split-index"])
        } else {
            try TestSupport.write(
                Array("DIRC\0\0\0\u{7}".utf8) + [UInt8](repeating: 0, count: 100), to: proj + "/.git/index")
        }
        let result = try run.lecture(["build", "--no-cache", run.home + "/proj/vendor/dl/book"], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(result.succeeded, "\(text)")
        #expect(!text.contains("which holds the book without tracking it"), "\(text)")
        #expect(
            text.contains("warning: 'lecture.include-from' folder '../../../examples' is outside the book's folder"),
            "\(text)")
        let why =
            index == "split"
            ? "its index is split ('core.splitIndex'), and lecture does not read the shared part"
            : "its index is damaged, or of a version lecture does not read"
        #expect(
            text.contains(
                "lecture cannot tell whether the repository '\(run.home)/proj' tracks the book (\(why)), so the book's own folder is taken as its bound"
            ), "\(text)")
        #expect(FileSystem.exists(book + "/book/index.html"))
    }

    /// Attack 21, F6: tracking is not ownership. A third party's book committed into the project
    /// (`vendor/…`, book.toml tracked) carried `src -> ../../../private` and published the
    /// project's files without a word, the link judged against the repository's top. A link the
    /// book carries is judged against the book's own folder always: leading out of it is the
    /// error it is for a book the project does not track; each folder the book reads or writes
    /// through one is tried.
    @Test(arguments: [
        Case(
            name: "src a link", links: [("src", "../../../private")], place: "/src: error:",
            says:
                "'book.src' folder 'src' is reached through the symbolic link 'src', which leads out of the book's folder to 'HOME/proj/private'"
        ),
        Case(
            name: "src named, a link", toml: "src = \"pages\"", links: [("pages", "../../../private")],
            place: "book.toml:3:",
            says:
                "'book.src' folder 'pages' is reached through the symbolic link 'pages', which leads out of the book's folder"
        ),
        Case(
            name: "include-from through a link", toml: "[lecture]\ninclude-from = [\"shared/private\"]",
            links: [("shared", "../../..")],
            page: "# Intro\n\n```text\n{{#include ../shared/private/creds.txt}}\n```\n", place: "book.toml:4:",
            says:
                "'lecture.include-from' folder 'shared/private' is reached through the symbolic link 'shared', which leads out of the book's folder"
        ),
        Case(
            name: "templates a link", toml: "[lecture]\ntemplates = \"tpl\"", links: [("tpl", "../../../private/tpl")],
            place: "book.toml:4:",
            says:
                "'lecture.templates' folder 'tpl' is reached through the symbolic link 'tpl', which leads out of the book's folder"
        ),
        Case(
            name: "the default book a link", links: [("book", "../../../public_html")], place: "/book: error:",
            says:
                "'build.build-dir' folder 'book' is reached through the symbolic link 'book', which leads out of the book's folder"
        ),
        Case(
            name: "a page a link", links: [("src/intro.md", "../../../../private/a.md")], place: "SUMMARY.md:",
            says: "outside the book"),
    ])
    func aLinkATrackedBookCarriesStaysInItsOwnFolder(_ test: Case) throws {
        let run = try ContainedRun()
        let book = try Self.project(run, toml: test.toml, tracked: true)
        let publicHTML = run.scratch + "/home/proj/public_html"
        try FileSystem.makeDirectories(publicHTML)
        if let page = test.page { try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md") }
        for (link, target) in test.links {
            try? FileManager.default.removeItem(atPath: book + "/" + link)
            #expect(symlink(target, book + "/" + link) == 0)
        }
        // Committed with the book, as a vendored copy is.
        try GitRepositoryFixture.git(["-C", run.scratch + "/home/proj", "add", "-A"])
        let result = try run.lecture(["build", "--no-cache", run.home + "/proj/vendor/dl/book"], in: "work")
        let text = result.stdoutText + result.stderrText
        let says = test.says.replacingOccurrences(of: "HOME", with: run.home)
        let line = text.split(separator: "\n").first { $0.contains(says) }
        #expect(line?.contains(test.place) == true, "\(text)")
        #expect(line?.contains("error:") == true, "\(text)")
        #expect(!result.succeeded, "\(text)")
        #expect(!text.contains("PROJECT-PRIVATE"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: publicHTML).isEmpty)
        for file in (FileManager.default.subpaths(atPath: book + "/book") ?? [])
        where !FileSystem.isDirectory(book + "/book/" + file) {
            #expect(TestSupport.read(book + "/book/" + file)?.contains("PROJECT-PRIVATE") != true, "book/\(file)")
        }
    }

    /// A case of `aTrackedBooksFolderNamedPlainlyOutsideItsOwnIsWarned`: `key` naming `folder` in
    /// `toml`, at book.toml's line (and column) `at`, read from `resolved` in the project.
    static func plainly(
        _ name: String, _ toml: String, at: String, _ key: String, _ folder: String, _ resolved: String
    ) -> Case {
        Case(
            name: name, toml: toml, place: "book.toml:\(at)",
            says:
                "'\(key)' folder '\(folder)' is outside the book's folder ('HOME/proj/vendor/dl/book'), in its repository 'HOME/proj': the book reads files from 'HOME/proj/\(resolved)'"
        )
    }

    /// Code review 42 #5: a tracked book below the repository's top (a third party's committed
    /// under `vendor/`) that names a folder outside its own plainly in book.toml reads it, as a
    /// folder of the repository, with the warning of a folder outside the book naming the folder
    /// resolved, at the key's line; it was read with no word. Every key of a folder the book
    /// reads is tried; `libraries` keeps its own identifier.
    @Test(arguments: [
        plainly(
            "src", "src = \"../../../examples-book\"", at: "3:1", "book.src", "../../../examples-book", "examples-book"),
        plainly(
            "src through ..", "src = \"../../../vendor/../examples-book\"", at: "3:1", "book.src",
            "../../../vendor/../examples-book", "examples-book"),
        plainly(
            "include-from", "[lecture]\ninclude-from = [\"src\", \"../../../private\"]", at: "4:",
            "lecture.include-from", "../../../private", "private"),
        plainly(
            "templates", "[lecture]\ntemplates = \"../../../private/tpl\"", at: "4:1", "lecture.templates",
            "../../../private/tpl", "private/tpl"),
        plainly(
            "libraries", "[lecture.samples]\nlibraries = [\"../../../private/Lib\"]", at: "4:",
            "lecture.samples.libraries", "../../../private/Lib", "private/Lib"),
    ])
    func aTrackedBooksFolderNamedPlainlyOutsideItsOwnIsWarned(_ test: Case) throws {
        let run = try ContainedRun()
        let book = try Self.project(run, toml: test.toml, tracked: true)
        let pages = run.scratch + "/home/proj/examples-book"
        try TestSupport.write(Array("- [A](a.md)\n".utf8), to: pages + "/SUMMARY.md")
        try TestSupport.write(Array("# A\n\nthe example of the project\n".utf8), to: pages + "/a.md")
        let result = try run.lecture(["check", "--no-cache", run.home + "/proj/vendor/dl/book"], in: "work")
        let text = result.stdoutText + result.stderrText
        let says = test.says.replacingOccurrences(of: "HOME", with: run.home)
        let line = text.split(separator: "\n").first { $0.contains(says) }
        #expect(line?.contains(test.place) == true, "\(text)")
        #expect(line?.contains("warning:") == true, "\(text)")
        #expect(!text.contains("error: \(says.prefix(20))"), "\(text)")
        // The identifier, as the loader gives it: the folder rule's own for a library.
        let parts = test.says.split(separator: "'", omittingEmptySubsequences: false)
        let key = String(parts[1])
        let written = String(parts[3])
        let problem = ReadableFolder.problem(
            written, key: key, bookDirectory: book, bookTOML: book + "/book.toml", location: nil)
        #expect(problem?.severity == .warning, "\(String(describing: problem))")
        #expect(
            problem?.identifier == (key == "lecture.samples.libraries" ? .librariesOutsideBook : .folderOutsideBook),
            "\(String(describing: problem))")
    }

    /// The book's own folders, and a book at the repository's top naming a folder beside it,
    /// are read with no word: only a folder outside the book's own folder, below the top, is.
    @Test func aBookAtTheRepositorysTopReadsItsFoldersWithNoWord() throws {
        let run = try ContainedRun()
        let proj = run.scratch + "/home/proj"
        let book = try run.makeBook("[lecture]\ninclude-from = [\"src\", \"examples\"]", at: "home/proj")
        try TestSupport.write(Array("let answer = 42\n".utf8), to: proj + "/examples/answer.swift")
        try GitRepositoryFixture.make(proj, tracking: ["book.toml"])
        let result = try run.lecture(["check", "--no-cache", book], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(result.succeeded, "\(text)")
        #expect(!text.contains("outside the book"), "\(text)")
    }
}
