import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Attack 11, kind 40: raw HTML whose relative URL climbs above the site's root
/// (`<iframe src="../../../home/secret.txt">` on a page in `sub/`) was let through without a word
/// (the built-page check skips URLs that leave the site; a server answers the site's not-found
/// page, printed twice into the PDF). Every URL-bearing attribute is now a warning at its line,
/// as a Markdown link that leaves the book is, and an error under `outside-links = "error"`.
@Suite struct RawHTMLAboveRootBadInputTests {
    /// Each URL-bearing place, on its own line of a page in `sub/` (one level down).
    static let vectors: [(line: Int, html: String, place: String)] = [
        (3, #"<a href="../../x.html">a</a>"#, "<a href>"),
        (5, #"<img src="../../y.png" alt="y">"#, "<img src>"),
        (7, #"<iframe src="../../../home/secret.txt"></iframe>"#, "<iframe src>"),
        (9, #"<embed src="../../../../etc/hostname" type="text/plain">"#, "<embed src>"),
        (11, #"<object data="../../o.pdf"></object>"#, "<object data>"),
        (13, #"<video poster="../../p.png" src="../../v.mp4"></video>"#, "<video poster>"),
        (15, #"<audio src="../../a.ogg"></audio>"#, "<audio src>"),
        (17, #"<picture><source srcset="ok.png 1x, ../../s.png 2x"></picture>"#, "<source srcset>"),
        (19, #"<video><track src="../../t.vtt"></video>"#, "<track src>"),
        (21, #"<link rel="stylesheet" href="../../l.css">"#, "<link href>"),
        (23, #"Inline <img src="%2e%2e/%2e%2e/i.png"> here."#, "<img src>"),
    ]

    static let page =
        "# P\n\n" + vectors.map { $0.html + "\n\n" }.joined()
        + "<a href=\"../top.html\">up one, still the site</a> <img src=\"pic.png\"> <a href=\"https://x.org/../..\">x</a>\n"

    func diagnostics(isError: Bool = false) -> [Diagnostic] {
        RawHTMLMachineFiles.diagnostics(
            MarkdownParser.parse(Self.page), text: Self.page, path: "src/sub/a.md", outside: (1, isError))
    }

    @Test func everyURLAboveTheRootIsWarnedAtItsLine() {
        let found = diagnostics()
        for vector in Self.vectors {
            #expect(
                found.contains {
                    $0.location?.line == vector.line && $0.severity == .warning && $0.summary.hasPrefix(vector.place)
                        && $0.summary.contains("leaves the site")
                }, "\(vector.html): \(found.map(\.summary))")
        }
        // A URL that stays in the site (`../top.html` from `sub/`), a full URL: nothing.
        #expect(found.count == Self.vectors.count + 1, "\(found.map(\.summary))")  // the video's src too
    }

    @Test func outsideLinksErrorMakesThemErrors() {
        let found = diagnostics(isError: true)
        #expect(!found.isEmpty && found.allSatisfy { $0.severity == .error }, "\(found.map(\.summary))")
    }

    @Test func aPageAtTheRootClimbsWithOneStep() {
        #expect(MachineFileURLs.climbsAbove("../x.png", levels: 0))
        #expect(!MachineFileURLs.climbsAbove("../x.png", levels: 1))
        #expect(MachineFileURLs.climbsAbove("a/../../x.png", levels: 0))
        #expect(!MachineFileURLs.climbsAbove("a/b/../../x.png", levels: 0))
        #expect(!MachineFileURLs.climbsAbove("/abs/../../x.png", levels: 0))
        #expect(!MachineFileURLs.climbsAbove("https:../../x", levels: 0))
        #expect(!MachineFileURLs.climbsAbove("#../..", levels: 0))
    }
}
