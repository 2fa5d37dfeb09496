import Foundation
import Testing

@testable import LectureServe

/// The live-reload snippet goes where it is markup: never into a comment or a script's text
/// (a template whose only `</body>` stood in a script's string got the
/// snippet inside the string, which broke the script and showed `";` on every page).
@Suite struct LiveReloadPlacementTests {
    func served(_ page: String) -> String {
        String(decoding: LiveReload.inject(into: Array(page.utf8), state: SiteState(version: "v-1")), as: UTF8.self)
    }

    /// The text before the snippet's script, and after its end.
    func around(_ page: String) -> (before: String, after: String)? {
        let html = served(page)
        guard let start = html.range(of: "<script id=\"lecture-live-reload\""),
            let end = html.range(of: "</script>\n", range: start.upperBound..<html.endIndex)
        else { return nil }
        return (String(html[..<start.lowerBound]), String(html[end.upperBound...]))
    }

    @Test func aBodyEndInAScriptStringOrACommentIsNotThePlace() throws {
        let onlyInScript = "<main>x</main>\n<script>var x = \"</body>\";</script>\n"
        let placed = try #require(around(onlyInScript))
        #expect(placed.before == onlyInScript && placed.after.isEmpty, "\(placed)")

        let real =
            "<body><!-- </body> --><style>/* </BODY> */</style><p>x</p></BODY ><script>var s = \"</body>\";</script>"
        let placedBeforeReal = try #require(around(real))
        #expect(placedBeforeReal.before == "<body><!-- </body> --><style>/* </BODY> */</style><p>x</p>")
        #expect(placedBeforeReal.after == "</BODY ><script>var s = \"</body>\";</script>")

        #expect(around("<p>plain</p></body></html>")?.after == "</body></html>")
    }

    @Test func aPageEndingInsideAScriptOrCommentIsServedAsItIs() {
        for page in ["<p>x</p><script>var s = \"</body>\";", "<p>x</p><!-- </body>", "<p>x<textarea></body>"] {
            #expect(served(page) == page, "\(page)")
        }
    }
}
