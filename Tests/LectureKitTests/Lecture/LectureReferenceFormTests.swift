import Foundation
import Testing

/// The glossary gives a reference one shape: "(→ 5장 '관찰 상자' 절)", "(→ 8.3절)", and an exercise of
/// another chapter is "3장 [연습 문제 2](apple-mvc.md#2-…)". Korean review 23 still found three shapes of
/// reference parentheses ("(4장 '…' 절)" without the arrow, "(… 절 참고)", "(→ 1장 '…')" without 절),
/// a chapter's title in 「」 on the way to a section ("4장 「[MVP](mvp.md#…)」"), and five ways to cite
/// an exercise. These tests read every page and fail at the line that spells a reference another way.
extension LectureContentTermTests {
    /// A place of the book: a chapter, a section of chapter 8, an appendix.
    static let place = #"(?:\d+장|\d+\.\d+절|부록 [A-Z])"#

    /// A spelling of a reference the glossary rules out, and the shape to use instead.
    static let referenceForms: [Banned] = [
        Banned(pattern: #" 참고\)"#, use: "(→ 5장 '절 제목' 절), without 참고"),
        Banned(
            pattern: #"(?:^|[^절 ]|(?:^|[^\d.])\d+절) ?'\[[^\]]+\]\((?:[\w.-]+\.md)?#[^)\s]*\)'(?! 절)"#,
            use: "'절 제목' 절 (a section's title in quotes is followed by 절, unless a section number 8.3절 says it)"),
        // Korean review 28 (S1): "8.6절 '나란히 놓고 보기' 절" said 절 twice; after a section's number the
        // title stands alone, as in a printed book: "8.6절 '[나란히 놓고 보기](app-compare.md#…)'".
        Banned(
            pattern: #"\d+\.\d+절 '\[[^\]]+\]\([^)]*\)' 절"#,
            use: "8.6절 '[절 제목](app-compare.md#…)' (the number already says 절)"),
        Banned(
            pattern: #"「\[[^\]]+\]\([\w.-]*#|」(?:의)? ?(?:'|\[(?:표|그림|연습 문제)|연습 문제)"#,
            use: "5장 '절 제목' 절 (no chapter title in 「」 between a chapter's number and its section)"),
        Banned(pattern: place + #"의 '\["#, use: "5장 '절 제목' 절 (no 의 between the place and the section)"),
        Banned(
            pattern: "(?:" + place + #"(?:의)?|[\])」]) ?연습 문제 \d"#,
            use: "3장 [연습 문제 2](apple-mvc.md#2-…) (the place, then the exercise's link)"),
        // Korean review 24: a chapter's title in 「」 before 의 ("4장 「[MVP](mvp.md)」의 프레젠터") in running
        // prose; the title is for the lists that introduce chapters (review 26: not for '다음 장' either).
        Banned(
            pattern: #"「[^」]+」의(?![가-힣])"#,
            use: "[4장](mvp.md)의 … (a title in 「」 only in the lists that introduce chapters)"),
        // Korean review 26: a section of another chapter named without its link ("8.5절 '상태 저장과 복원 잇기'
        // 절"), and an arrow after an explanation inside one parenthesis ("(… 간접 의존, → 5장)").
        Banned(
            pattern: #"^(?!\s*//).*"# + place + #" '[^\['\s]"#,
            use: "8.5절 '[절 제목](app-tea.md#…)' 절 (the section's title is its link)"),
        Banned(
            pattern: #"[,;:] ?→ (?:"# + place + #"|\[)"#,
            use: "(→ 5장 '…' 절) with the arrow first; an explanation goes outside the parenthesis"),
        // Korean review 29 (1-1, 1-2): "그 까닭이 아래 상자입니다", "아래 상자처럼 간접적으로는 의존합니다" named
        // a box by where it stands, not by its kind, and twice not the box meant.
        Banned(
            pattern: #"(?:^|[^가-힣])(?:아래|위|앞|뒤|다음|첫머리)(?:의)? 상자"#,
            use: "아래 플랫폼 노트 상자 (a box is named by its kind: 플랫폼 노트, 깊이 보기, 주의)"),
        Banned(
            pattern: #"(?:노트|보기|주의) 상자처럼"#,
            use: "…은 아래 플랫폼 노트 상자에 적었습니다 (a box holds what a sentence points to; nothing is 'like' it)"),
        // Korean review 29: "(→ 5장 '리액티브 바인딩' 절의 깊이 보기 상자)" left the reader two boxes to choose from.
        Banned(
            pattern: #"절의 깊이 보기 상자"#,
            use: "'…' 절의 '깊이 보기: 주제' 상자 (a deep-dive box elsewhere is named by its topic)"),
        // Korean review 39b (4.3): "[4장](mvp.md#테스트-…)", "[8.1절](app-mvc.md#코드)의 … 상자" jumped into a
        // section on the web but left only "4장" or "8.1절" in print. A link into a section names it; a bare
        // number links the whole chapter. Table cells (표 1-1's '나오는 곳') keep the number for their width.
        Banned(
            pattern: #"^(?!\|).*\["# + place + #"\]\([\w.-]+\.md#"#,
            use: "4장 '[절 제목](mvp.md#…)' 절, 8.2절 '[테스트](app-mvp.md#테스트)' (a link into a section names the section)"),
    ]

    /// The text of `line` with code spans and link targets blanked, so their parentheses do not count.
    static func maskingCodeAndTargets(_ line: String) -> [Character] {
        var result: [Character] = []
        var inCode = false
        var inTarget = 0
        for character in line {
            if character == "`" {
                inCode.toggle()
                result.append(" ")
            } else if inCode {
                result.append(" ")
            } else if inTarget > 0 {
                if character == "(" { inTarget += 1 }
                if character == ")" { inTarget -= 1 }
                result.append(inTarget == 0 ? ">" : "_")
            } else if character == "(", result.last == "]" {
                inTarget = 1
                result.append("<")
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The outermost parentheses of a line (code spans and link targets aside), with the links they hold.
    static func parentheses(_ line: String) -> [(text: String, linksInBook: Bool)] {
        let masked = maskingCodeAndTargets(line)
        let original = Array(line)
        var result: [(String, Bool)] = []
        var depth = 0
        var start = 0
        for (index, character) in masked.enumerated() {
            if character == "(" {
                if depth == 0 { start = index }
                depth += 1
            } else if character == ")", depth > 0 {
                depth -= 1
                guard depth == 0 else { continue }
                let text = String(original[start...index])
                let links = text.contains(/\]\((?:[\w.-]+\.md)?(?:#[^)\s]*)?\)/)
                result.append((text, links))
            }
        }
        return result
    }

    /// The rules, compiled once: the spellings ruled out, the parentheses' and the places' checks.
    struct ReferenceCheck {
        let forms: [(rule: Banned, regex: Regex<AnyRegexOutput>)]
        let onlyPlaces: Regex<AnyRegexOutput>
        let anyPlace: Regex<AnyRegexOutput>
        let placeAlone: Regex<AnyRegexOutput>
        let opening: Regex<AnyRegexOutput>
        let named: Regex<AnyRegexOutput>
        let exercise: Regex<AnyRegexOutput>
        let pageOfLabel = Dictionary(
            LectureIndexTests.pages.map { ($0.label, $0.file) }, uniquingKeysWith: { first, _ in first })

        init() throws {
            forms = try referenceForms.map { ($0, try Regex($0.pattern)) }
            onlyPlaces = try Regex("^" + place + "(?:, " + place + ")*$")
            anyPlace = try Regex(place)
            placeAlone = try Regex("^" + place + "$")
            opening = try Regex("^(?:" + place + #"|\["# + place + #"\]|\[(?:표|그림) \d+-\d+\]|'\[[^\]]+\]\(#)"#)
            named = try Regex(
                "(" + place + #")(?: '\[[^\]]+\]| \[연습 문제 \d+\])\(([\w.-]+\.md)|\[("# + place
                    + #")\]\(([\w.-]+\.md)"#)
            exercise = try Regex(#"(\S*) ?\[연습 문제 (\d+)\]\(([\w.-]*)#(\d+)-"#)
        }

        /// What is wrong with one parenthesis: a reference without the arrow, or an arrow before no place.
        func parenthesisProblem(_ text: String, linksInBook: Bool) -> String? {
            let inside = String(text.dropFirst().dropLast())
            guard inside.hasPrefix("→ ") else {
                if linksInBook || inside.firstMatch(of: onlyPlaces) != nil {
                    return "a reference in parentheses opens with the arrow: (→ …)"
                }
                return nil
            }
            let reference = String(inside.dropFirst(2))
            // Korean review 26: "(→ 강한 참조)" read as "see 강한 참조" (a legend is "(화살표: 강한 참조)"), and
            // twenty arrows named a place without a link, the only references a reader could not click.
            if reference.firstMatch(of: opening) == nil {
                return "the arrow is followed by the place: (→ 5장 '…' 절), (→ 부록 A '…' 절), (→ '같은 장의 절' 절);"
                    + " a legend is (화살표: …)"
            }
            if !linksInBook {
                return "a reference links its place: (→ [8.5절](app-tea.md)), (→ 1장 '[…](README.md#…)' 절)"
            }
            return nil
        }

        /// What is wrong with the places a line names: a link to another page than the label's, an
        /// exercise's link whose number is not the exercise's, an exercise of another page without its place.
        func placeProblems(_ line: String) -> [String] {
            var problems: [String] = []
            for match in line.matches(of: named) {
                guard
                    let label = (match.output[1].substring ?? match.output[3].substring).map(String.init),
                    let file = (match.output[2].substring ?? match.output[4].substring).map(String.init),
                    let page = pageOfLabel[label]
                else { continue }
                if file != page { problems.append("\(label) links \(file), not \(page)") }
            }
            for match in line.matches(of: exercise) {
                let before = match.output[1].substring.map(String.init) ?? ""
                let number = match.output[2].substring.map(String.init) ?? ""
                let anchor = match.output[4].substring.map(String.init) ?? ""
                if number != anchor { problems.append("연습 문제 \(number) links exercise \(anchor)") }
                if match.output[3].substring?.isEmpty == false, before.firstMatch(of: placeAlone) == nil {
                    problems.append("an exercise of another page follows its place: 3장 [연습 문제 2](…)")
                }
            }
            return problems
        }

        /// Every problem of one line, as the tests report it.
        func problems(_ line: String) -> [String] {
            var problems: [String] = []
            for (rule, regex) in forms {
                if let hit = line.firstMatch(of: regex) { problems.append("'\(line[hit.range])' — use \(rule.use)") }
            }
            for (text, links) in parentheses(line) {
                if let problem = parenthesisProblem(text, linksInBook: links) {
                    problems.append("'\(text)' — \(problem)")
                }
            }
            return problems + placeProblems(line)
        }
    }

    @Test("참조: 장·절·부록과 다른 장의 연습 문제는 용어집이 정한 한 모양으로 가리킨다")
    func referencesHaveOneShape() throws {
        let check = try ReferenceCheck()
        let pages = try Self.pages()
        var references = 0
        for page in pages {
            for (index, line) in page.lines.enumerated() where !Self.isRuleLine(page.name, line) {
                if line.contains("(→ ") { references += 1 }
                for problem in check.problems(line) {
                    Issue.record("content/\(page.name):\(index + 1): \(problem)")
                }
            }
        }
        #expect(references > 60)
    }

    /// The sections whose lists introduce chapters or sections, where a title in 「」 is the information.
    static let introducingLists: Set<String> = [
        "README.md#강의 구성", "closing.md#지금까지의 여정", "app.md#이 장의 구성",
    ]

    /// Korean review 26: four of the ten '다음 장' sections named the next chapter by its title in 「」 with the
    /// link on the title, against the other six ("다음 장인 [5장](mvvm.md)"). A title in 「」 belongs to the
    /// lists that introduce chapters and sections (and to the glossary's index); the glossary page itself,
    /// which has no number, keeps its title everywhere.
    @Test("참조: 낫표로 감싼 제목은 장과 절을 소개하는 목록에만 있다")
    func titlesInCornerBracketsOnlyInIntroducingLists() throws {
        var lists = 0
        for page in try Self.pages() where page.name != "glossary.md" {
            var heading = ""
            for (index, line) in page.lines.enumerated() {
                if line.hasPrefix("## ") { heading = String(line.dropFirst(3)) }
                let rest = line.replacingOccurrences(of: "「[용어와 찾아보기](glossary.md)」", with: "")
                guard rest.contains("「") else { continue }
                if Self.introducingLists.contains(page.name + "#" + heading) {
                    lists += 1
                } else {
                    let place = "content/\(page.name):\(index + 1)"
                    Issue.record(
                        "\(place): a title in 「」 outside the lists that introduce chapters ('\(heading)'); use the number: 다음 장인 [4장](mvp.md)"
                    )
                }
            }
        }
        #expect(lists > 20)
    }

    @Test("참조: 검사는 참조의 다른 모양을 모두 잡는다")
    func referenceCheckCatchesEveryOtherShape() throws {
        let check = try ReferenceCheck()
        let wrong = [
            "도 봅니다(5장 '[기다리는 `Task`가 붙잡는 것](mvvm.md#기다리는-task가-붙잡는-것)' 절).",
            "들일 수 있습니다(1장 '[지원하는 iOS 버전](README.md#지원하는-ios-버전)' 절 참고).",
            "정했습니다('[화면 상태와 세션 상태](#화면-상태와-세션-상태)' 절 참고).",
            "실행합니다(부록 B의 같은 절 참고).", "쌓아도 실패합니다(위 '내비게이션 스택을 한 번에 맞추기' 절 참고).",
            "줄 수입니다(→ 1장 '[줄 수를 세는 법](README.md#줄-수를-세는-법)').",
            "알려 줍니다(격리는 4장 '[예제: 프로토콜 뒤에 숨은 인사말 화면](mvp.md#예제-프로토콜-뒤에-숨은-인사말-화면)' 절에서 설명합니다).",
            "(격리는 4장 「[MVP](mvp.md#예제-프로토콜-뒤에-숨은-인사말-화면)」에서 설명합니다)",
            "(1장 「시작하며」 '[예제를 읽는 방법](README.md#예제를-읽는-방법)' 절)",
            "표시합니다(최소 버전은 1장 「시작하며」의 [표 1-1](README.md#지원하는-ios-버전)).",
            "(→ '[안쪽 `Task`가 약하게 잡은 `self`](appendix-compiler.md#안쪽-task가-약하게-잡은-self)' 절)",
            "돌려주면 됩니다('[상태 보존과 복원 잇기](app-tea.md#상태-보존과-복원-잇기)').",
            "TEA 버전뿐입니다(8.5절).", "예고입니다(8.3절, 부록 A).", "다른 연락처를 엽니다([8.2절](app-mvp.md)).",
            "8.6절의 '[네트워크 요청은 누가 맡는가](app-compare.md#네트워크-요청은-누가-맡는가)' 절에 있습니다.",
            "3장 「[Apple의 MVC](apple-mvc.md#2-모델이-바뀌었다고-컨트롤러에-알리기)」 연습 문제 2 풀이의",
            "5장 「MVVM」 연습 문제 3처럼", "그래서 3장 연습 문제 2의 토큰은", "드러나는 [8.7절](app-summary.md) 연습 문제 1에",
            "규칙은 [3장](apple-mvc.md#1-규칙을-모델로-옮기기) 연습 문제 1처럼",
            "비교합니다([5장](mvvm.md#3-observable로-옮기면-되살아나는-문제) 연습 문제 3 참고).",
            "풀이는 [연습 문제 2](apple-mvc.md#2-모델이-바뀌었다고-컨트롤러에-알리기)에서", "3장 [연습 문제 1](apple-mvc.md#2-모델이-바뀌었다고-컨트롤러에-알리기)",
            "5장 [연습 문제 3](mvp.md#3-observable로-옮기면-되살아나는-문제)", "(→ 4장 '[조립은 누가 하는가](mvvm.md#조립은-누가-하는가)' 절)",
            "4장 「[MVP](mvp.md)」의 프레젠터는 모두 동기였지만", "// ── 모델: 「한 앱, 다섯 가지 구조」의 UIKit 버전들과 같은",
            // Korean review 26.
            "누가 무엇을 붙잡는가(→ 강한 참조)", "(→ 1장)", "TEA 버전뿐이고(→ 8.5절), 아래 표 8-2의", "| Apple의 MVC(→ 8.1절) | MVC+VS(→ 10장) |",
            "UIKit 화면은 필요 없음(RxCocoa의 `Signal`을 import하므로 UIKit에는 간접 의존, → 5장)",
            "다음 장인 9장 「[패턴 비교](comparison.md)」에서는 1장 「[시작하며](README.md)」의 세 가지 기준으로",
            "씬 델리게이트 쪽의 코드는 8.5절 '상태 저장과 복원 잇기' 절과 같고",
            // Korean review 28 (S1).
            "(→ 8.6절 '[나란히 놓고 보기](app-compare.md#나란히-놓고-보기)' 절)",
            "8.5절 '[상태 보존과 복원 잇기](app-tea.md#상태-보존과-복원-잇기)' 절과 같고",
            "같은 화면을 MVP로 만들면(→ 4장) 61줄이 됩니다(→ 1장 '[줄 수를 세는 법](README.md#줄-수를-세는-법)' 절).",
            // Korean review 29.
            "`isolated deinit`을 쓰지 않는 까닭이 아래 상자입니다.", "다만 `Driver`가 든 RxCocoa가 UIKit에 의존하므로, 아래 상자처럼 간접적으로는 의존합니다.",
            "이 절 첫머리의 상자에 적었습니다.", "다시 잡지 않은 모양은 아래 플랫폼 노트 상자처럼 컴파일러 버전에 따라 거부되므로",
            "UIKit에 링크되기는 합니다(→ 5장 '[리액티브 바인딩](mvvm.md#리액티브-바인딩)' 절의 깊이 보기 상자).",
            // Korean review 39b (4.3).
            "`#expect`는 [4장](mvp.md#테스트-가짜-뷰로-프레젠터-확인하기)에서, `@Suite`는 [8.2절](app-mvp.md#테스트)에서 보았습니다.",
            "[8.1절](app-mvc.md#코드)의 '깊이 보기: diffable 데이터 소스의 항목 식별자' 상자가", "예고입니다(→ [8.3절](app-mvvm-c.md#테스트)).",
        ]
        for line in wrong {
            #expect(!check.problems(line).isEmpty, "'\(line)' passes")
        }
        let right = [
            "도 봅니다(→ 5장 '[기다리는 `Task`가 붙잡는 것](mvvm.md#기다리는-task가-붙잡는-것)' 절).",
            "정했습니다(→ '[화면 상태와 세션 상태](#화면-상태와-세션-상태)' 절).", "TEA 버전뿐입니다(→ [8.5절](app-tea.md)).",
            "예고입니다(→ 8.3절 '[테스트](app-mvvm-c.md#테스트)', [부록 A](appendix-compiler.md)).",
            "다른 연락처를 엽니다(→ [8.2절](app-mvp.md)).",
            "동작합니다(→ [표 1-1](README.md#지원하는-ios-버전)).",
            "(→ 부록 A '[`deinit`과 기본 격리](appendix-compiler.md#deinit과-기본-격리)' 절, '[`isolated deinit`의 런타임 결함](appendix-compiler.md#isolated-deinit의-런타임-결함)' 절)",
            "(→ 5장 '[리액티브 바인딩](mvvm.md#리액티브-바인딩)' 절의 '깊이 보기: 취소를 확인하는 방법' 상자)",
            "격리는 4장 '[예제: 프로토콜 뒤에 숨은 인사말 화면](mvp.md#예제-프로토콜-뒤에-숨은-인사말-화면)' 절에서 설명합니다.",
            "3장 [연습 문제 2](apple-mvc.md#2-모델이-바뀌었다고-컨트롤러에-알리기) 풀이의", "8.7절 [연습 문제 4](app-summary.md#4-실패한-뒤-다시-불러오기)로",
            "비교합니다(→ 5장 [연습 문제 3](mvvm.md#3-observable로-옮기면-되살아나는-문제)).", "응답이 올 때까지 남습니다(연습 문제 2).",
            "네 패턴 장(2~5장)은", "표 하나(표 8-1)에", "누가 무엇을 붙잡는가(화살표: 강한 참조)", "(`load()`를 호출하는 곳)",
            "- 11장 「[정리와 참고 자료](closing.md)」: 여정을 정리하고", "[4장](mvp.md)의 프레젠터는 모두 동기였지만",
            "다음 장인 [9장](comparison.md)에서는 [1장](README.md)의 세 가지 기준으로",
            "| 구조 | 내비게이션 컨트롤러 → 뷰 컨트롤러 → 공유 모델 |",
            "UIKit 화면은 필요 없음. RxCocoa의 `Signal`을 `import`하므로 UIKit에 간접 의존(→ 5장 '[리액티브 바인딩](mvvm.md#리액티브-바인딩)' 절)",
            "(→ 8.6절 '[나란히 놓고 보기](app-compare.md#나란히-놓고-보기)')",
            "씬 델리게이트 쪽의 코드는 8.5절 '[상태 보존과 복원 잇기](app-tea.md#상태-보존과-복원-잇기)'와 같고",
            "(→ 8.4절 '[테스트](app-rx.md#테스트)', 10장 '[뷰 상태도 모델로: MVC+VS](next-steps.md#뷰-상태도-모델로-mvcvs)' 절)",
            "그 까닭은 아래 플랫폼 노트 상자에 적었습니다.", "위의 깊이 보기 상자에서 보았듯이",
            "`#expect`는 4장 '[테스트: 가짜 뷰로 프레젠터 확인하기](mvp.md#테스트-가짜-뷰로-프레젠터-확인하기)' 절에서 보았습니다.",
            "| `/…/` 꼴의 정규식 리터럴(regex literal) | 16 | [4장](mvp.md#예제-프로필-저장), [7장](one-feature.md) |",
        ]
        for line in right {
            let problems = check.problems(line)
            #expect(problems.isEmpty, "'\(line)' fails: \(problems)")
        }
    }
}
