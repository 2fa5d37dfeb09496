import Foundation
import Testing

/// A sample that fails on purpose is introduced by "이 예제는 일부러 컴파일되지 않게(실패하게) 만든 것입니다",
/// and appendix A's '이 강의의 컴파일러와 Xcode' section explains the mark under such a sample. Korean
/// review 43a found the pointer to it on two pages' sentences and missing from sixteen others, while
/// 8.7절 carried it five times. The house rule (Tests/LectureWriting.md, 장과 절 참조) gives it once a page:
/// the page's first such sentence points there (a reader of the web edition may land on any page), the
/// later ones do not. These tests read the prose of every page (code and boxes left out).
enum LectureFailingSampleNote {
    /// A sentence that introduces a sample failing on purpose.
    static var announcement: Regex<Substring> { #/일부러 (?:테스트가 )?(?:컴파일되지 않게|실패하게) (?:만든|만들)/# }

    /// The section that explains the marks, as a link on another page or in appendix A itself.
    static let anchor = "#이-강의의-컴파일러와-xcode"

    /// A line that breaks the rule (1-based), and whether it lacks the pointer (the page's first) or
    /// repeats it (a later one).
    struct Misplaced: Equatable {
        let line: Int
        let lacksPointer: Bool
    }

    /// The prose lines of a page that break the rule.
    static func misplaced(_ lines: [String]) -> [Misplaced] {
        var result: [Misplaced] = []
        var inCode = false
        var seen = false
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode, !line.hasPrefix(">"), line.contains(Self.announcement) else { continue }
            let points = line.contains(Self.anchor)
            if !seen, !points { result.append(Misplaced(line: index + 1, lacksPointer: true)) }
            if seen, points { result.append(Misplaced(line: index + 1, lacksPointer: false)) }
            seen = true
        }
        return result
    }
}

extension LectureContentTermTests {
    @Test("일부러 실패하는 예제: 쪽마다 첫 소개 문장만 검증 표시를 설명한 곳을 가리킨다")
    func failingSampleNotePointsOncePerPage() throws {
        var pages = 0
        for page in try Self.pages() where page.name.hasSuffix(".md") {
            if page.lines.contains(where: { $0.contains(LectureFailingSampleNote.announcement) }) { pages += 1 }
            for found in LectureFailingSampleNote.misplaced(page.lines) {
                let fix =
                    found.lacksPointer
                    ? "the page's first sentence on a sample failing on purpose points to the marks: (→ 부록 A '[이 강의의 컴파일러와 Xcode](appendix-compiler.md#이-강의의-컴파일러와-xcode)' 절)"
                    : "only the page's first sentence on a sample failing on purpose points to the marks; drop this pointer"
                Issue.record("content/\(page.name):\(found.line): \(fix) (Tests/LectureWriting.md, 장과 절 참조)")
            }
        }
        #expect(pages >= 10)
    }

    @Test("일부러 실패하는 예제: 검사는 빠진 첫 참조와 되풀이한 참조를 잡고, 코드와 상자는 읽지 않는다")
    func failingSampleNoteCheckCatchesBoth() {
        let pointer = "(→ 부록 A '[이 강의의 컴파일러와 Xcode](appendix-compiler.md#이-강의의-컴파일러와-xcode)' 절)"
        let silent = [
            "> 일부러 실패하게 만든 예제에는 표시가 붙습니다.", "```swift", "// 일부러 컴파일되지 않게 만든 줄", "```",
            "이 예제는 일부러 컴파일되지 않게 만든 것입니다.", "이 예제도 일부러 테스트가 실패하게 만든 것입니다\(pointer).",
        ]
        #expect(
            LectureFailingSampleNote.misplaced(silent) == [
                .init(line: 5, lacksPointer: true), .init(line: 6, lacksPointer: false),
            ])
        let kept = ["이 예제는 일부러 실패하게 만든 것입니다\(pointer).", "이 예제도 일부러 실패하게 만든 것입니다."]
        #expect(LectureFailingSampleNote.misplaced(kept).isEmpty)
    }
}
