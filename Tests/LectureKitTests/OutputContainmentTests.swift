import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture build` writes its site into the output folder and nowhere else, whatever the book
/// or the command line calls that folder: each run below happens in a private mount namespace
/// whose home folder is a scratch folder (`ContainedRun`), and the digest of the whole scratch
/// tree, before and after, shows that nothing but the site changed — or, for a refused output
/// path, nothing at all.
@Suite(.serialized) struct OutputContainmentTests {
    /// An output path a book or a user might write, and what must happen.
    struct Case: CustomTestStringConvertible, Sendable {
        /// `build-dir = "…"` in book.toml, or `--output …` when `option`.
        var output: String
        var option = false
        /// The folder the site must land in (relative to the scratch tree); nil: refused.
        var site: String?
        /// Words the refusal must say.
        var says: String = ""
        /// The folder `lecture build` runs in (relative to the scratch tree), naming the book
        /// when it is not the book's own.
        var from = "work/book"
        /// The first folder the build creates for it, when not the site itself.
        var created: String?
        var testDescription: String { "\(option ? "--output" : "build-dir") \(output)" }
    }

    static let accepted: [Case] = [
        // `~` is a name: mdBook has no tilde expansion, nor has the kernel.
        Case(output: "~", site: "work/book/~"),
        Case(output: "~/site", site: "work/book/~/site", created: "work/book/~"),
        Case(output: "~root", site: "work/book/~root"),
        Case(output: "~", option: true, site: "work/book/~"),
        Case(output: "out/../site/./inner", site: "work/book/site/inner", created: "work/book/site"),
        Case(output: "empty", site: "work/book/empty"),
        // Inside the pages, as mdBook 0.5.4 builds it: the site is left out of the content.
        Case(output: "src/site", site: "work/book/src/site"),
    ]

    static let refused: [Case] = [
        Case(output: ".", says: "is the book's folder"),
        Case(output: "..", says: "holds the book's folder"),
        Case(output: "../..", says: "holds"),
        Case(output: "/", says: "would replace '/'"),
        Case(output: "src", says: "is the book's pages"),
        Case(output: "theme", says: "is the templates folder"),
        Case(output: "HOME", says: "is the home folder"),
        Case(output: "HOME/..", says: "would replace '/'"),
        Case(output: "to-home", says: "is the home folder"),
        Case(output: "to-other", says: "was not written by lecture"),
        Case(output: "dangling", says: "symbolic link"),
        Case(output: "other", says: "was not written by lecture"),
        Case(output: "book.toml/site", says: "which is a file"),
        Case(output: "mounted", says: "where a file system is mounted"),
        Case(output: "CACHE", says: "is the cache"),
        Case(output: ".", option: true, says: "is the current folder", from: "other"),
    ]

    /// The scratch tree every case starts from: a book with its own theme, a foreign folder,
    /// links to the home folder, to the foreign folder and to nowhere, an empty folder and a
    /// folder a tmpfs is mounted on.
    static func prepare(_ output: String, option: Bool) throws -> (ContainedRun, String) {
        let run = try ContainedRun()
        let spelled = output.replacingOccurrences(of: "HOME", with: run.home)
            .replacingOccurrences(of: "CACHE", with: run.scratch + "/cache")
        let book = try run.makeBook(
            "[lecture]\ntemplates = \"theme\"\n" + (option ? "" : "[build]\nbuild-dir = \"\(spelled)\"\n"))
        try TestSupport.write(Array("<html>{{content}}</html>\n".utf8), to: book + "/theme/page.html")
        try TestSupport.write(Array("keep\n".utf8), to: book + "/other/file.txt")
        try TestSupport.write(Array("keep\n".utf8), to: run.scratch + "/other/file.txt")
        try FileSystem.makeDirectories(book + "/empty")
        try FileSystem.makeDirectories(book + "/mounted")
        #expect(symlink(run.home, book + "/to-home") == 0)
        #expect(symlink(run.scratch + "/other", book + "/to-other") == 0)
        #expect(symlink(run.scratch + "/nowhere", book + "/dangling") == 0)
        return (run, spelled)
    }

    static func build(_ run: ContainedRun, _ spelled: String, option: Bool, from: String = "work/book") throws
        -> Subprocess.Result
    {
        let book = from == "work/book" ? [] : [run.scratch + "/work/book"]
        return try run.lecture(
            ["build"] + book + (option ? ["--output", spelled] : []), in: from, tmpfs: ["work/book/mounted"])
    }

    @Test(arguments: accepted) func aSiteGoesIntoItsFolderAndNowhereElse(_ item: Case) throws {
        let (run, spelled) = try Self.prepare(item.output, option: item.option)
        let site = try #require(item.site)
        let created = item.created ?? site
        let before = run.digest(excluding: [created])
        let result = try Self.build(run, spelled, option: item.option)
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(FileSystem.exists(run.scratch + "/" + site + "/index.html"))
        #expect(FileSystem.exists(run.scratch + "/" + site + "/" + SiteWriter.marker))
        #expect(run.digest(excluding: [created]) == before)
        // A second build replaces the first site in place, still touching nothing else.
        let again = try Self.build(run, spelled, option: item.option)
        #expect(again.succeeded, "\(again.stderrText)")
        #expect(run.digest(excluding: [created]) == before)
    }

    @Test(arguments: refused) func aRefusedOutputPathChangesNothing(_ item: Case) throws {
        let (run, spelled) = try Self.prepare(item.output, option: item.option)
        let before = run.digest()
        let result = try Self.build(run, spelled, option: item.option, from: item.from)
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        #expect(result.stderrText.contains(item.says), "\(result.stderrText)")
        #expect(result.stderrText.contains("error:"))
        #expect(run.digest() == before)
    }

    /// A refusal caused by book.toml is reported at the `build-dir` line, the line to edit.
    @Test func aRefusedBuildDirIsReportedAtItsLine() throws {
        let (run, _) = try Self.prepare("..", option: false)
        let result = try Self.build(run, "..", option: false)
        #expect(result.stderrText.contains("book.toml:6:1: error: build-dir \"..\": output folder holds"))
        #expect(result.stderrText.contains("edit 'build-dir' here"))
    }

    /// `[output.html.redirect]`'s keys name pages of the site: one that climbs out of it
    /// (`..`, before or after other segments) is an error at its line and writes nothing
    /// anywhere, where mdBook 0.5.4 writes the redirect page above its output folder.
    @Test(arguments: ["/../../escaped.html", "../escaped.html", "/a/../../escaped.html", "/./../escaped.html"])
    func aRedirectThatLeavesTheSiteIsRefusedAtItsLine(_ key: String) throws {
        let run = try ContainedRun()
        try run.makeBook("[output.html.redirect]\n\"\(key)\" = \"intro.html\"\n")
        let before = run.digest()
        let result = try run.lecture(["build"], in: "work/book")
        #expect(!result.succeeded)
        #expect(
            result.stderrText.contains("book.toml:4:1: error: redirect '\(key)' leaves the site's folder"),
            "\(result.stderrText)")
        #expect(run.digest() == before, "the build wrote something")
    }

    /// Every file the site writer writes stays under the output folder, whichever step named it.
    @Test func theSiteWriterRefusesAPathThatLeavesTheOutputFolder() throws {
        let run = try ContainedRun()
        let output = run.scratch + "/work/site"
        var site = SiteFiles()
        site.generated["index.html"] = Array("ok".utf8)
        site.generated["../escaped.html"] = Array("no".utf8)
        let before = run.digest()
        #expect(throws: LectureError.self) { try SiteWriter.write(site, to: OutputFolder(output)) }
        #expect(run.digest() == before)
        #expect(SitePath.staysInside("a/b.html") && SitePath.staysInside(".nojekyll"))
        #expect(!SitePath.staysInside("a/./b.html") && !SitePath.staysInside("/a.html") && !SitePath.staysInside(""))
    }
}
