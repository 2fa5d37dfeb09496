import Foundation
import Testing

/// Korean review 38b found the list rule of Tests/LectureWriting.md broken 18 times in chapter 8 onward
/// alone ("창과 내비게이션 컨트롤러, 화면 세 개", "`Input`과 `Output`, `transform(input:)`"), in
/// prose and in table cells: three items with the first two joined by 와/과 read as a pair and a third.
/// No test read the rule, so it drifted. These tests read every page's prose, table cells and figure
/// captions and labels, and fail at the line with such a list. They leave alone what is not one: "A와
/// B" of two items, a pair inside a list that began before it ("레이블의 `text`, 버튼의 제목과
/// `isEnabled`, 버튼의 탭"), a clause that ends in a comma ("모델과 뷰를 잇고, …"), a comparison ("A와
/// 다른 점, …"), a pair summed up after the comma ("인사말과 탭 횟수, 두 값"), and names of works,
/// quotations, section titles and link text ("[SwiftUI와 MVVM](…)").
/// Korean review 39a found the same list joined by 이나/나 ("변경 사실이나 보여 줄 값, 호출에 돌아오는
/// 결과", "상위 클래스나 재정의한 메서드, 프로토콜 준수"): the rule says commas only, and the first two
/// read as a pair just the same, so the check reads 이나/나 after a noun as it reads 와/과. It leaves alone
/// the verb's 거나 and 으나 ("읽거나 고치고, …"), adverbs ending in 나 (언제나, 하나), and "A나 B처럼, …",
/// a clause.
/// Korean review 40b found the other form the rule names, "A, B와 C" ("견주어 보는 절, 이 장의 핵심 정리와
/// 연습 문제는"): the last two read as a pair just the same, and the rule said the test did not read it.
/// `commaThenPair(in:)` reads it: a noun, a comma, one to four words ending in 와/과, then one to three
/// words ending in a case particle. It leaves alone a comma that closes a clause or opens a sentence
/// (물론, 다음, 첫째, 끝나, 주듯), a restatement after a count or 곧 ("두 질문, A와 B를", "물음, 곧 A와 B를"),
/// a pair that modifies the next noun ("날짜와 숫자의 서식"), a comparison ("2장, 3장과 같습니다"), a
/// clause inside an item ("점선은 뷰와 컨트롤러가", "색처럼 크기와 위치를") and a pair that is the
/// subject of what follows ("여러 사용자와 화면이 함께 쓰고"). A real pair owned by one word takes a
/// middle dot ("상세 뷰 모델의 `title`·`summary`가").
/// The house rule "셋 이상을 늘어놓을 때는 쉼표로만 잇고 … 'A와 B, C'는 쓰지 않습니다" (Tests/LectureWriting.md,
/// 문장) as a check over one page's lines.
enum LectureListRule {
    /// The end of a word that closes a clause or a phrase rather than an item: a particle or a
    /// verb's connective ending.
    static var clauseEnd: Regex<Substring> {
        #/(?:을|를|은|는|이|가|에|에서|로|도|만|와|과|고|며|면|서|지만|데|니|게|도록|려고|어|아|해|여|다|요|께|처럼)$/#
    }
    /// The end of a word inside an item that makes the phrase a clause: a case particle or a verb's
    /// connective ending (a modifier such as 수동적인, 입력 중인 or 고쳐지는 may stay).
    static var innerClauseEnd: Regex<Substring> { #/(?:을|를|이|가|에|에서|로|으로|어|아|고|며|해)$/# }
    /// Nouns that end like a particle or a connective.
    static let nouns: Set<String> = ["화면", "리듀서", "제안서", "문서", "순서", "레이어", "스토어", "스파이", "주소", "데이터", "캐시"]
    /// Words ending in 와, 과 or 나 that are not the particle: nouns, verbs and adverbs.
    static let notParticle: Set<String> = [
        "결과", "효과", "불러와", "가져와", "돌아와", "들어와", "하나", "그러나", "언제나", "누구나", "어디나", "얼마나", "아무나",
    ]
    /// A verb's connective ending in 나 (읽거나, 있으나), not the particle after a noun.
    static var verbEnding: Regex<Substring> { #/(?:거|으)나$/# }
    /// What follows "A와 B" when it compares or accompanies rather than lists (A와 같은, A와 함께).
    static let relations: Set<String> = ["같은", "같이", "다른", "달리", "함께", "비슷한", "마찬가지로", "반대로"]
    /// A word after the comma that sums up or restates the pair (A와 B, 두 값), not a third item.
    static let restatements: Set<String> = ["두", "둘", "모두", "곧", "즉", "이", "이런", "이렇게", "그"]

    /// Words before a comma that open a sentence or a clause rather than name an item.
    static let openers: Set<String> = [
        "물론", "다음", "처음", "직후", "첫째", "둘째", "셋째", "넷째", "때", "뿐", "등", "뒤", "후", "동안", "경우", "대신", "반면", "하나", "둘", "셋",
    ]
    /// Counting words: "두 질문, A와 B를" names the two, not a third item.
    static let counts: Set<String> = ["두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열", "몇", "여러"]
    /// The end of a word before a comma that closes a clause or a modifier (끝나, 주듯, 만든, 중요한, 필요한).
    static var modifierEnd: Regex<Substring> { #/(?:나|듯|든|던|한|인)$/# }
    /// The end of a word inside an item that makes the item a clause or a comparison (점선은, 색처럼).
    static var itemClauseEnd: Regex<Substring> { #/(?:을|를|은|는|이|가|에|에서|로|으로|어|아|고|며|해|처럼|같은|같이)$/# }
    /// How a word after 와/과 begins when it compares or accompanies (A와 같은, A와 함께).
    static let relationPrefixes = ["같", "다른", "다르", "달리", "함께", "비슷", "마찬가지", "반대"]

    /// The prose of a line with code spans, links, quotations and titles of works blanked (a code
    /// span becomes X, a link L, a quotation or title Q), and parentheses dropped.
    static func prose(_ line: String) -> String {
        line
            .replacing(#/`[^`]*`/#, with: "X")
            .replacing(#/\[[^\]]*\]\([^)]*\)/#, with: "L")
            .replacing(#/\*\*/#, with: "")
            .replacing(#/《[^》]*》|「[^」]*」|"[^"]*"|“[^”]*”|'[^']*'|‘[^’]*’/#, with: "Q")
            .replacing(#/\([^()]*\)/#, with: "")
    }

    /// Whether the text before a pair ends inside a list: the sentence so far has a comma after a
    /// noun ("A, B와 C, D" or "레이블의 X, 버튼의 제목과 X, 버튼의 탭"), not after a clause
    /// ("세 패턴으로 만들어, 코드와 …").
    static func insideList(_ before: Substring) -> Bool {
        let sentence = before.split(separator: ". ", omittingEmptySubsequences: false).last ?? before
        guard let comma = sentence.range(of: ", ", options: .backwards) else { return false }
        guard let word = sentence[..<comma.lowerBound].split(separator: " ").last else { return false }
        return nouns.contains(String(word)) || !word.contains(clauseEnd)
    }

    /// The "A와 B, C" lists in one stretch of prose (a line, or one table cell).
    static func lists(in text: String) -> [String] {
        var found: [String] = []
        let pattern =
            #/(?<before>^|[^,] |, )(?<first>[^\s,]+?)(?<particle>와|과|이나|나) (?<second>(?:[^,.;:]|\.(?=\S)){1,30}?), (?<third>[^\s,]+)/#
        for match in text.matches(of: pattern) {
            if insideList(text[..<match.first.startIndex]) { continue }
            let joined = String(match.first) + String(match.particle)
            if notParticle.contains(joined) || joined.contains(verbEnding) { continue }
            let words = match.second.split(separator: " ").map(String.init)
            guard let last = words.last, words.count <= 4 else { continue }
            if relations.contains(words[0]) { continue }
            if !nouns.contains(last), last.contains(clauseEnd) { continue }
            if words.dropLast().contains(where: { $0.contains(innerClauseEnd) && !nouns.contains($0) }) { continue }
            // "A와 B, C와 D" is a list of pairs; "A와 B, 두 값" restates the pair.
            if match.third.contains(#/(?:와|과|이나|나)$/#) || restatements.contains(String(match.third)) { continue }
            found.append("\(match.first)\(match.particle) \(match.second), \(match.third)")
        }
        return found
    }

    /// The "A, B와 C" lists in one stretch of prose (a line, or one table cell): a noun, a comma, one to
    /// four words ending in 와/과, and one to three words ending in a case particle.
    static func commaThenPair(in text: String) -> [String] {
        var found: [String] = []
        let pattern =
            #/(?:^| )(?<first>[^\s,]+), (?<second>(?:[^\s,.]+ ){0,3}[^\s,.]+?)(?<particle>와|과) (?<third>(?:[^\s,.]+ ){0,2}?[^\s,.]+?)(?<ending>은|는|이|가|을|를|에|에서|으로|로|의|도)(?= |\.|$)/#
        for match in text.matches(of: pattern) {
            let first = String(match.first)
            if openers.contains(first) || first.contains(modifierEnd) { continue }
            if !nouns.contains(first), first.contains(clauseEnd) { continue }
            if let previous = text[..<match.first.startIndex].split(separator: " ").last,
                counts.contains(String(previous))
            {
                continue
            }
            let second = match.second.split(separator: " ").map(String.init)
            if second[0] == "곧" || second[0] == "즉" { continue }
            if notParticle.contains((second.last ?? "") + String(match.particle)) { continue }
            // A one-letter word (이 장의, 그 값) is a determiner, not a clause.
            if second.dropLast().contains(where: { $0.count > 1 && $0.contains(itemClauseEnd) && !nouns.contains($0) })
            {
                continue
            }
            let third = (String(match.third) + String(match.ending)).split(separator: " ").map(String.init)
            if restatements.contains(third[0]) || relationPrefixes.contains(where: { third[0].hasPrefix($0) }) {
                continue
            }
            if third.dropLast().contains(where: { $0.contains(itemClauseEnd) || $0.hasSuffix("의") }) { continue }
            if match.ending == "의" || ["에서는", "에는", "에서도"].contains(where: { third.last!.hasSuffix($0) }) { continue }
            if let next = text[match.range.upperBound...].split(separator: " ").first,
                relationPrefixes.contains(where: { next.hasPrefix($0) })
            {
                continue
            }
            found.append("\(match.first), \(match.second)\(match.particle) \(match.third)\(match.ending)")
        }
        return found
    }

    /// The lines of a page with an "A와 B, C" list, and the list. Prose is read outside code blocks;
    /// a table block (```table) row by row and cell by cell; a figure (```dot) by its caption and
    /// labels. Code, output and text blocks are not read.
    static func violations(_ lines: [String], check: (String) -> [String] = lists(in:)) -> [(line: Int, list: String)] {
        var result: [(line: Int, list: String)] = []
        var block: String? = nil
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            var stretches: [String] = []
            if trimmed.hasPrefix("```") {
                if block == nil {
                    block = String(trimmed.dropFirst(3).prefix(while: { $0.isLetter }))
                    stretches = trimmed.matches(of: #/caption="([^"]*)"/#).map { String($0.1) }
                } else {
                    block = nil
                }
            } else if block == "table" || (block == nil && trimmed.hasPrefix("|")) {
                stretches = trimmed.split(separator: "|").map(String.init)
            } else if block == "dot" {
                stretches = trimmed.matches(of: #/label="([^"]*)"/#).map { String($0.1).replacing("\\n", with: " ") }
            } else if block == nil {
                stretches = [line]
            }
            for stretch in stretches {
                for list in check(prose(stretch).trimmingCharacters(in: .whitespaces)) {
                    result.append((index + 1, list))
                }
            }
        }
        return result
    }
}

extension LectureContentTermTests {
    @Test("문장: 셋 이상을 늘어놓을 때 앞의 둘만 와/과나 이나/나로 잇지 않는다(\"A와 B, C\", \"A나 B, C\")")
    func noPairThenCommaList() throws {
        var lines = 0
        for page in try Self.pages() where page.name.hasSuffix(".md") {
            lines += page.lines.count
            for found in LectureListRule.violations(page.lines) {
                Issue.record(
                    "content/\(page.name):\(found.line): \"\(found.list)\" joins the first two of three items with 와/과 or 이나/나; use commas only, or a middle dot for a real pair (Tests/LectureWriting.md, 문장)"
                )
            }
        }
        #expect(lines > 9000)
    }

    @Test("문장: 셋 이상을 늘어놓을 때 마지막 둘만 와/과로 잇지 않는다(\"A, B와 C\")")
    func noCommaThenPairList() throws {
        var lines = 0
        for page in try Self.pages() where page.name.hasSuffix(".md") {
            lines += page.lines.count
            for found in LectureListRule.violations(page.lines, check: LectureListRule.commaThenPair(in:)) {
                Issue.record(
                    "content/\(page.name):\(found.line): \"\(found.list)\" joins the last two of three items with 와/과; use commas only (\"A, B, 그리고 C\"), or a middle dot for a real pair (Tests/LectureWriting.md, 문장)"
                )
            }
        }
        #expect(lines > 9000)
    }

    @Test("문장: 목록 검사는 \"A, B와 C\"를 잡고 절, 되받는 말, 비교, 뒤 명사를 꾸미는 짝은 두고 간다")
    func commaThenPairCheckCatchesLists() {
        let lists = [
            "변경 내용까지 알리는 모델과 견주어 보는 절, 이 장의 핵심 정리와 연습 문제는 8.7절에 모았습니다.",
            "이 내용은 3장, 4장, 7장과 10장에서 다룹니다.",
            "'이 장에서 배울 것'으로 시작해 본문, '장점' 절과 '단점' 절을 지나 끝납니다.",
            "목록 뷰 모델의 `rows`, 상세 뷰 모델의 `title`과 `summary`가 이 스트림에서 나옵니다.",
            "| 행 | 호스트 앱, 창과 실제 뷰 컨트롤러가 필요함 |",
        ]
        for line in lists {
            #expect(
                LectureListRule.violations([line], check: LectureListRule.commaThenPair(in:)).count == 1,
                "\(line) passes")
        }
        let others = [
            "변경 내용까지 알리는 모델과 견주어 보는 절, 이 장의 핵심 정리, 그리고 연습 문제는 8.7절에 모았습니다.",
            "상세 뷰 모델의 `title`·`summary`, 목록 뷰 모델의 `rows`가 나옵니다.",
            "2장, 3장과 같습니다.",
            "물론, 버튼과 행이 바뀌면 다시 그립니다.",
            "이 강의에서 익힌 두 질문, \"누구의 책임인가\"와 \"누구를 알아도 되는가\"를 넓혔습니다.",
            "화면 하나로는 답이 비는 물음, 곧 화면 전환과 화면 사이의 뷰 상태를 봅니다.",
            "네트워크 요청, 입력값 검증, 날짜와 숫자의 서식 지정이 모입니다.",
            "그림에서 실선은 호출, 점선은 뷰와 컨트롤러가 서로를 아는 관계입니다.",
            "레이블의 글자, 색처럼 크기와 위치를 바꾸지 않는 속성을 채웁니다.",
            "| 뷰 컨트롤러 | Apple의 MVC에서는 컨트롤러, MVP와 MVVM에서는 뷰 쪽에 속함 |",
            "화면 상태는 데이터, 여러 사용자와 화면이 함께 쓰는 데이터입니다.",
            "흐름이 끝나, 화면 등장과 저장 버튼을 확인합니다.",
            "```swift\n// 코드, 모델과 뷰는\n```",
        ]
        for line in others {
            let lines = line.components(separatedBy: "\n")
            #expect(
                LectureListRule.violations(lines, check: LectureListRule.commaThenPair(in:)).isEmpty, "\(line) fails")
        }
    }

    @Test("문장: 목록 검사는 \"A와 B, C\"를 잡고 두 항목, 목록 안의 짝, 절, 제목은 두고 간다")
    func pairThenCommaCheckCatchesLists() {
        let lists = [
            ["그 테스트는 창과 내비게이션 컨트롤러, 화면 세 개를 모두 움직입니다."],
            ["세 패턴으로 만들어, 코드와 파일 배치, 테스트를 견주어 보았습니다."],
            ["`Input`과 `Output`, `transform(input:)`으로 이루어진 프로토콜입니다."],
            ["들여쓴 줄은 8.1절과 8.2절, 8.4절의 출력에는 없습니다."],
            ["상태와 액션과 리듀서 108줄, 스토어 35줄입니다."],
            ["```table caption=\"표 8-1 비교\"", "| 뷰 상태 | 레이블과 텍스트 필드, UIKit의 내비게이션 스택 |", "```"],
            ["| 행 | 호스트 앱과 창, 실제 뷰 컨트롤러 |"],
            ["파선은 변경 사실이나 보여 줄 값, 호출에 돌아오는 결과를 전하는 관계입니다."],
            ["- 상위 클래스나 재정의한 메서드, 프로토콜 준수에서 격리를 물려받는 선언"],
            ["| UI 테스트 | 시뮬레이터나 기기, 접근성 정보 |"],
        ]
        for lines in lists { #expect(LectureListRule.violations(lines).count == 1, "\(lines) passes") }
        let others = [
            ["그 테스트는 창, 내비게이션 컨트롤러, 화면 세 개를 모두 움직입니다."],
            ["입력 중인 이름·이메일, 버튼의 활성 상태를 봅니다."],
            ["레이블의 `text`, 버튼의 제목과 `isEnabled`, 버튼의 탭만 압니다."],
            ["모델과 뷰를 잇고, 테스트는 그대로입니다."],
            ["뷰 컨트롤러는 인사말과 탭 횟수, 두 값을 보여 줍니다."],
            ["실제 Combine과 다른 점, 주로 격리에 관한 점은 부록 A에 적었습니다."],
            ["컨트롤러 159줄과 조립 3줄, 모두 162줄입니다."],
            ["- 공유 모델: 5장 [SwiftUI와 MVVM](mvvm.md#swiftui와-mvvm), 8.6절"],
            ["《모델과 뷰, 컨트롤러》는 가상의 책입니다."],
            ["```swift", "// 모델과 뷰, 테스트", "```"],
            ["- 입력과 출력 형태의 뷰 모델과, 그 뷰 모델을 테스트하는 방법"],
            ["탭 바 항목으로 오가는 다른 화면이나 서버와의 동기화처럼, 다른 코드가 모델을 바꿉니다."],
            ["필요하면 모델을 읽거나 고친 뒤, 결과를 뷰에 건넵니다."],
            ["| UI 테스트 | 접근성 정보, 시뮬레이터나 기기 |"],
            ["하나 더 만든 화면, 버튼을 봅니다."],
        ]
        for lines in others { #expect(LectureListRule.violations(lines).isEmpty, "\(lines) fails") }
    }
}
