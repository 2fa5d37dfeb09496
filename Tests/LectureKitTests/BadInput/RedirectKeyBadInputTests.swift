import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 18, F6: `[output.html.redirect]` keys were not held to the rules of the site's own
/// names. `/.git/hooks/x.html` and `/.well-known/x` were written into dot-folders of the site,
/// `/a//b.html` to `a/b.html` (over a page of that name), `/%2e%2e/x.html` into a folder a
/// browser reads as `..`, a 300-byte name ended the build in the step 'Write' with "File name too
/// long", and `/con.html` or `/x:y.html` were written without the warning a page gets. Each is now
/// judged when book.toml is read (`RedirectKey`): an error at the key's line, and nothing written.
@Suite struct RedirectKeyBadInputTests {
    static let long = String(repeating: "a", count: 300)

    /// Each refused key and the words its error says.
    static let refused: [(key: String, says: String)] = [
        ("/.git/hooks/x.html", "would be written into the dot-folder '.git'"),
        ("/.well-known/security.txt", "would be written into the dot-folder '.well-known'"),
        ("/.hidden.html", "would be written as the dot-file '.hidden.html'"),
        ("/sub/.x.html", "would be written as the dot-file '.x.html'"),
        ("/a//b.html", "has an empty segment ('//')"),
        ("/%2e%2e/x.html", "has the segment '%2e%2e', which a browser or server reads as '..'"),
        ("/%2Egit/x.html", "has the segment '%2Egit', which a browser or server reads as '.git'"),
        ("/a%2Fb.html", "has the segment 'a%2Fb.html', which a browser or server reads as 'a/b.html'"),
        ("/\(long).html", "would be written to a file or folder whose name is 305 bytes long"),
        ("/old/\(long)/x.html", "would be written to a file or folder whose name is 300 bytes long"),
        ("/sub/../x.html", "leaves the site's folder"),
    ]

    @Test func eachKindOfKeyIsJudged() {
        for (key, says) in Self.refused {
            let problem = RedirectKey.problem(key)
            #expect(problem?.isWarning == false, "\(key)")
            #expect(problem?.summary.contains(says) == true, "\(key): \(String(describing: problem))")
        }
        let deep = "/" + Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/")
        #expect(RedirectKey.problem(deep)?.summary.contains("bytes long") == true)
        for key in ["/con.html", "/x:y.html", "/sub\\x.html", "/name."] {
            #expect(RedirectKey.problem(key)?.isWarning == true, "\(key)")
        }
        for key in ["/old.html", "old/page.html", "/a.html#old", "/caf%C3%A9.html", "/v1.2/x.html", "/%25/x.html"] {
            #expect(RedirectKey.problem(key) == nil, "\(key)")
        }
    }

    /// Built: an error at the key's line (book.toml line 4), the build fails and writes nothing.
    @Test(arguments: refused.indices) func aRefusedKeyIsAnErrorAtItsLineAndNothingIsWritten(_ index: Int) throws {
        let (key, says) = Self.refused[index]
        let run = try ContainedRun()
        try run.makeBook("[output.html.redirect]\n\"\(key)\" = \"/intro.html\"\n")
        let before = run.digest()
        let result = try run.lecture(["build"], in: "work/book")
        #expect(!result.succeeded, "\(result.stderrText)")
        #expect(
            result.stderrText.contains("book.toml:4:1: error: redirect '\(key)' \(says)")
                || result.stderrText.contains("book.toml:4:1: error: redirect") && result.stderrText.contains(says),
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("step 'Write'"), "\(result.stderrText)")
        #expect(run.digest() == before, "the build wrote something")
    }

    /// A name Windows cannot hold is a warning at the key's line, as a page's is; the page is written.
    @Test func aKeyWindowsCannotHoldIsWarnedAtItsLine() throws {
        let run = try ContainedRun()
        let book = try run.makeBook(
            "[output.html.redirect]\n\"/con.html\" = \"/intro.html\"\n\"/x:y.html\" = \"/intro.html\"\n")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "book.toml:4:1: warning: redirect '/con.html' is written to a name Windows cannot hold: 'con.html' is a device name on Windows (CON)"
            ), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("book.toml:5:1: warning: redirect '/x:y.html' is written to a name Windows"),
            "\(result.stderrText)")
        #expect(FileSystem.exists(book + "/book/con.html"))
    }
}
