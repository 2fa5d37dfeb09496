import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every path `lecture` writes besides the site goes through one rule (`WrittenPath`): the
/// cache (`--cache-dir`), `check`'s JUnit report, `pdf -o` and `init`'s folder, each spelled
/// every hostile way, in a private mount namespace whose home folder is a scratch folder
/// (`ContainedRun`); the digest of the whole scratch tree shows that a refused path changed
/// nothing, and an accepted one wrote only where it says.
@Suite(.serialized) struct WrittenPathContainmentTests {
    /// A path given to one command, and what must happen.
    struct Case: CustomTestStringConvertible, Sendable {
        /// `cache`, `report`, `pdf` or `init`.
        var kind: String
        /// The path as given (`HOME` stands for the home folder), from `work/book`.
        var path: String
        /// Words the refusal says; nil: accepted, written at `written` (relative to the scratch tree).
        var says: String?
        var written: String?
        var testDescription: String { "\(kind) \(path)" }

        init(_ kind: String, _ path: String, says: String) {
            self.kind = kind
            self.path = path
            self.says = says
        }

        init(_ kind: String, _ path: String, writes written: String) {
            self.kind = kind
            self.path = path
            self.written = written
        }
    }

    static let refused: [Case] = [
        Case("cache", "HOME", says: "is the home folder"),
        Case("cache", "HOME/", says: "is the home folder"),
        Case("cache", "to-home", says: "is the home folder"),
        Case("cache", "to-home/", says: "is the home folder"),
        Case("cache", "HOME/projects", says: "was not written by lecture as its cache folder"),
        Case("cache", "..", says: "holds the book's folder"),
        Case("cache", ".", says: "is the book's folder"),
        Case("cache", "src", says: "is the book's pages"),
        Case("cache", "src/cache", says: "lies in the book's pages"),
        // A cache named inside the output folder is the cache's problem, naming its option
        // (attack 15, c27: it was told as the output folder's, "choose a folder such as 'book'").
        Case("cache", "book/cache", says: "--cache-dir book/cache: the cache folder lies in the output folder"),
        Case("cache", "book.toml", says: "is a file, not a folder"),
        Case("cache", "other", says: "was not written by lecture as its cache folder"),
        Case("report", "HOME", says: "is the home folder"),
        Case("report", "HOME/.profile", says: "was not written by lecture as its JUnit report"),
        Case("report", "to-home/.profile", says: "was not written by lecture as its JUnit report"),
        Case("report", "..", says: "holds the book's folder"),
        Case("report", ".", says: "is the book's folder"),
        Case("report", "src/report.xml", says: "lies in the book's pages"),
        Case("report", "src", says: "is the book's pages"),
        Case("report", "book/report.xml", says: "lies in the output folder"),
        Case("report", "book.toml", says: "was not written by lecture as its JUnit report"),
        Case("report", "other", says: "is a folder; it is not replaced"),
        // A file that is a link is never written through, wherever it leads (attack 15, F4).
        Case("report", "dangling", says: "is a symbolic link to"),
        // `~` is a name: a file of the book's `~` folder is the one checked, not the home's.
        Case("report", "~/notes.xml", says: "was not written by lecture as its JUnit report"),
        Case("pdf", "~/user.pdf", says: "was not written by lecture as its PDF"),
        Case("pdf", "HOME/user.pdf", says: "was not written by lecture as its PDF"),
        Case("pdf", "to-home/user.pdf", says: "was not written by lecture as its PDF"),
        Case("pdf", "user.pdf", says: "was not written by lecture as its PDF"),
        Case("pdf", "folder.pdf", says: "is a folder; it is not replaced"),
        Case("pdf", "src/book.pdf", says: "lies in the book's pages"),
        Case("pdf", "book/book.pdf", says: "lies in the output folder"),
        Case("init", "HOME", says: "is the home folder"),
        Case("init", "HOME/", says: "is the home folder"),
        Case("init", "to-home", says: "is the home folder"),
        // A folder on the way that is a link out of the folder given, or to nowhere (attack 9, kind 28).
        Case(
            "init", "linked-out", says: "linked-out/src is a symbolic link to '../other', outside the new book's folder"
        ),
        Case(
            "init", "linked-nowhere",
            says: "linked-nowhere/src is a symbolic link to '../nowhere', which does not exist"),
    ]

    static let accepted: [Case] = [
        // `~` is a name, as in mdBook and the kernel: a folder `~` inside the book.
        Case("cache", "~", writes: "work/book/~"),
        Case("cache", "~/cache", writes: "work/book/~/cache"),
        Case("cache", "out/../cache/", writes: "work/book/cache"),
        Case("cache", "empty", writes: "work/book/empty"),
        Case("report", "~", writes: "work/book/~"),
        Case("report", "out/../report.xml", writes: "work/book/report.xml"),
        Case("init", "~", writes: "work/book/~"),
        Case("init", "linked-in", writes: "work/book/linked-in/pages/SUMMARY.md"),
    ]

    /// `/` and the system's folders are judged by the rule itself, never by running `lecture`:
    /// the mount namespace protects only the home folder, and a `lecture` without the rule
    /// would write there (`init /` wrote `/book.toml`).
    @Test func theRootAndSystemFoldersAreRefused() throws {
        let expected = [
            ("/", "is '/'"), ("/etc/lecture", "lies in a system folder"), ("/var", "is a system folder"),
            ("/usr/book", "lies in a system folder"), ("/etc/report.xml", "lies in a system folder"),
            ("/proc/self/x", "lies in a system folder"),
        ]
        for (path, says) in expected {
            for kind in [WrittenPath.Kind.file, .folder] {
                let refusal = WrittenPath(path, option: "--x", what: "x", kind: kind).refusal(protecting: []) { _ in
                    true
                }
                #expect(refusal?.message.contains(says) == true, "\(path): \(refusal?.message ?? "accepted")")
            }
        }
        // `check --bless` rewrites no page of the system's folders, even one named on the command line.
        do throws(BlessedPage.Refusal) {
            _ = try BlessedPage("/etc/hostname", within: ["/"], checked: "")
            Issue.record("a page in /etc was taken to be blessed")
        } catch {
            #expect(error.summary.contains("lies in a system folder"), "\(error.summary)")
        }
        let inside = WrittenPath("/var/tmp/x", option: "--x", what: "x", kind: .folder).refusal(protecting: []) { _ in
            true
        }
        #expect(inside?.message == nil)
        // /dev/shm is the user's scratch tmpfs: a path inside it may be written (the fuzz target's
        // books live there), the rest of /dev and /dev/shm itself may not.
        for (path, accepted) in [("/dev/shm/lecture-x", true), ("/dev/shm", false), ("/dev/lecture-x", false)] {
            let refusal = WrittenPath(path, option: "--x", what: "x", kind: .folder).refusal(protecting: []) { _ in
                true
            }
            #expect((refusal == nil) == accepted, "\(path): \(refusal?.message ?? "accepted")")
            let site = OutputFolder(path).refusal(protecting: [])
            #expect((site == nil) == accepted, "\(path): \(site?.summary ?? "accepted")")
        }
    }

    /// The scratch tree every case starts from: a book, a foreign folder, an empty one, a PDF
    /// of the user's in the book and in the home folder, a folder named like a PDF, and links
    /// to the home folder and to nowhere.
    static func prepare(_ item: Case? = nil) throws -> ContainedRun {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array("keep\n".utf8), to: book + "/other/file.txt")
        try TestSupport.write(Array("keep\n".utf8), to: book + "/folder.pdf/file.txt")
        try TestSupport.write(Array("%PDF-1.4 the user's\n".utf8), to: book + "/user.pdf")
        try TestSupport.write(Array("%PDF-1.4 the user's\n".utf8), to: run.scratch + "/home/user.pdf")
        try FileSystem.makeDirectories(book + "/empty")
        if let item, item.path.hasPrefix("~/"), item.says != nil {
            try TestSupport.write(Array("mine\n".utf8), to: book + "/~/notes.xml")
            try TestSupport.write(Array("%PDF-1.4 mine\n".utf8), to: book + "/~/user.pdf")
            try TestSupport.write(Array("<?xml?><testsuites/>\n".utf8), to: run.scratch + "/home/notes.xml")
        }
        #expect(symlink(run.home, book + "/to-home") == 0)
        #expect(symlink(run.scratch + "/nowhere", book + "/dangling") == 0)
        for (folder, target) in [("linked-out", "../other"), ("linked-nowhere", "../nowhere"), ("linked-in", "pages")] {
            try FileSystem.makeDirectories(book + "/" + folder)
            #expect(symlink(target, book + "/" + folder + "/src") == 0)
        }
        try FileSystem.makeDirectories(book + "/linked-in/pages")
        return run
    }

    /// Runs the command of `item.kind` with `path` in the book's folder; the cache is the
    /// scratch tree's unless the case names one.
    static func run(_ item: Case, _ run: ContainedRun, _ path: String) throws -> Subprocess.Result {
        let cache = ["--cache-dir", run.scratch + "/cache"]
        let arguments: [String]
        switch item.kind {
        case "cache": arguments = ["build", "--cache-dir", path]
        case "report": arguments = ["check", "--report", "junit:" + path] + cache
        case "pdf": arguments = ["pdf", "-o", path] + cache
        default: arguments = ["init", path]
        }
        return try run.command(TestSupport.executable, arguments, in: "work/book")
    }

    @Test(arguments: refused) func aRefusedPathChangesNothing(_ item: Case) throws {
        let run = try Self.prepare(item)
        let before = run.digest()
        let result = try Self.run(item, run, item.path.replacingOccurrences(of: "HOME", with: run.home))
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        #expect(result.stderrText.contains(try #require(item.says)), "\(result.stderrText)")
        // The error, then the note with the fix.
        #expect(
            result.stderrText.contains("error: ") && result.stderrText.split(separator: "\n").count == 2,
            "\(result.stderrText)")
        #expect(run.digest() == before)
    }

    @Test(arguments: accepted) func anAcceptedPathIsWrittenWhereItSays(_ item: Case) throws {
        let run = try Self.prepare()
        let written = try #require(item.written)
        // The build's own site and the path written may change; nothing else.
        let excluded = [written, "work/book/book", "work/book/" + (item.path.split(separator: "/").first ?? "")]
        let before = run.digest(excluding: excluded)
        let result = try Self.run(item, run, item.path)
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(FileSystem.exists(run.scratch + "/" + written))
        #expect(run.digest(excluding: excluded) == before)
    }

    /// `lecture pdf` replaces a PDF it printed before (Chromium writes the user agent it printed
    /// under as the PDF's creator), at `-o` and at the default path beside the site.
    @Test(.enabled(if: PDFCommand.chromiumIsInstalled)) func aPDFReplacesOnlyItsOwnEarlierPrint() throws {
        let run = try Self.prepare()
        for arguments in [["-o", "printed.pdf"], []] {
            for _ in 0..<2 {
                let result = try run.lecture(["pdf"] + arguments, in: "work/book")
                #expect(result.succeeded, "\(result.stderrText)")
            }
        }
        #expect(PDFPath.isOwn(run.scratch + "/work/book/printed.pdf"))
        #expect(PDFPath.isOwn(run.scratch + "/work/book/Contained.pdf"))
        #expect(!PDFPath.isOwn(run.scratch + "/work/book/user.pdf"))
    }

    /// A site written inside the pages' folder (mdBook's `build-dir = "src/out"`) is left out of
    /// the content, as mdBook 0.5.4 leaves it out: a second build publishes no copy of the first,
    /// nor of another site `lecture` wrote there.
    @Test func aSiteInsideThePagesIsNotPublishedIntoItself() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[build]\nbuild-dir = \"src/out\"\n")
        try TestSupport.write(Array("png\n".utf8), to: book + "/src/picture.png")
        for _ in 0..<2 {
            let result = try run.lecture(["build"], in: "work/book")
            #expect(result.succeeded, "\(result.stderrText)")
        }
        let other = try run.lecture(["build", "--output", "src/old"], in: "work/book")
        #expect(other.succeeded, "\(other.stderrText)")
        let again = try run.lecture(["build"], in: "work/book")
        #expect(again.succeeded, "\(again.stderrText)")
        #expect(FileSystem.exists(book + "/src/out/picture.png"))
        #expect(FileSystem.exists(book + "/src/out/intro.html"))
        #expect(!FileSystem.exists(book + "/src/out/out"))
        #expect(!FileSystem.exists(book + "/src/out/old"))
    }
}
