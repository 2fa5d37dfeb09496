import Testing

@testable import CommonMark

@Suite struct MarkdownParserTests {
    @Test func fencedCodeBlockKeepsInfoStringAndLine() {
        let blocks = MarkdownParser.parse("문단\n\n```swift no_run\nprint(1)\n```\n")
        #expect(blocks.count == 2)
        guard case .codeBlock(let code) = blocks[1].kind else {
            Issue.record("expected a code block, got \(blocks[1].kind)")
            return
        }
        #expect(code.info == "swift no_run")
        #expect(code.language == "swift")
        #expect(code.code == "print(1)\n")
        #expect(code.isFenced)
        #expect(blocks[1].range.start == SourceLocation(line: 3, column: 1))
        #expect(blocks[1].range.end.line == 5)
    }

    @Test func fenceInsideListItemIsFound() {
        let blocks = MarkdownParser.parse("- item\n\n  ```swift\n  let a = 1\n  ```\n")
        guard case .list(let list) = blocks[0].kind, case .codeBlock(let code) = list.items[0].blocks[1].kind else {
            Issue.record("expected a code block inside the list item")
            return
        }
        #expect(code.code == "let a = 1\n")
        #expect(list.items[0].blocks[1].range.start == SourceLocation(line: 3, column: 3))
    }

    @Test func fourBacktickFenceHoldsThreeBacktickText() {
        let blocks = MarkdownParser.parse("````markdown\n```swift\nx\n```\n````\n")
        #expect(blocks.count == 1)
        guard case .codeBlock(let code) = blocks[0].kind else {
            Issue.record("no code block")
            return
        }
        #expect(code.language == "markdown")
        #expect(code.code == "```swift\nx\n```\n")
    }

    @Test func indentedCodeIsNotFenced() {
        let blocks = MarkdownParser.parse("text\n\n    code\n")
        guard case .codeBlock(let code) = blocks[1].kind else {
            Issue.record("no code block")
            return
        }
        #expect(!code.isFenced)
        #expect(code.info.isEmpty)
    }

    /// Without an info string, a block is fenced when it is longer than its code (the fences):
    /// the code's lines are counted in its bytes, Korean and blank lines and CRLF included.
    @Test func fenceWithoutInfoStringIsToldFromIndentedCodeByItsLines() {
        for (markdown, fenced) in [
            ("문단\n\n```\n한글 코드\n\n둘째 줄\n```\n", true), ("문단\r\n\r\n```\r\n한글\r\n```\r\n", true),
            ("문단\n\n```\n```\n", true), ("문단\n\n    한글 코드\n\n    둘째 줄\n", false),
            // Indented code before blank lines (cmark's range takes them in), or starting with a fence.
            ("문단\n\n    코드\n\n\n끝\n", false), ("문단\n\n    ```\n    코드\n\n끝\n", false),
            ("문단\n\n  ~~~\n  코드\n  ~~~\n\n끝\n", true),
        ] {
            let blocks = MarkdownParser.parse(markdown)
            guard blocks.count >= 2, case .codeBlock(let code) = blocks[1].kind else {
                Issue.record("no code block in \(markdown.debugDescription)")
                continue
            }
            #expect(code.isFenced == fenced, "\(markdown.debugDescription)")
        }
    }

    @Test func smartPunctuationIsOffByDefault() {
        let blocks = MarkdownParser.parse("`--configuration`, --configuration, 1...5, Swift's \"a\"\n")
        #expect(
            blocks[0].kind == .paragraph([.code("--configuration"), .text(", --configuration, 1...5, Swift's \"a\"")]))
    }

    @Test func smartPunctuationWhenAskedFor() {
        let blocks = MarkdownParser.parse("\"a\" -- b...\n", smartPunctuation: true)
        #expect(blocks[0].kind == .paragraph([.text("\u{201C}a\u{201D} \u{2013} b\u{2026}")]))
    }

    @Test func plainTextOfHeadingDropsMarkup() {
        let blocks = MarkdownParser.parse("## 모델 *과* `뷰`\n")
        guard case .heading(let level, let content, _) = blocks[0].kind else {
            Issue.record("no heading")
            return
        }
        #expect(level == 2)
        #expect(content.plainText == "모델 과 뷰")
    }
}
