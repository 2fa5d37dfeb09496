import LectureSupport
import TestFolders
import Testing

/// The not-found page in a folder (`input-404 = "errors/lost.md"`): its links are read from the
/// site's root, as mdBook's `<base href>` makes a browser read them, and a broken one's note says
/// so, not "relative to lost.md" (a page that is not where the file is). Contained: a build.
@Suite struct NotFoundLinkNoteBadInputTests {
    @Test func aBrokenLinkOnANotFoundPageInAFolderSaysItIsReadFromTheRoot() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[output.html]\ninput-404 = \"errors/lost.md\"\n")
        try TestSupport.write(Array("# Lost\n\n[Gone](./gone.md)\n".utf8), to: book + "/src/errors/lost.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("src/errors/lost.md:3:1: error: broken link: './gone.md'"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("read from the site's root"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("relative to 'lost.md'"), "\(result.stderrText)")
    }
}
