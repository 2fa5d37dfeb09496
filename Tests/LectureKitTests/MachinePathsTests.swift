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

    /// A built page showing the book's own folder where the page's text does not (a sample's
    /// output, a diagram, the tool) fails the build at that page: one error, the print page and
    /// the search index that copy it named in its note.
    @Test func aPathThePageTextDoesNotHoldIsAnErrorAtThePage() {
        let needles = [MachinePaths.Needle(path: "/work/book", role: "the book's folder")]
        var site = SiteFiles()
        site.generated["intro.html"] = Array("<p>Built in <code>/work/book/src</code>.</p>".utf8)
        site.generated["print.html"] = site.generated["intro.html"]
        let errors = MachinePaths.leaks(
            in: site, needles: needles, sources: ["intro.html": "src/intro.md"],
            texts: ["src/intro.md": "# Intro\n\nBuilt elsewhere.\n"], outputDirectory: "/out", jobs: 1)
        #expect(
            errors.map { "\($0.severity) \($0.path ?? "") \($0.location.map(\.description) ?? "-") \($0.summary)" } == [
                "error src/intro.md - 'intro.html' would publish '/work/book', the book's folder on this machine"
            ], "\(errors)")
        #expect(errors.first?.notes.first?.contains("a sample's output or a diagram") == true)
        #expect(errors.first?.notes.contains { $0.contains("'print.html'") } == true)
    }

    /// Attack 14, kind 54: a machine path the page's own text holds (as `/root` in prose, built
    /// by root) is a warning at its line and column, saying the author wrote it, and the site is
    /// written (mdBook publishes it; another user's build names nothing of theirs).
    @Test func aPathThePageWritesIsAWarningAtItsLineAndTheSiteIsWritten() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let canonical = CanonicalPath.of(book)
        try TestSupport.write(
            Array("# Intro\n\nText.\n\nBuilt in <code>\(canonical)/src</code>.\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "src/intro.md:5:16: warning: 'intro.html' will publish '\(canonical)', the book's folder on this machine"
            ),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("the book's own text names it"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("a sample's output"), "\(result.stderrText)")
        let warnings = result.stderrText.split(separator: "\n").filter { $0.contains("will publish") }
        #expect(warnings.count == 1, "\(result.stderrText)")
        #expect(FileSystem.exists(book + "/book/intro.html"))
    }

    /// Attack 14, kind 48: a file copied into the site as it is (a source map, any text asset)
    /// is searched too, in the read the secret scan makes: a warning at the first place of each
    /// path, the others counted; the theme's copied files and additional-js the same.
    @Test func aCopiedFileHoldingAMachinePathIsWarnedAtItsLine() throws {
        let run = try ContainedRun()
        let book = try run.makeBook(
            "[output.html]\nadditional-js = [\"extra.js\"]\n[lecture]\ntemplates = \"tpl\"")
        try FileManager.default.copyItem(atPath: TestSupport.repositoryRoot + "/site-templates", toPath: book + "/tpl")
        let canonical = CanonicalPath.of(book)
        try TestSupport.write(
            Array(
                "{\"version\":3,\n\"sources\":[\"\(canonical)/src/app.ts\",\"\(canonical)/src/b.ts\"],\"mappings\":\"AAAA\"}\n"
                    .utf8), to: book + "/src/app.js.map")
        try TestSupport.write(Array("// from \(canonical)/x\n".utf8), to: book + "/extra.js")
        try TestSupport.write(Array("a { }\n/* \(canonical) */\n".utf8), to: book + "/tpl/assets/note.css")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        for (file, site, place) in [
            ("src/app.js.map", "app.js.map", "2:13"), ("extra.js", "extra.js", "1:9"),
            ("tpl/assets/note.css", "assets/note.css", "2:4"),
        ] {
            #expect(
                result.stderrText.contains(
                    "\(file):\(place): warning: '\(site)' will publish '\(canonical)', the book's folder on this machine"
                ),
                "\(result.stderrText)")
        }
        #expect(result.stderrText.contains("the file holds it 1 more time after this one"), "\(result.stderrText)")
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
