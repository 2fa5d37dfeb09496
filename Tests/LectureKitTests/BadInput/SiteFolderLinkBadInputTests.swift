import Foundation
import TestFolders
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 17, F1 (k03): with a second renderer the site goes to `DIR/html`. The person names
/// `DIR` (`-d`); a link `DIR/html` the book carries out of `DIR` was named by nobody, and got the
/// site. The folder judged is the folder written: such a link is refused before any work, and
/// nothing is written anywhere; a link staying inside `DIR` is followed, as mdBook follows it.
/// (`build-dir` and the default `book/html` are cases of `BookFileRuleTests`.)
struct SiteFolderLinkBadInputTests {
    static let renderers = "[output.html]\n[output.linkcheck]"

    @Test func aDestDirWhoseHtmlFolderIsALinkOutIsRefusedAndNothingIsWritten() throws {
        let run = try ContainedRun()
        let book = try run.makeBook(Self.renderers)
        try FileSystem.makeDirectories(run.scratch + "/home/public_html")
        try FileSystem.makeDirectories(book + "/out")
        #expect(symlink("../../../home/public_html", book + "/out/html") == 0)
        let before = run.digest(excluding: ["home/.cache"])
        let result = try run.lecture(["build", "-d", "out"], in: "work/book")
        #expect(result.termination == .exited(1) || result.termination == .exited(2), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "out/html: error: the site's folder 'out/html', which lecture adds to the output folder 'out' as mdBook does for a book with a second renderer, is a symbolic link to '"
            ), "\(result.stderrText)")
        #expect(result.stderrText.contains("remove the link 'out/html'"), "\(result.stderrText)")
        #expect(run.digest(excluding: ["home/.cache"]) == before, "nothing written through the link")
        #expect(!FileSystem.exists(run.scratch + "/home/public_html/index.html"))
    }

    @Test func aDestDirWhoseHtmlFolderLinksInsideItIsBuiltThere() throws {
        let run = try ContainedRun()
        let book = try run.makeBook(Self.renderers)
        try FileSystem.makeDirectories(book + "/out/site")
        #expect(symlink("site", book + "/out/html") == 0)
        let result = try run.lecture(["build", "-d", "out"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(FileSystem.exists(book + "/out/site/intro.html"), "\(result.stderrText)")
    }
}
