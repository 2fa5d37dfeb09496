import Testing

@testable import LectureKit

/// What `EmittedLinkChecker` reads of a built page's URLs and ids (through `HTMLAttributes`).
@Suite struct EmittedURLScanTests {
    @Test func urlsAreHrefAndSrcValuesWithAmpersandsDecoded() {
        let html = Array(#"<a href="a.html#x">=<img src="b.png" alt="="><a data-href="no" href="c?d=1&amp;e=2">"#.utf8)
        #expect(EmittedLinkChecker.urls(in: html) == ["a.html#x", "b.png", "c?d=1&e=2"])
        #expect(
            EmittedLinkChecker.urls(in: Array(#"href="x" <p title='a href="x"' href="y">"#.utf8)) == ["y"],
            "text and another attribute's value hold no attribute")
        #expect(EmittedLinkChecker.urls(in: Array(#"<a href="open"#.utf8)) == ["open"], "unterminated at the end")
        #expect(EmittedLinkChecker.urls(in: Array("=".utf8)).isEmpty && EmittedLinkChecker.urls(in: []).isEmpty)
    }

    /// What a browser loads into the page: `src`, `<object data>`, `<video poster>`, not `href`
    /// nor `data-*` attributes.
    @Test func embeddedURLsAreSrcDataAndPoster() {
        let html = Array(
            #"<a href="a.html"><iframe src="file:///etc/passwd"><object data="file:///etc/"><video poster="p.png"><b data-x="no">"#
                .utf8)
        #expect(
            EmittedLinkChecker.urls(in: html, embeddedOnly: true) == ["file:///etc/passwd", "file:///etc/", "p.png"])
        #expect(EmittedLinkChecker.urls(in: html).first == "a.html")
        #expect(EmittedLinkChecker.namesALocalFile(" FILE:///x") && !EmittedLinkChecker.namesALocalFile("files/x.png"))
    }

    @Test func idsAreTheValuesOfIdAttributesOnly() {
        let html = Array(#"<h2 id="개요">a=b</h2><p data-id="no" id="">x</p><div id="last"#.utf8)
        #expect(EmittedLinkChecker.ids(in: html) == ["개요", "", "last"])
        #expect(EmittedLinkChecker.ids(in: Array(#"id="start" x"#.utf8)).isEmpty, "outside a tag: not an attribute")
        #expect(EmittedLinkChecker.ids(in: Array(" id=".utf8)).isEmpty && EmittedLinkChecker.ids(in: []).isEmpty)
    }
}
