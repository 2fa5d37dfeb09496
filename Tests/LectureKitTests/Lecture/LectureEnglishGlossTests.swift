import Foundation
import Testing

/// The glossary promises that a term's English is given where the term first appears and once more in
/// the chapter that defines it (the term table's '처음 설명한 곳'). Korean review 26 found the English
/// repeated a third time or more in eleven places (애플리케이션 모델(Application Model) in 4장, 타깃-액션
/// (target-action) and 호스트 앱(host application) in 3장, 험블 뷰(Humble View) in 9장, …). This test
/// reads the book in SUMMARY.md order and fails at every gloss beyond those two.
extension LectureIndexTests {
    /// Lines that give the English on purpose: lists that quote another author's names for his roles
    /// (Potel's six parts, VIPER's five), and a sentence that tells two terms apart by their English.
    static let deliberateGlosses = [
        "포텔은 MVC의 세 역할을 여섯으로", "- **프레젠터**(Presenter): 인터랙터가 준 결과", "속성 래퍼(property wrapper)와는 다른",
    ]

    /// "term(English" followed by "," or ")", the term possibly bold ("**인터랙터**(Interactor)").
    static func glossPattern(_ term: String, _ english: String) throws -> Regex<AnyRegexOutput> {
        func escaped(_ text: String) -> String {
            text.map { "\\^$.|?*+()[]{}/".contains($0) ? "\\\($0)" : String($0) }.joined()
        }
        return try Regex("(?:^|[^가-힣])" + escaped(term) + #"(?:\*\*)?\("# + escaped(english) + "[,)]")
            .ignoresCase()
    }

    /// Every gloss beyond the first in the book and the first in the defining page, as "file:line: …".
    static func repeatedGlosses(
        in book: [(file: String, lines: [String])], rows: [(names: [String], english: [String], place: String)]
    ) throws -> (problems: [String], glosses: Int) {
        var problems: [String] = []
        var glosses = 0
        for row in rows {
            let definingFile = row.place.firstMatch(of: /\(([\w.-]+\.md)/).map { String($0.output.1) }
            for term in row.names {
                for english in row.english {
                    let pattern = try glossPattern(term, english)
                    var seenFirst = false
                    var seenInDefiningPage = false
                    for page in book {
                        // The open fence: nil outside, true in code, false in a `table` block (prose).
                        var inCode: Bool? = nil
                        for (index, line) in page.lines.enumerated() {
                            if line.hasPrefix("```") {
                                inCode = inCode == nil ? !line.hasPrefix("```table") : nil
                                continue
                            }
                            if inCode == true || deliberateGlosses.contains(where: line.contains) { continue }
                            for _ in line.matches(of: pattern) {
                                glosses += 1
                                let isDefining = page.file == definingFile && !seenInDefiningPage
                                if !seenFirst || isDefining {
                                    seenFirst = true
                                    if page.file == definingFile { seenInDefiningPage = true }
                                } else {
                                    problems.append(
                                        "content/\(page.file):\(index + 1): \(term)(\(english)) again; the English is"
                                            + " given where the term first appears and in the chapter that defines it")
                                }
                            }
                        }
                    }
                }
            }
        }
        return (problems, glosses)
    }

    @Test("원어: 용어의 영어 원어는 처음 나오는 곳과 정의하는 장에서만 밝힌다")
    func englishOnlyAtFirstUseAndDefinition() throws {
        let book = Self.pages.map { (file: $0.file, lines: LectureContentCountTests.page($0.file)) }
        let (problems, glosses) = try Self.repeatedGlosses(in: book, rows: Self.tableRows())
        for problem in problems { Issue.record("\(problem)") }
        #expect(glosses > 80)
    }

    @Test("원어: 검사는 세 번째 원어와 정의하는 장 밖의 두 번째 원어를 잡는다")
    func englishCheckCatchesRepeats() throws {
        let rows = [
            (names: ["애플리케이션 모델"], english: ["Application Model"], place: "2장 [x](mvc.md#x)"),
            (names: ["호스트 앱"], english: ["host application"], place: "1장 [x](README.md#x)"),
            (names: ["인터랙터"], english: ["Interactor"], place: "10장 [x](next-steps.md#x)"),
        ]
        let book = [
            (file: "README.md", lines: ["앱을 호스트 앱(host application)으로 삼습니다."]),
            (
                file: "mvc.md",
                lines: ["애플리케이션 모델(Application Model)이라는 층", "```swift", "// 호스트 앱(host application)", "```"]
            ),
            (file: "apple-mvc.md", lines: ["테스트 번들은 앱을 호스트 앱(host application)으로 삼습니다."]),
            (file: "mvp.md", lines: ["애플리케이션 모델(Application Model)이 있던 자리에", "포텔은 MVC의 세 역할을 여섯으로: 인터랙터(Interactor)"]),
            (file: "next-steps.md", lines: ["- **인터랙터**(Interactor): 규칙", "다시 인터랙터(interactor)는"]),
        ]
        let (problems, _) = try Self.repeatedGlosses(in: book, rows: rows)
        #expect(
            problems.map { $0.components(separatedBy: ": ")[0] } == [
                "content/mvp.md:1", "content/apple-mvc.md:1", "content/next-steps.md:2",
            ])
    }
}
