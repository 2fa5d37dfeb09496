import Foundation
import Testing

/// Korean review 29 (2-28): some pages named an outside writing by its title with a footnote (칸루의 2017년
/// 글, Clean Swift), others by its title alone ("The Coordinator", "Lighter View Controllers", "Twisting the
/// Triad", "The Humble Dialog Box", 《Working Effectively with Legacy Code》, 《App Architecture》). The rule
/// is one: a page that names a writing of 11장's '더 읽을거리' by its title ("…" or 《…》) gives it a footnote
/// where the page first names it. This test holds each page to that rule.
extension LectureContentTermTests {
    /// Pages the other Korean editor line-edits in parallel (review 29): their first 《App Architecture》
    /// gets its footnote there. Remove an entry when its footnote lands.
    static let pendingTitleFootnotes: Set<String> = []

    /// The titles of the reading list, up to a colon, that are long enough to be told apart (12 characters
    /// or more; proposals have their own rule).
    static func readingListTitles(_ closing: [String]) -> [String] {
        guard let start = closing.firstIndex(of: "## 더 읽을거리") else { return [] }
        let section = closing[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        var titles: Set<String> = []
        for line in section where line.hasPrefix("- ") {
            for match in line.matches(of: /"([^"]+)"|《([^》]+)》/) {
                let whole = String(match.output.1 ?? match.output.2 ?? "")
                let title = String(whole.split(separator: ":", maxSplits: 1).first ?? "").trimmingCharacters(
                    in: .whitespaces)
                if title.count >= 12, !title.hasPrefix("SE-") { titles.insert(title) }
            }
        }
        return titles.sorted()
    }

    /// Each title's first naming on a page ("…" or 《…》) that no footnote follows on its line, as "file:line: …".
    static func uncitedTitles(_ page: (name: String, lines: [String]), titles: [String]) -> [String] {
        var seen: Set<String> = []
        var problems: [String] = []
        var inCode = false
        for (index, line) in page.lines.enumerated() {
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            if inCode || line.hasPrefix("[^") { continue }
            for title in titles where !seen.contains(title) {
                guard let range = line.range(of: "\"" + title) ?? line.range(of: "《" + title) else { continue }
                seen.insert(title)
                if !line[range.upperBound...].contains("[^"), !pendingTitleFootnotes.contains(page.name + "|" + title) {
                    problems.append(
                        "content/\(page.name):\(index + 1): \(title) is first named on this page without a footnote;"
                            + " cite it where the page first names it")
                }
            }
        }
        return problems
    }

    @Test("인용: 쪽마다 '더 읽을거리'의 글을 제목으로 처음 밝히는 곳에 각주를 단다")
    func titledWritingHasFootnote() throws {
        let pages = try Self.pages()
        let closing = pages.first { $0.name == "closing.md" }?.lines ?? []
        let titles = Self.readingListTitles(closing)
        #expect(titles.count > 20)
        for page in pages where page.name.hasSuffix(".md") && !["closing.md", "glossary.md"].contains(page.name) {
            for problem in Self.uncitedTitles(page, titles: titles) { Issue.record("\(problem)") }
        }
    }

    @Test("인용: 제목 각주 검사는 각주 없는 첫 제목만 잡고, 코드와 두 번째 언급은 세지 않는다")
    func titleFootnoteCheckCatchesBareTitle() {
        let titles = ["Lighter View Controllers", "The Coordinator"]
        let page = (
            name: "apple-mvc.md",
            lines: [
                "```swift", "// \"The Coordinator\"", "```", "글 \"Lighter View Controllers\"는 데이터 소스를 떼어 냅니다.",
                "다시 \"Lighter View Controllers\"[^x]를 봅니다.", "블로그 글 \"The Coordinator\"[^k]에서",
            ]
        )
        #expect(
            Self.uncitedTitles(page, titles: titles).map { $0.components(separatedBy: ": ")[0] } == [
                "content/apple-mvc.md:4"
            ])
    }
}
