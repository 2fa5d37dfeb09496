import Testing

@testable import CommonMark

/// Our renderer must agree with cmark's `cmark_render_html` on every document here.
@Suite struct HTMLRendererTests {
    static let corpus: [String] = [
        "# 제목\n\n문단 *강조* **굵게** `코드` 그리고 [링크](a.md \"제목\").\n",
        "- 하나\n- 둘\n  - 셋\n\n1. first\n2. second\n",
        "3. loose\n\n4. list\n",
        "> 인용\n> 두 줄\n\n---\n\n***\n",
        "```swift\nlet x = 1 < 2 && true\n```\n\n    indented\n    code\n",
        "<div class=\"x\">\nraw html\n</div>\n\ninline <span>html</span> here\n",
        "hard  \nbreak and\\\nbackslash\n",
        "\"smart\" quotes -- dashes --- and... ellipsis 'single'\n",
        "![그림 *설명*](img.png \"t\") and <https://example.com/a?b=c&d=e> 한글 [링크](가나.md#다라)\n",
        "Setext\n======\n\nSub\n---\n",
        "- a\n\n  b\n- c\n",
        "&amp; &copy; &#35; \\* not emphasis\n",
        "> - quoted list\n>   ```swift\n>   print(1)\n>   ```\n",
        "````\n```swift\nnested\n```\n````\n",
    ]

    @Test(arguments: corpus)
    func rendersLikeCmark(_ markdown: String) {
        let ours = HTMLRenderer().render(MarkdownParser.parse(markdown))
        #expect(ours == MarkdownParser.referenceHTML(markdown))
    }

    /// Escaping copies the bytes before the first one it rewrites and goes on from there.
    @Test func escapingRewritesEverySpecialByteWhereverItStands() {
        let cases: [(String, String)] = [
            ("뷰 모델", "뷰 모델"), ("\"모델\"", "&quot;모델&quot;"), ("a<b>", "a&lt;b&gt;"), ("&", "&amp;"),
            ("탭\t줄\n", "탭\t줄\n"), ("\u{1B}[0m\u{7F}", "\u{241B}[0m\u{2421}"), ("", ""),
        ]
        // Every C0 control byte but tab, line feed and carriage return as its control picture;
        // a long text with an escape every few bytes (code) escaped whole.
        let controls = (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }
        let code = String(repeating: "if a < b && c > \"d\" { 한글 }\n", count: 200)
        let escapedCode = String(repeating: "if a &lt; b &amp;&amp; c &gt; &quot;d&quot; { 한글 }\n", count: 200)
        let all: [(String, String)] =
            cases
            + controls.map { (String(UnicodeScalar(UInt8($0))), String(UnicodeScalar(0x2400 + UInt32($0))!)) }
            + [(code, escapedCode), ("<" + code, "&lt;" + escapedCode)]
        for (text, escaped) in all {
            #expect(HTML.escape(text) == escaped, "\(text.debugDescription)")
            #expect(HTML.escape(String("x" + text + "x").dropFirst().dropLast().description) == escaped)
        }
    }
}
