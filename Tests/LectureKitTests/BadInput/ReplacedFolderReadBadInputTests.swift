import Foundation
import LectureSupport
import TestFolders
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing the book reads may come from the folders the tool writes (attack 11, kind 56): a page
/// or an include that read the output folder published the previous build's site, so every build
/// of the same sources grew (print.html 18 KB → 50 KB over six builds). Every reader is refused,
/// each at the line to edit: an include of the site or the cache, a page the summary lists that
/// is a link into the site, a library or include-from folder in the site; a copied file that is
/// a link into the site is not copied. Each build runs contained (`ContainedRun`), after a first
/// build has made the site.
@Suite(.serialized) struct ReplacedFolderReadBadInputTests {
    static let note =
        "each build replaces the output folder, so a page that reads it publishes the previous build's site"

    /// The book built once (the site in `work/book/book`), for a second build to read it.
    func builtBook(_ run: ContainedRun, cache: String? = nil) throws -> String {
        let book = try run.makeBook()
        let arguments = ["build"] + (cache.map { ["--cache-dir", $0] } ?? [])
        let first =
            try cache == nil
            ? run.lecture(arguments, in: "work/book") : run.command(TestSupport.executable, arguments, in: "work/book")
        #expect(first.succeeded, "\(first.stderrText)")
        return book
    }

    @Test func anIncludeOfTheSiteIsAnErrorAtItsLine() throws {
        let run = try ContainedRun()
        let book = try builtBook(run)
        try TestSupport.write(
            Array("# Intro\n\n{{#include ../book/next.html:1:3}}\n\n{{#include ../book/.lecture-site}}\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        for line in [3, 5] {
            #expect(
                result.stderrText.contains("src/intro.md:\(line):1: error: {{#include}} names '../book/"),
                "\(result.stderrText)")
        }
        #expect(result.stderrText.contains("lies in the output folder"), "\(result.stderrText)")
        #expect(result.stderrText.contains(Self.note), "\(result.stderrText)")
    }

    @Test func aPageThatIsALinkIntoTheSiteIsAnErrorAtTheSummaryLine() throws {
        let run = try ContainedRun()
        let book = try builtBook(run)
        #expect(symlink("../book/print.html", book + "/src/gen.md") == 0)
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Gen](gen.md)\n".utf8),
            to: book + "/src/SUMMARY.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("src/SUMMARY.md:5:3: error: summary links to 'gen.md', which is '"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("book/print.html', in the output folder"), "\(result.stderrText)")
        #expect(result.stderrText.contains(Self.note), "\(result.stderrText)")
    }

    @Test func anIncludeOfTheCacheIsAnErrorAtItsLine() throws {
        let run = try ContainedRun()
        let book = try builtBook(run, cache: ".cache")
        let themes = try FileManager.default.contentsOfDirectory(atPath: book + "/.cache/theme")
        let theme = try #require(themes.first { !$0.hasPrefix(".") })
        try TestSupport.write(
            Array("# Intro\n\n{{#include ../.cache/theme/\(theme)/page.html:1:2}}\n".utf8), to: book + "/src/intro.md")
        let result = try run.command(TestSupport.executable, ["build", "--cache-dir", ".cache"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(result.stderrText.contains("src/intro.md:3:1: error: {{#include}} names"), "\(result.stderrText)")
        #expect(result.stderrText.contains("which lies in the cache"), "\(result.stderrText)")
    }

    @Test func aLibraryOrIncludeFolderInTheSiteIsAnErrorAtItsBookTOMLLine() throws {
        let run = try ContainedRun()
        let book = try builtBook(run)
        try FileSystem.makeDirectories(book + "/book/Lib")
        try TestSupport.write(Array("public func f() {}\n".utf8), to: book + "/book/Lib/L.swift")
        try TestSupport.write(
            Array(
                "[book]\ntitle = \"C\"\n[preprocessor.lecture]\ninclude-from = [\"book\"]\n[preprocessor.lecture.samples]\nlibraries = [\"book/Lib\"]\n"
                    .utf8), to: book + "/book.toml")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "book.toml:4:17: error: 'lecture.include-from' folder 'book' lies in the output folder"),
            "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "book.toml:6:14: error: 'lecture.samples.libraries' folder 'book/Lib' lies in the output folder"),
            "\(result.stderrText)")
    }

    /// A copied file that is a link into the site is not copied (links never are), with a warning.
    @Test func aCopiedFileLinkedIntoTheSiteIsNotCopied() throws {
        let run = try ContainedRun()
        let book = try builtBook(run)
        #expect(symlink("../book/intro.html", book + "/src/copy.html") == 0)
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(
            result.stderrText.contains("src/copy.html: warning: not copied into the site: it is a symbolic link"),
            "\(result.stderrText)")
        #expect(!FileSystem.exists(book + "/book/copy.html"))
    }

    /// book.toml's additional-css and additional-js read from the site or the cache: an error at
    /// the list's element, the file neither linked nor copied from there.
    @Test func anAdditionalFileInTheSiteOrTheCacheIsAnErrorAtItsBookTOMLLine() throws {
        let run = try ContainedRun()
        let book = try builtBook(run, cache: ".cache")
        let themes = try FileManager.default.contentsOfDirectory(atPath: book + "/.cache/theme")
        let theme = try #require(themes.first { !$0.hasPrefix(".") })
        try TestSupport.write(Array("p {}\n".utf8), to: book + "/book/old.css")
        try TestSupport.write(
            Array(
                "[book]\ntitle = \"C\"\n[output.html]\nadditional-css = [\"book/old.css\"]\nadditional-js = [\".cache/theme/\(theme)/page.html\"]\n"
                    .utf8), to: book + "/book.toml")
        let result = try run.command(TestSupport.executable, ["build", "--cache-dir", ".cache"], in: "work/book")
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "book.toml:4:19: error: 'output.html.additional-css' file 'book/old.css' lies in the output folder"),
            "\(result.stderrText)")
        #expect(
            result.stderrText.contains("book.toml:5:18: error: 'output.html.additional-js' file '.cache/theme/"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("lies in the cache"), "\(result.stderrText)")
    }

    /// A sample's `reads=` file in the output folder, which lies in the pages' folder
    /// (`src = "."`): an error at the sample, the file not given to the program.
    @Test func aSampleReadingTheSiteIsAnErrorAtTheSample() throws {
        let run = try ContainedRun()
        let book = run.scratch + "/work/book"
        try TestSupport.write(Array("[book]\ntitle = \"C\"\nsrc = \".\"\n".utf8), to: book + "/book.toml")
        try TestSupport.write(Array("# Summary\n\n- [Intro](intro.md)\n".utf8), to: book + "/SUMMARY.md")
        try TestSupport.write(
            Array("# Intro\n\n```swift reads=book/intro.html\nprint(\"x\")\n```\n\n```output\nx\n```\n".utf8),
            to: book + "/intro.md")
        let first = try run.lecture(["build"], in: "work/book")
        #expect(first.succeeded, "\(first.stderrText)")
        #expect(FileSystem.exists(book + "/book/intro.html"))
        let result = try run.lecture(["check"], in: "work/book")
        let text = result.stdoutText + result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(
            text.contains("intro.md:3:1: error: 'reads=book/intro.html' names a file in the output folder"), "\(text)")
        #expect(text.contains(Self.note), "\(text)")
    }
}
