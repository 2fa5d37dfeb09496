import Testing

@testable import LectureSupport

/// `HTMLAttributes`, the one reader of attributes: every quoting HTML allows, names in any case,
/// spaces around `=`, character references, `srcset`, and what is not an attribute at all.
@Suite struct HTMLAttributesTests {
    /// Each tag's attributes as (lowercased name, decoded value) pairs.
    func read(_ html: String) -> [[(String, String)]] {
        let bytes = Array(html.utf8)
        var tags: [[(String, String)]] = []
        HTMLAttributes.scan(bytes) { tag in
            tags.append(
                tag.attributes.map {
                    (HTMLAttributes.lowercased($0.name, in: bytes), HTMLAttributes.value($0.value, in: bytes))
                })
        }
        return tags
    }

    @Test(arguments: [
        (#"<img src="a.png">"#, "double quotes"), ("<img src='a.png'>", "single quotes"), ("<img src=a.png>", "bare"),
        (#"<IMG SRC="a.png">"#, "upper case"), (#"<img Src="a.png">"#, "mixed case"),
        (#"<img src = "a.png">"#, "spaces around ="), ("<img\nsrc=\n'a.png'\n>", "line breaks"),
        ("<img\tsrc=a.png >", "a tab"), (#"<img src="a&#46;png">"#, "a reference"),
        ("<img src=a&period;png>", "a named reference, bare"),
    ])
    func everyQuotingGivesTheSameValue(_ html: String, _ kind: String) {
        let tags = read(html)
        #expect(tags.count == 1, "\(kind)")
        #expect(tags.first?.first.map { $0.0 == "src" && $0.1 == "a.png" } == true, "\(kind): \(tags)")
    }

    @Test func valuesKeepTheOtherQuoteAndAValuelessAttributeHasNone() {
        let tags = read(#"<a title='say "hi"' hidden href="x'y" data-x=1>"#)
        #expect(tags.count == 1)
        #expect(tags[0].map(\.0) == ["title", "hidden", "href", "data-x"])
        #expect(tags[0].map(\.1) == [#"say "hi""#, "", "x'y", "1"])
    }

    @Test func textCommentsAndRawTextHoldNoAttributes() {
        let html = #"href="t" <!-- <img src="c.png"> --><script>var s = '<img src="s.png">';</script><p id=after>"#
        #expect(read(html).map { $0.map(\.1) } == [[], ["after"]], "the script tag, then the p")
        var raw: [String] = []
        HTMLAttributes.scan(
            Array("<STYLE>a{}</style><p>".utf8), rawText: { name, _ in raw.append(name) }, visit: { _ in })
        #expect(raw == ["style"])
        #expect(read("<p id='open").first?.first?.1 == "open", "a value unterminated at the end")
        #expect(read("< p id=x> <3 <").isEmpty, "no tag without a letter after <")
    }

    @Test func srcsetGivesEachCandidatesURL() {
        #expect(HTMLAttributes.srcsetURLs("a.png 1x, b.png 2x,c.png") == ["a.png", "b.png", "c.png"])
        #expect(HTMLAttributes.srcsetURLs(" a.png  640w ,, ") == ["a.png"])
        #expect(HTMLAttributes.srcsetURLs("") == [])
    }

    @Test func idsAreIdAndNameValuesInAnyQuoting() {
        let ids = HTMLAttributes.ids(
            in: Array(#"<a NAME=top><div id='box'><span ID = "a&amp;b"><p data-id="no">"#.utf8))
        #expect(ids == ["top", "box", "a&b"])
    }
}
