import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `<a href="jav&#x09;ascript:alert(2)">` in a page's raw HTML failed the build
/// as `b/book/index.html: error: broken URL in the built page: 'jav	ascript:alert(2)' names …,
/// which the site does not have`, three times, at the built files: the check read the tab the
/// reference stands for as part of a path, where a browser drops it and runs the script. Now the
/// check of emitted URLs reads a URL as a browser does (tabs and line breaks dropped), and raw
/// HTML whose script scheme the source hides is a warning at its line, for every way of hiding
/// it: a numeric reference with or without `;`, `&Tab;`, `&NewLine;`, `&colon;`, a letter as a
/// reference, a typed tab, `vbscript:`, inline HTML and a `srcdoc` document. A scheme written
/// plainly (any case, after spaces) is the author's and published as written, as mdBook does.
struct HiddenScriptURLBadInputTests {
    @Test func aScriptSchemeTheSourceHidesIsWarnedAtItsLine() throws {
        let page = """
            # Intro

            <a href="jav&#x09;ascript:alert(2)">tab</a>
            <a href="java&#10;script:alert(3)">line feed</a>
            <a href="JaVaScRiPt&colon;alert(4)">colon</a>
            <a href="&#x6A;avascript:alert(5)">letter</a>
            <a href="java&#9script:alert(6)">no semicolon</a>
            <a href="java\tscript:alert(7)">typed tab</a>
            <a href="javascript:alert(1)">plain</a>
            <a href="JAVASCRIPT:alert(1)">upper case</a>
            <a href=" javascript:alert(1)">space</a>

            Inline <img src="jav&Tab;ascript:alert(8)"> and <a href="vb&NewLine;script:x">vb</a>.

            <iframe srcdoc="<a href='jav&amp;#x09;ascript:alert(9)'>x</a>"></iframe>

            """
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [Intro](intro.md)\n", "intro.md": page,
        ])
        #expect(!failed, "\(lines)")
        #expect(!lines.contains { $0.contains("broken URL") }, "\(lines)")
        let path = root + "/content/intro.md"
        let warned = [
            (3, 10, "javascript"), (4, 10, "javascript"), (5, 10, "javascript"), (6, 10, "javascript"),
            (7, 10, "javascript"), (8, 10, "javascript"), (13, 18, "javascript"), (13, 58, "vbscript"),
            (15, 17, "javascript"),
        ]
        for (line, column, scheme) in warned {
            #expect(
                lines.contains {
                    $0.hasPrefix("\(path):\(line):\(column): warning: ") && $0.contains("is a \(scheme): URL")
                }, "line \(line): \(lines)")
        }
        #expect(lines.filter { $0.contains(": warning: ") }.count == warned.count, "\(lines)")
    }

    @Test func referencesAreDecodedAsABrowserDecodesThem() {
        #expect(CharacterReferences.decoded("jav&#x09;ascript:") == "jav\tascript:")
        #expect(CharacterReferences.decoded("java&#9script:") == "java\tscript:")
        #expect(CharacterReferences.decoded("a&Tab;b&NewLine;c&colon;") == "a\tb\nc:")
        #expect(CharacterReferences.decoded("&#x0000000041;&#0;&#xD800;&#x110000;") == "A\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(CharacterReferences.decoded("&#;&#x;&unknown;") == "&#;&#x;&unknown;")
        #expect(EmittedLinkChecker.asBrowsersRead(" \u{1}jav\tas\ncript:x \n") == "javascript:x")
    }
}
