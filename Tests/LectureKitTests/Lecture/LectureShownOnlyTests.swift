import Foundation
import Testing

/// Chapter 1 ('예제를 읽는 방법') tells the reader that code the lecture only shows is said to be so on
/// its page, and the house rule (Tests/LectureWriting.md, 실행하는 코드와 보여 주기만 하는 코드) asks for
/// that "보여 주기만 합니다" sentence. Korean review 42a found appendix A's `Package.swift` fragment, a
/// fence marked `ignore`, without one, and a grep of every `ignore` fence found three more. These tests
/// look for the sentence in the prose above each such fence: the lines since the fence before it, or,
/// for fences that follow one another with nothing but blank lines between them, the prose above the
/// first ("아래 두 코드는 … 보여 주기만 합니다" introduces both).
enum LectureShownOnly {
    /// What the page says of code it only shows.
    static let announcement = "보여 주기만"

    /// Whether a line opens a Swift fence marked `ignore` (not `ignore-linux`, which is compiled).
    static func isShownOnly(_ line: String) -> Bool {
        guard line.hasPrefix("```swift") else { return false }
        return line.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "," }).contains("ignore")
    }

    /// The lines (1-based) of the `ignore` fences of a page with no announcement in the prose above.
    static func unannounced(_ lines: [String]) -> [Int] {
        var result: [Int] = []
        var prose: [String] = []
        var inCode = false
        var afterFence = false
        var announced = false
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("```") else {
                if !inCode { prose.append(line) }
                continue
            }
            if inCode {
                inCode = false
                afterFence = true
                prose = []
                continue
            }
            inCode = true
            let joined = afterFence && prose.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            if !joined { announced = prose.contains { $0.contains(Self.announcement) } }
            if isShownOnly(line), !announced { result.append(index + 1) }
        }
        return result
    }
}

extension LectureContentTermTests {
    @Test("보여 주기만 하는 코드: 'ignore' 블록마다 바로 위의 본문이 보여 주기만 한다고 밝힌다")
    func shownOnlyCodeIsAnnounced() throws {
        var fences = 0
        for page in try Self.pages() where page.name.hasSuffix(".md") {
            fences += page.lines.filter(LectureShownOnly.isShownOnly).count
            for line in LectureShownOnly.unannounced(page.lines) {
                Issue.record(
                    "content/\(page.name):\(line): a fence marked 'ignore' with no \"보여 주기만 합니다\" in the prose above it; say that the code is only shown, as chapter 1 promises (Tests/LectureWriting.md, 실행하는 코드와 보여 주기만 하는 코드)"
                )
            }
        }
        #expect(fences >= 9)
    }

    @Test("보여 주기만 하는 코드: 검사는 밝히지 않은 'ignore' 블록을 잡고, 한 문장이 소개한 연이은 블록은 둔다")
    func shownOnlyCheckCatchesSilentFences() {
        let silent = [
            "패키지 전체를 앱 타깃과 같게 만들고 싶다면 타깃의 설정에 기본 격리를 적습니다.", "", "```swift ignore", "let x = 1", "```",
        ]
        #expect(LectureShownOnly.unannounced(silent) == [3])
        let pair = [
            "아래 두 코드는 Apple 플랫폼에서만 빌드되므로 보여 주기만 합니다.", "", "```swift ignore", "a", "```", "", "```swift ignore", "b",
            "```", "", "다음 문단입니다.", "", "```swift ignore", "c", "```", "", "```swift ignore-linux", "d", "```",
        ]
        #expect(LectureShownOnly.unannounced(pair) == [13])
    }
}
