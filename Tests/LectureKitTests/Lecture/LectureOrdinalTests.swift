import Foundation
import Testing

/// Korean review 27 found prose that points at tests and versions by number or order and names the
/// wrong thing: "8.5절의 마지막 세 테스트" took in a test about saving and left out one about loading,
/// and "네 버전" beside the five columns of table 8-1 left the reader to guess which four. These
/// tests read every page's ordinals of tests against the test block they point at, and hold chapter
/// 8's pages to naming which four of its five versions a paragraph means.
extension LectureContentCountTests {
    static let ordinalWords = "첫|두|세|네|다섯|여섯|일곱|여덟|아홉|열"
    /// The stems of "첫째, 둘째, …": the one form the book uses for a test's place (review 28 E8).
    static let ordinalStems = "첫|둘|셋|넷|다섯|여섯|일곱|여덟|아홉|열"

    /// "N째 테스트", "N째부터 M째 테스트", "첫 테스트", each possibly after the place it
    /// points into: "8.5절의 " or a link "…](page.md#anchor)' 절의 " ("8.3절 '…](…)'의 " after a section's number).
    static var testOrdinal: Regex<AnyRegexOutput> {
        try! Regex(
            #"(?:(\d+\.\d+)절의 |\]\(([\w.-]+\.md)(?:#([^)]*))?\)'(?: 절)?의 )?"#
                + "(?:(\(ordinalStems))째(?:부터 (\(ordinalStems))째)?|첫) 테스트")
    }

    /// "마지막 세 테스트", "마지막 테스트": a count from the end, which reads right only while no test is added.
    static var testsFromTheEnd: Regex<AnyRegexOutput> { try! Regex("마지막 (?:(?:\(ordinalWords)) )?테스트") }

    /// "두 번째 테스트": the other form of an ordinal; the book names a test's place "둘째 테스트" (review 28 E8).
    static var spelledOrdinal: Regex<AnyRegexOutput> {
        try! Regex("(?:^|[^가-힣])(?:\(ordinalWords)) 번째(?:부터 (?:\(ordinalWords)) 번째)? 테스트")
    }

    /// The number of tests in a code block: Swift Testing's `@Test` and XCTest's `func test…(`.
    static func testCount(_ lines: [String]) -> Int {
        lines.filter {
            let code = $0.trimmingCharacters(in: .whitespaces)
            return code.hasPrefix("@Test") || code.firstMatch(of: /^func test\w*\(/) != nil
        }.count
    }

    /// The code blocks of `lines` with the lines they span (fences included).
    static func spans(_ lines: [String]) -> [(range: ClosedRange<Int>, tests: Int)] {
        var result: [(range: ClosedRange<Int>, tests: Int)] = []
        var open: Int? = nil
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            if let start = open {
                result.append((start...index, testCount(Array(lines[start...index]))))
                open = nil
            } else {
                open = index
            }
        }
        return result
    }

    /// The most tests one block of `text` holds: what "the Nth test of that section" can count on.
    static func mostTests(_ text: String) -> Int {
        spans(text.components(separatedBy: "\n")).map(\.tests).max() ?? 0
    }

    /// Every ordinal of a test in `lines` (the page `file`) beyond the tests of the block it points
    /// at, and every count from the end, as "content/file:line: …". An ordinal without a place points
    /// at the nearest test block above it under the same heading, else the next one below.
    static func ordinalProblems(
        file: String, lines: [String], sections: (_ label: String?, _ page: String?, _ anchor: String?) -> Int?
    ) -> [String] {
        let blocks = spans(lines)
        var problems: [String] = []
        var heading = -1
        for (index, line) in lines.enumerated() {
            if blocks.contains(where: { $0.range.contains(index) }) { continue }
            if line.hasPrefix("#") {
                heading = index
                continue
            }
            if line.contains(testsFromTheEnd) {
                problems.append(
                    "content/\(file):\(index + 1): a count from the end (\"마지막 세 테스트\"); name the tests by"
                        + " their ordinals (\"여섯째부터 여덟째 테스트\")")
            }
            if line.contains(spelledOrdinal) {
                problems.append(
                    "content/\(file):\(index + 1): '두 번째 테스트'; the book names a test's place '둘째 테스트'")
            }
            for match in line.matches(of: testOrdinal) {
                let words = (4...5).compactMap { match.output[$0].substring }
                let ordinal = words.map { $0 == "첫" ? 1 : Self.number($0) }.max() ?? 1
                let available: Int?
                let label = match.output[1].substring.map(String.init)
                let page = match.output[2].substring.map(String.init)
                if label != nil || page != nil {
                    available = sections(label, page, match.output[3].substring.map(String.init))
                } else {
                    let above = blocks.last {
                        $0.range.upperBound < index && $0.range.lowerBound > heading && $0.tests > 0
                    }
                    let below = blocks.first { $0.range.lowerBound > index && $0.tests > 0 }
                    available = (above ?? below)?.tests
                }
                guard let available else {
                    problems.append(
                        "content/\(file):\(index + 1): '\(match.output[0].substring ?? "")' points at no test block")
                    continue
                }
                if ordinal > available {
                    problems.append(
                        "content/\(file):\(index + 1): '\(match.output[0].substring ?? "")' but the block it points at"
                            + " holds \(available) tests")
                }
            }
        }
        return problems
    }

    /// The tests one block of a place can hold: a section by its book label ("8.5절"), or a page's section by link.
    static func testsAt(_ label: String?, _ page: String?, _ anchor: String?) -> Int? {
        if let label {
            guard let file = LectureIndexTests.pages.first(where: { $0.label == label + "절" })?.file else { return nil }
            return mostTests(Self.page(file).joined(separator: "\n"))
        }
        guard let page, let text = Self.section(page, anchor) else { return nil }
        return mostTests(text)
    }

    @Test("서수: 'N째 테스트'는 가리키는 테스트 블록에 있는 테스트 수를 넘지 않고, 끝에서 세지 않는다")
    func testOrdinalsPointAtTests() {
        var checked = 0
        for page in LectureIndexTests.pages {
            let lines = Self.page(page.file)
            checked += lines.reduce(0) { $0 + $1.matches(of: Self.testOrdinal).count }
            for problem in Self.ordinalProblems(file: page.file, lines: lines, sections: Self.testsAt) {
                Issue.record("\(problem)")
            }
        }
        #expect(checked > 20)
    }

    @Test("서수: 검사는 끝에서 센 테스트, '두 번째 테스트' 꼴, 테스트 수를 넘는 서수를 잡는다")
    func testOrdinalCheckCatchesReview27() {
        // Review 27's E1, as it stood, and an ordinal past a three-test block.
        let lines = [
            "# 제목", "```swift test", "@Test func a() {}", "@Test func b() {}", "@Test func c() {}", "```",
            "8.5절의 마지막 세 테스트가 리듀서에서 같은 규칙을 확인합니다.", "넷째 테스트는 없는 테스트입니다.",
            "8.5절의 열째 테스트도 없습니다.",
            // Review 28's E8 and its sibling, as they stood.
            "마지막 테스트는 저장이 보관소를 기다리는 사이에 사용자가 화면을 닫는 경우를 흉내 냅니다.",
            "두 번째 테스트는 화면이 빠르게 다시 나타나도 다시 불러오지 않는지 확인합니다.", "둘째 테스트는 있습니다.",
        ]
        let problems = Self.ordinalProblems(file: "x.md", lines: lines) { label, _, _ in label == "8.5" ? 9 : nil }
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.first?.hasPrefix("content/x.md:7:") == true)
    }

    /// Chapter 8 builds one app five ways; "네 버전" or "네 구조" there must say which four.
    static var fourOfFive: Regex<Substring> { /(?:^|[^가-힣])네 (?:버전|구조|예제)/ }
    static var whichFour: Regex<AnyRegexOutput> { try! Regex(#"8\.1~8\.4절|8\.1절부터 8\.4절|다른 네 "#) }

    /// The paragraphs of `lines` (outside code, split at blank lines and headings) that say "네
    /// 버전/구조/예제" without naming which four, as "content/file:line: …".
    static func unnamedFours(file: String, lines: [String]) -> [String] {
        var problems: [String] = []
        var paragraph: [(index: Int, line: String)] = []
        var fenced = false
        func close() {
            let text = paragraph.map(\.line).joined(separator: " ")
            if text.contains(fourOfFive), !text.contains(whichFour),
                let first = paragraph.first(where: { $0.line.contains(fourOfFive) })
            {
                problems.append(
                    "content/\(file):\(first.index + 1): '네 버전/구조' among chapter 8's five; name them (8.1~8.4절의 네 버전)")
            }
            paragraph = []
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") {
                close()
            } else {
                paragraph.append((index, line))
            }
        }
        close()
        return problems
    }

    @Test("서수: 8장의 쪽에서 '네 버전/네 구조'는 어느 넷인지 문단 안에서 밝힌다")
    func chapterEightNamesItsFour() {
        let files = LectureIndexTests.pages.map(\.file).filter { $0.hasPrefix("app") }
        #expect(files.count >= 8)
        for file in files {
            for problem in Self.unnamedFours(file: file, lines: Self.page(file)) { Issue.record("\(problem)") }
        }
        let old = [
            "모델의 상태(연락처 목록)는 네 버전 모두 한곳에 있지만, 뷰 상태는 구조마다 다른 곳에 있습니다.",
            "8장의 다섯 버전 가운데 화면 스택까지 상태에 담는 것은 TEA 버전뿐입니다.", "",
            "8.1~8.4절의 네 버전 모두 UIKit의 내비게이션 스택이 맡습니다.",
        ]
        #expect(Self.unnamedFours(file: "x.md", lines: old).count == 1)
    }
}
