import Foundation
import Testing

/// Korean review 23 found the lecture's rhythm monotonous: 65 sentences ended in ~것입니다 and 23 in
/// ~뿐입니다, with ~셈입니다 and ~때문입니다 beside them, and a page often ended two sentences in a row
/// so. A page may still end a sentence with one of these nominal endings, never two in a row within a
/// paragraph; these tests find every such pair.
extension LectureContentTermTests {
    /// The endings that make a noun of the sentence and close it with 입니다.
    static var nominalEnding: Regex<Substring> { #/(?:것|뿐|셈|때문)입니다$/# }

    /// The prose sentences of a page in order, with nil where a paragraph ends (a blank line, a
    /// heading, a code block). Code spans and link targets are blanked, and a sentence's closing
    /// parenthesis ("…입니다(→ 8.5절).") is left out, so the ending is the last word.
    static func sentences(_ lines: [String]) -> [(line: Int, text: String)?] {
        var result: [(line: Int, text: String)?] = []
        var inCode = false
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                inCode.toggle()
                result.append(nil)
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inCode || trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("|") {
                result.append(nil)
                continue
            }
            let prose =
                trimmed
                .replacing(/^(?:[-*>]|\d+\.)\s*/, with: "")
                .replacing(/`[^`]*`/, with: "C")
                .replacing(/\]\([^)]*\)/, with: "]")
            var sentence = ""
            for character in prose {
                if character == " ", let last = sentence.last, ".?!".contains(last) {
                    result.append((index + 1, closing(sentence)))
                    sentence = ""
                } else {
                    sentence.append(character)
                }
            }
            if !sentence.isEmpty { result.append((index + 1, closing(sentence))) }
        }
        return result
    }

    /// A sentence without its closing period and the parenthesis before it.
    static func closing(_ sentence: String) -> String {
        var text = sentence.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix(".") { text.removeLast() }
        text = text.replacing(/\([^()]*\)$/, with: "")
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The lines where a sentence with a nominal ending follows another in the same paragraph.
    static func nominalRuns(_ lines: [String]) -> [Int] {
        var runs: [Int] = []
        var previous = false
        for sentence in sentences(lines) {
            guard let sentence else {
                previous = false
                continue
            }
            let nominal = sentence.text.contains(nominalEnding)
            if nominal, previous { runs.append(sentence.line) }
            previous = nominal
        }
        return runs
    }

    @Test("문장: ~것입니다·~뿐입니다·~셈입니다·~때문입니다로 끝나는 문장이 한 문단에서 잇달아 오지 않는다")
    func nominalEndingsDoNotRun() throws {
        var sentences = 0
        for page in try Self.pages() where page.name.hasSuffix(".md") {
            sentences += Self.sentences(page.lines).count(where: { $0 != nil })
            for line in Self.nominalRuns(page.lines) {
                Issue.record("content/\(page.name):\(line): a second sentence in a row ends in ~것/뿐/셈/때문입니다")
            }
        }
        #expect(sentences > 3000)
    }

    @Test("문장: 검사는 같은 줄과 다음 줄에서 잇달아 오는 명사형 어미를 잡는다")
    func nominalRunCheckCatchesRuns() {
        let runs = [
            ["방법은 공유 모델을 하나 두는 것입니다.", "8.1절의 `ContactBook`이 그것입니다."],
            ["둘째 푸시가 먼저 오기 때문입니다(→ '[맞추기](#맞추기)' 절). 바뀐 것은 계기뿐입니다."],
            ["- 화면 하나에 둘 셈입니다.", "  남은 것은 `render()`뿐입니다."],
        ]
        for lines in runs { #expect(!Self.nominalRuns(lines).isEmpty, "\(lines) passes") }
        let apart = [
            ["방법은 공유 모델을 하나 두는 것입니다.", "", "8.1절의 `ContactBook`이 그것입니다."],
            ["방법은 공유 모델을 하나 두는 것입니다.", "8.1절의 `ContactBook`이 그 모델입니다.", "바뀐 것은 계기뿐입니다."],
            ["남은 것은 `render()`뿐입니다.", "```swift", "// 이것입니다.", "```", "바뀐 것은 계기뿐입니다."],
            ["이 값은 `a.b`입니다. 그 뒤의 것입니다."],
        ]
        for lines in apart { #expect(Self.nominalRuns(lines).isEmpty, "\(lines) fails") }
    }
}
