import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// `lecture pdf` of a book whose page runs `<script>while (true) {}</script>`
/// waited 181 s, then said `Chromium did not write the PDF (timedOut)` with a stray line of
/// Debian's wrapper script: no cause, no page. Now a time-out says that the page never finished
/// loading, that a script that never ends is the usual cause, and names the pages whose content
/// holds a script; the wrapper's line is left out. (The limit is lowered here to keep the test short.)
/// The killed Chromium's temporary folders are removed with the print, never left in TMPDIR.
struct PDFTimeOutBadInputTests {
    @Test(.enabled(if: PDFCommand.chromiumIsInstalled))
    func aPageWhoseScriptNeverEndsIsNamedWhenChromiumTimesOut() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [Intro](intro.md)\n- [Loop](loop.md)\n",
            "intro.md": "# Intro\n\nCalm.\n",
            "loop.md": "# Loop\n\n<script>while (true) {}</script>\n",
        ])
        #expect(!failed, "\(lines)")
        #expect(PDFCommand.pagesWithScripts(in: root + "/_site") == ["loop.html"])
        let chromium = try PDFCommand.findChromium(nil)
        let leftovers = {
            Set(
                ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter {
                    $0.hasPrefix("org.chromium.")
                })
        }
        let before = leftovers()
        let started = ContinuousClock.now
        #expect {
            _ = try PDFCommand.print(
                root + "/_site/loop.html", to: root + "/loop.pdf", chromium: chromium, profile: root + "/profile",
                timeLimit: 8)
        } throws: { error in
            guard let diagnostic = (error as? LectureError)?.diagnostics.first else { return false }
            let text = ([diagnostic.summary] + diagnostic.notes).joined(separator: "\n")
            return text.contains("Chromium did not finish printing loop.html within 8 s")
                && text.contains("never finished loading") && text.contains("a <script>: loop.html")
                && !text.contains("unexpected operator")
        }
        #expect(ContinuousClock.now - started < .seconds(60))
        // Chromium killed at the limit leaves its temporary folders behind: in the print's own (which
        // it removes), never in TMPDIR (`make test` failed on 'org.chromium.Chromium.qJ4ZhY').
        #expect(leftovers().subtracting(before).isEmpty, "\(leftovers().subtracting(before))")
    }
}
