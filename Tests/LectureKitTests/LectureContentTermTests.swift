import Foundation
import Testing

/// The bundled lecture promises "한 용어는 한 가지 뜻으로만 씁니다" (glossary; the authors' rules, with
/// the synonyms each term replaces, are in Tests/LectureWriting.md, outside the published pages). A Korean editor still found a thing called by two names in several chapters (review 9:
/// 연결 테스트 beside 바인딩 테스트, 줄 for a table's row, 표 for `UITableView`, 부르다 beside 호출하다,
/// 사건 beside 이벤트, 스위트 beside 테스트 모음, a particle after `@available(…)` against the
/// glossary's rule; review 11: 부르다 without backticks, 연결 코드 in two senses, 안내 문구 beside 안내
/// 메시지, 선택 요구 사항 beside 선택 메서드, 탭 for a tab bar's item). These tests read every page,
/// prose and code comments alike, and fail at the line that uses a synonym the glossary rules out, so
/// the next edit cannot bring one back.
@Suite struct LectureContentTermTests {
    /// A synonym the glossary rules out, the term to use instead, and where the rule is.
    struct Banned: CustomStringConvertible, Sendable {
        /// A regular expression, in the syntax `Regex(_:)` reads.
        let pattern: String
        let use: String
        /// Whether the glossary's own rule lines (its table rows and defining list items) are read too:
        /// a rule about how Korean is written holds there as everywhere, one about a synonym does not
        /// (those lines name the synonyms).
        var glossaryToo = false
        var description: String { use }
    }

    static let banned: [Banned] = [
        Banned(pattern: #"연결 테스트|화면의 연결""#, use: "바인딩 테스트"),
        Banned(pattern: #"누른 줄|줄을 누르|줄을 눌러|불러온 줄|그 줄에 둔|줄의 위치"#, use: "행 (a table's row)"),
        Banned(
            pattern: #"(?:^|[^가-힣])표(가 그린|가 새 목록|는 다음 화면|에 닿|를 고치|의 데이터 소스|와 레이블|에 그리|의 행|에서만|라면|라 |가 준비|가 보이는|에는 그런)"#,
            use: "테이블 뷰"),
        Banned(pattern: #"`[^`]+`(을|를) (부르|부릅|불러|부른|부를)|(불리는|불립니다|불렸|부를지|불려|불릴|불리면|불리고)"#, use: "호출하다"),
        Banned(pattern: #"사건"#, use: "이벤트"),
        Banned(pattern: #"처리기"#, use: "핸들러"),
        Banned(pattern: #"못 박"#, use: "못박다 (one word)"),
        Banned(pattern: #"(?:^|[^가-힣])층"#, use: "계층 (a layer)"),
        Banned(pattern: #"스위트"#, use: "테스트 모음"),
        Banned(pattern: #"`@available\([^`]*\)`를"#, use: "`@available(…)`을 (the base name's sound: 어베일러블)"),
        Banned(pattern: #"조립 코드\(assembly"#, use: "조립 코드(wiring code)"),
        Banned(pattern: #"코디네이터가 새는|새는 것을"#, use: "누수 / 메모리에 남다"),
        Banned(pattern: #"뷰 모델의 화면 상태|화면 상태를 내놓|화면 상태는 뷰 모델"#, use: "뷰 모델의 상태 (화면 상태 is Fowler's, in the controls)"),
        // Review 11: the same slips without backticks (prose and code comments), and words used in two senses.
        Banned(
            pattern: #"(?:[A-Za-z_\]]|\(\))(을|를) (부르|부릅|불러(?!오)|부른|부를)|다시 (부르|부릅|부른|부를)"#,
            use: "호출하다 (or 불러오다 for loading)"),
        Banned(pattern: #"연결 코드"#, use: "조립 코드 (wiring code) or 뷰를 호출하는 코드: two meanings, so neither word"),
        Banned(pattern: #"(안내|실패|오류) 문구"#, use: "안내 메시지"),
        Banned(pattern: #"선택(\(optional\))? 요구 사항"#, use: "선택 메서드 (optional method)"),
        Banned(pattern: #"탭 바의 (다른 |두 )?탭|탭마다|고른 탭(을|이|의)|그 탭의|(?:^|[^목] )탭 다시 누르"#, use: "탭 바 항목 (탭 is a tap)"),
        Banned(
            pattern: #"(이슈|풀 리퀘스트) #\d+[^(]*, 20\d\d"#,
            use: "no year for an issue or a pull request (the bibliography's style)"),
        Banned(pattern: #"일급 시민"#, use: "a plain Korean phrase (translated 'first-class citizen')"),
        // Review 16: a particle after a name with arguments followed the last word inside the parentheses
        // (센딩, 온) instead of the base name (논아이솔레이티드, 리시브, 스토어, 옵저브; 애즈시그널, 씬).
        Banned(
            pattern:
                #"`\.?(nonisolated|receive|store|observe|fulfillment|restore|decode)\([^`]*\)`(과|을|으로|이|은)(?![가-힣])"#,
            use: "와/를/로/가/는 (the base name ends in a vowel sound)"),
        Banned(
            pattern: #"`\.?(asSignal|scene|assign|transform|open|cancel|init)\([^`]*\)`(와|를|가|는)(?![가-힣])"#,
            use: "과/을/이/은 (the base name ends in a consonant)"),
        // Review 17: conformance was once 따름 ("이 따름은 보통 컴파일러가 확인합니다") beside 준수. Review 22:
        // any form of 따르다 in a sentence that names a protocol ("뷰가 따르는 프로토콜", "클래스만 따를 수"),
        // or right after a code name and its particle ("CaseIterable을 따릅니다"), is conformance too.
        Banned(
            pattern: #"따름(은|이|을|를|의|과|도)(?![가-힣])|[A-Za-z_`)\]](을|를) 따[르를릅랐]|프로토콜[^.]*따[르를릅랐]|따[르를릅랐][^.]*프로토콜"#,
            use: "준수 (conformance)"),
        // Review 18: the words a Korean iOS developer uses (씬 델리게이트, 래퍼), and the server's format and
        // the layer that fetches it named as common usage names them (Clean Architecture's entity is a
        // domain model and its repository returns domain models): DTO and API 클라이언트. 저장소 is left to
        // the one line that says what Repository usually means; 엔티티 to VIPER's role.
        Banned(pattern: #"장면"#, use: "씬 (scene; 씬 델리게이트)"),
        Banned(pattern: #"감싸개"#, use: "래퍼 (wrapper)"),
        Banned(
            pattern: #"^(?!.*\(Repository\))(?!- 저장소: ).*저장소"#,
            use: "API 클라이언트 (the server-facing layer), 보관소 (an archive) or 리포지터리 (Git)"),
        Banned(
            pattern: #"^(?!.*(?:VIPER|Entity)).*엔티티|\w+(?:Repository|Entity)\b"#,
            use: "DTO (the server's format; 엔티티 is only VIPER's E) and …APIClient in code"),
        // Review 19: 멈추다 meant a crash in one place and a hang in another; the lecture calls itself 이 강의.
        Banned(
            pattern: #"멈춰 세|멈춤|(앱|예제|프로그램)(이|가|은|는) (그 자리에서 )?멈|여기서 멈|에서 멈춥니다|멈췄다는|멈춘다는|에 멈춥니다"#,
            use: "비정상 종료되다 (a crash) or 끝나지 않는다 (a hang)"),
        Banned(pattern: #"이 책(의|은|는|에서|을|이)(?![가-힣])"#, use: "이 강의 (책 is objc.io's book)"),
        // Review 20: test was 테스트하다 in most places and 시험하다 in eight; 시험해 보다 also meant trying out.
        Banned(pattern: #"시험(하|해|할|한|합|했|삼아)"#, use: "테스트하다 (test), 확인하다 (check) or 써 보다 (try out)"),
        // Review 24: TEA's `path` (which screens are open) called 화면 상태, Fowler's data in the controls;
        // Apple's Documentation Archive called 문서 보관소 beside 지난 문서 (보관소 is `ProfileArchive`).
        Banned(pattern: #"화면 상태\S* ?\(?`path`"#, use: "뷰 상태 (`path` is which screens are open, not data in a control)"),
        Banned(pattern: #"문서 보관소"#, use: "지난 문서(Documentation Archive)"),
        // Review 25: code that depends on something was 기대다 in 23 places beside 의존하다 (and 의존성); the
        // label text of the list screens was 상태 글자, 상태 문구 and 문구. 기대다 stays for relying on a fact or an idea.
        // Korean review 39a (3-9, 4-5): "연습 문제 3은 … 사실에 기댑니다" fit both sides of that line; an
        // exercise, a test or a sample that relies on a fact depends on it (의존하다), and 기대다 stays for
        // the lecture or an approach relying on an inference or an idea (추론에, 생각에).
        Banned(
            pattern: #"^(?!.*(?:추론|생각)에 기[대댑]).*에 (?:\S+ )?기(?:대[는지게므고어야면]|댑|댔)"#,
            use:
                "의존하다 (code, a test, a sample or an exercise that depends on; 기대다 only for relying on an inference or an idea: 추론에, 생각에)"
        ),
        Banned(pattern: #"문구"#, use: "상태 글자 (the text of `statusLabel`) or 안내 메시지"),
        // Review 26: 사용자의 동작 and 사용자 조작 beside 사용자 입력; the making of the book on the printed page
        // (the listing's path and its `ANCHOR` comments, which `{{#include}}` removes); an Apple document
        // cited with and without its medium; external sources cited in parentheses instead of footnotes;
        // a proofreader's note ("날짜는 확인하지 못해") left in a footnote.
        Banned(pattern: #"사용자(?:의)? ?(?:동작|조작|행동)"#, use: "사용자 입력 (what a user does)"),
        Banned(
            pattern: #"^(?!\s*// ANCHOR(?:_END)?: )(?!\{\{#).*(?:ANCHOR|listings/)"#,
            use: "the code the reader sees (a listing's path and its ANCHOR comments are not on the page)"),
        Banned(
            pattern: #"Apple, "[^"]+" \(<https://developer\.apple\.com/documentation"#,
            use: "Apple, \"제목\", Apple Developer Documentation (<…>) (the bibliography's style)"),
        Banned(
            pattern: #"\((?:Apple|SE-\d{4}의)[^)]*(?:"|문서|노트)|, Apple TN\d{4} "#,
            use: "a footnote [^…] in the bibliography's style (not a source in parentheses)"),
        Banned(
            pattern: #"(?:날짜|연도|출처)[는를을가] 확인하지 못"#, use: "연도 미상 (the bibliography's style), not a note to the editor"),
        // Review 28: Swift's `init` called 생성자 (Java's constructor) beside 이니셜라이저; a particle after
        // (App)Kit as if it ended in a vowel; 저장 for both writing a contact to the archive and encoding the
        // state for restoration; an Apple document whose medium is not Apple Developer Documentation; an API
        // name as a title without code font; a repository cited without its title and medium.
        Banned(pattern: #"생성자"#, use: "이니셜라이저 (initializer)"),
        Banned(pattern: #"Kit(?:\([^)]*\))?(는|가|를|와|로)(?![가-힣])"#, use: "은/이/을/과/으로 (Kit ends in ㅅ: 킷)"),
        Banned(
            pattern: #"저장(?:한|된|해 둔|했다가|하고 되살리) ?상태|상태 저장|상태를 (?:JSON으로 )?저장했다가|시스템이 저장한"#,
            use: "보존 (state preservation; 저장 is writing a contact to the archive)"),
        Banned(
            pattern:
                #"Apple, "[^"]+", (?!Apple Developer Documentation|WWDC)(?:(?!Apple, ")[^<])*\(<https://developer\.apple\.com/(?:documentation|library)"#,
            use: "Apple, \"제목\", Apple Developer Documentation (<…>) (an Apple document's medium)"),
        Banned(pattern: #"Apple, "[a-z]\w*\("#, use: "Apple, \"`name(_:)`\" (an API name as a title in code font)"),
        Banned(
            pattern: #"(?:^- |, )[A-Za-z0-9 .-]+ \(<https://github\.com/"#,
            use: "저자, \"리포지터리 이름\", GitHub 리포지터리 (<…>) (a repository's title and medium)"),
        // Korean review 36a (I4): the pronoun 그것 ("컴파일러는 그것을 모르므로") reads as a translation; a
        // Korean book names the thing again or writes 이 사실, 그 실행. 그것도 ("and at that") is Korean.
        Banned(pattern: #"그것(?!도)"#, use: "the thing's name again, 이 사실, 그 실행 (not the pronoun 그것)"),
        // Korean review 40b (I5): 붙잡다 is a strong reference everywhere ('누가 무엇을 붙잡는가'), yet once
        // meant keeping the main actor busy ("메인 액터를 붙잡지 않습니다"); an actor, a thread or the caller
        // that cannot go on is 막다, and work that occupies an actor 차지하다.
        Banned(
            pattern: #"(?:액터|스레드|호출한 쪽)(?:을|를|도) (?:[^ .]+ )?붙잡"#,
            use: "막다 or 차지하다 (붙잡다 is a strong reference only)"),
        // Korean review 43a (2-3): for the same reason "관찰자를 약하게 붙잡는 모델" said both strong and weak; a
        // weak capture is 약하게 잡다, a weak property 약하게 쥐다, a weak entry of an array 약하게 담다.
        Banned(pattern: #"약하게 붙잡"#, use: "약하게 잡다 (capture), 약하게 쥐다 (property) or 약하게 담다 (array)"),
        // Korean review 41a (2-1): a direct quote in quotation marks takes 라고 ("비대해진다"라고 말하지만);
        // 고 belongs to the indirect quote, without the marks.
        Banned(
            pattern: #""[^"]+"고(?![가-힣])"#, use: "\"…\"라고 (or the indirect quote without the marks)", glossaryToo: true),
        // Korean review 41a (2-2): a type conforms, not a property ("Equatable을 준수하는 타입의 속성").
        Banned(pattern: #"준수하는 (?:속성|변수)"#, use: "준수하는 타입의 속성 (a type conforms to a protocol)"),
        // Korean review 42b (I9): the same holds for the modifier: a quote in quotation marks takes 라는 or 라며
        // ("…한 함수에 둔다"라는 생각), not the contracted indirect -다는, -다며; a quoted sentence is not made the
        // topic either ("…"라는 규칙은).
        Banned(
            pattern: #"다"(?:는|며)(?![가-힣])"#, use: "\"…\"라는 / \"…\"라며 (a direct quote in quotation marks)",
            glossaryToo: true),
        // Korean review 43b (E3, §4.6-1): an order or a question in quotation marks is no different ("더는 쓰지
        // 말라"라는 표시, "…보고 있는가"라는 정보): not the contracted -라는, -냐는, nor the question as the
        // topic. Only imperative endings before 라 (말라, 하라, 보라, 써라, …), since nouns end in 라 too
        // (카메라, 인프라); the glossary's table, where the review found it, is read as well.
        Banned(
            pattern: #"(?:냐|[는은]가|[하말보쓰두가오해봐써둬어아으켜려춰워줘마]라)"(?:는|며)(?![가-힣])"#,
            use: "\"…\"라는 / \"…\"라며 (a quoted order or question, not -라는, -냐는, nor the question as the topic)",
            glossaryToo: true),
        // Korean review 43b (E2, I1): the page speaks of the edition the reader holds; "아래 세 풀이도 같은
        // 방법으로 고쳤습니다" and a failing sample that "goes back" to code the reader never saw ("…던 코드로
        // 되돌리고") are the manuscript's history. A failing sample changes the code it shows ("…로 바꾸고").
        Banned(
            pattern:
                #"되돌리고 (?:같은|위|그|두|세) ?테스트|[가-힣]던 (?:코드|줄|한 줄)로 (?:되돌|바꾸|바꿔)|(?:^|[^가-힣])(?:풀이|예제|코드|절|문단)(?:도|를|는|을|은) (?:[^ .]+ )*고쳤습니다|(?:이번|앞|옛|지난|이전) 판(?:에서|의|은|에|과)"#,
            use:
                "the edition the reader holds: the code the page shows (\"…로 바꾸고\", \"…줄을 지우고\"), not the manuscript's history"
        ),
    ]

    static func pages() throws -> [(name: String, lines: [String])] {
        let folder = TestSupport.repositoryRoot + "/content"
        var names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        // The samples' hidden code that pages include (`{{#include listings/…}}`) is read as the pages are.
        let listings = folder + "/listings"
        if FileManager.default.fileExists(atPath: listings) {
            names += try FileManager.default.contentsOfDirectory(atPath: listings).filter { $0.hasSuffix(".swift") }
                .sorted().map { "listings/" + $0 }
        }
        return try names.map { name in
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            return (name, text.components(separatedBy: "\n"))
        }
    }

    /// The glossary's own rules name the synonyms; every other line of the book must not use them.
    static func isRuleLine(_ page: String, _ line: String) -> Bool {
        page == "glossary.md" && (line.hasPrefix("- **") || line.hasPrefix("| ") || line.hasPrefix("  "))
    }

    @Test("용어: 용어집이 금지한 동의어가 본문과 코드 주석에 없다", arguments: banned)
    func noBannedSynonym(_ rule: Banned) throws {
        let regex = try Regex(rule.pattern)
        let pages = try Self.pages()
        #expect(pages.count > 15)
        for page in pages {
            for (index, line) in page.lines.enumerated() where rule.glossaryToo || !Self.isRuleLine(page.name, line) {
                if let hit = line.firstMatch(of: regex) {
                    Issue.record("content/\(page.name):\(index + 1): '\(line[hit.range])' — use \(rule.use)")
                }
            }
        }
    }

    @Test("용어: 각 금지 패턴은 그 동의어를 실제로 잡는다")
    func eachPatternCatchesItsSynonym() throws {
        let samples = [
            "두 구조의 연결 테스트는", "누른 줄의 위치가 아니라", "표가 그린 뒤 모델이", "`open(_:)`을 부릅니다",
            "스파이에 사건이 올 때까지", "뷰의 탭 처리기처럼", "테스트로 못 박습니다",
            "하나의 모델 층 위에", "`@MainActor` 스위트 안에", "`@available(iOS 26, *)`를 붙입니다",
            "조립 코드(assembly code)는", "자식 코디네이터가 새는 자리", "뷰 모델은 화면 상태를 내놓기만",
            "// answer()를 부를 때까지", "타입과 연결 코드가 생깁니다", "실패하면 안내 문구를 보여 줍니다",
            "모두 선택(optional) 요구 사항입니다", "탭 바의 다른 탭 화면이든", "풀 리퀘스트 #449, \"Fix\", 2026 (<",
            "앱 구조의 일급 시민이어야", "`nonisolated(nonsending)`과 `@concurrent`",
            "`asSignal(onErrorSignalWith:)`는 값을",
            "이 따름은 보통 컴파일러가 확인합니다 / 뷰 프로토콜을 따르는 스파이",
            "장면 델리게이트가 받아", "`contactStream`이라는 감싸개로", "서버와 대화하는 저장소는", "저장소가 돌려주는 엔티티",
            "식별자를 빠뜨리면 예제가 멈춥니다", "이 책의 예제는", "MVC 앱을 시험합니다",
            "저장하는 것은 화면 상태인 `path`뿐이고", "Apple의 문서 보관소에 있고",
            "뷰 모델은 UIKit에 간접적으로 기댑니다", "불러오는 동안에는 상태 문구를 겹쳐 보여 줍니다",
            "사용자의 동작과 보관소의 답을", "이 풀이를 그대로 코드로 옮긴 것입니다(예제 파일 `listings/app-delete.swift`).",
            "- Apple, \"Updating views automatically\" (<https://developer.apple.com/documentation/uikit/x>).",
            "지운다고 설명합니다(Apple, \"Restoring your app's state\").",
            "VIP 사이클을 소개한 이 글의 날짜는 확인하지 못해, 표 10-1에는",
            "결국 씬 델리게이트가 세 화면의 생성자와 화면 순서를 모두 알게 됩니다.",
            "NeXTSTEP의 Application Kit(AppKit)는 창과 메뉴, 뷰를",
            "`load`는 저장하지 않으므로, 불러오던 중에 저장된 상태도 되살리면",
            "- Apple, \"Model-View-Controller\", Cocoa Core Competencies (<https://developer.apple.com/library/archive/x.html>).",
            "[^scene-disconnect]: Apple, \"sceneDidDisconnect(_:)\", Apple Developer Documentation (<https://developer.apple.com/x>).",
            "- ReactiveX, RxSwift (<https://github.com/ReactiveX/RxSwift>).",
            "컴파일러는 그것을 모르므로",
            "파일을 읽고 쓰는 일은 보관소 액터에서 실행되므로 메인 액터를 붙잡지 않습니다.",
            "// 관찰자를 약하게 붙잡는 모델",
            "흔히 \"MVC에서는 컨트롤러가 비대해진다\"고 말하지만",
            "`Equatable`을 준수하는 속성에 같은 값이 대입되면",
            "빌려 온 것은 \"상태를 바꾸는 규칙은 한 함수에 둔다\"는 생각 하나입니다.",
            "| 사용 중단 | deprecated | 플랫폼이 API에 붙이는 \"더는 쓰지 말라\"는 표시.",
            "아래 예제는 `showEditor(for:)` 메서드를 맨 위 화면을 빼던 코드로 되돌리고 같은 테스트를 실행합니다.",
        ]
        let allowed = [
            "이것을 모델이라고 부릅니다", "다시 불러오지 않는다", "목록을 불러오고", "탭 바(`UITabBarController`)의 두 항목",
            "`nonisolated(nonsending)`와 `@concurrent`", "`.receive(on: DispatchQueue.main)`를 거치면",
            "`scene(_:continue:)`으로", "`store(in:)`이라는",
            "흔히 저장소(Repository)라고 부르는 계층은", "일도 함께 멈추게 하려면", "이미 고른 탭 바 항목 다시 누르기", "- **엔티티**(Entity): 인터랙터가 다루는",
            "struct ProductDTO: Sendable {",
            "화면 몇 개에서 MVVM을 먼저 써 보려면", "스트림 하나만 테스트할 때는", "DTO는 서버의 필드 이름을 따르고",
            "쓰는 법은 실제 라이브러리를 따릅니다", "이 틀을 따르지 않습니다",
            "이 강의는 추론에 기대지 않고", "모두 이 생각에 기댑니다", "기대한 상태가 될 때까지",
            "두 기대가 실패합니다", "뷰를 프로토콜로만, 그것도 `weak`로 압니다",
            "사용자 입력과 보관소의 응답을", "// ANCHOR: mvc", "// ANCHOR_END: mvc", "{{#include listings/app-delete.swift:mvc}}",
            "- Apple, \"Observation\", Apple Developer Documentation (<https://developer.apple.com/documentation/observation>).",
            "지운다고 설명합니다[^restoring-state].", "(`UIWindow(windowScene:)`로 만든 창)", "그 코드는 뷰 모델의 테스트가 확인하지 못합니다",
            "Application Kit(AppKit)은 창(window)과 메뉴", "UIKit이 씬 델리게이트에", "저장하던 중에 보존된 편집 화면을",
            "[^app-design]: Apple, \"Application Design\", Rhapsody 개발자 릴리스 문서, 1998. 이어받은 글: Apple, \"Document Architecture\", Apple Developer Documentation의 지난 문서(Documentation Archive) (<https://developer.apple.com/library/archive/x.html>).",
            "- Apple, \"Make blazing fast lists\", WWDC21 세션 10252, 2021 (<https://developer.apple.com/videos/x/>).",
            "Apple, \"`sceneDidDisconnect(_:)`\", Apple Developer Documentation",
            "Apple, \"Observation\", Apple Developer Documentation",
            "- ReactiveX, \"RxSwift\", GitHub 리포지터리 (<https://github.com/ReactiveX/RxSwift>).",
            "`Task`가 `self`를 붙잡고 있는", "관찰 `Task`가 공유 모델을 붙잡습니다",
            "// 관찰자를 약하게 담는 모델", "약하게 담긴 관찰자는 바깥에서 아무도 붙잡지 않는 순간",
            "흔히 \"MVC에서는 컨트롤러가 비대해진다\"라고 말하지만", "\"고\"는 간접 인용의 조사입니다",
            "`Equatable`을 준수하는 타입의 속성에", "`Sendable`을 준수하는 값 타입",
            "\"상태를 바꾸는 규칙은 한 함수에 둔다\"라는 생각", "\"0번 확인되었다\"라며 실패합니다", "\"MVC\"는",
            "\"더는 쓰지 말라\"라는 표시", "\"지금 몇 페이지를 보고 있는가\"라는 정보는", "\"카메라\"는", "\"인프라\"며",
            "아래 예제는 `showEditor(for:)` 메서드가 맨 위 화면을 빼도록 바꾸고 같은 테스트를 실행합니다.",
            "`withObservationTracking`으로 추적을 다시 등록하던 코드도, `Observations`를 돌리던 `Task`도 필요 없습니다.",
            "상세 화면은 다음 화면 갱신에서 제목과 레이블을 새 이름으로 고쳤습니다.", "`loading = nil`로 되돌립니다.",
        ]
        let regexes = try Self.banned.map { try Regex($0.pattern) }
        for line in allowed {
            #expect(!regexes.contains { line.firstMatch(of: $0) != nil }, "'\(line)' is allowed")
        }
        // Review 26: the other parenthesised sources the review found.
        let citation = try Regex(Self.banned.first { $0.use.hasPrefix("a footnote [^…]") }!.pattern)
        for line in [
            "없으면 `nil`을 돌려주기 때문입니다(Apple 문서 `cellForRow(at:)`).", "Swift 6.2.1입니다(Apple의 Xcode 릴리스 노트).",
            "나오지 않을 수 있습니다(SE-0475의 \"Behavioral Notes\").",
            "창은 연결된 씬으로 만듭니다(`UIWindow(windowScene:)`, Apple TN3187 \"Migrating to the UIKit scene-based life cycle\").",
        ] {
            #expect(line.firstMatch(of: citation) != nil, "the citation rule misses '\(line)'")
        }
        // Review 22: the shapes the conformance rule once let through.
        let conformance = try Regex(Self.banned.first { $0.use == "준수 (conformance)" }!.pattern)
        for line in [
            "프레젠터는 뷰가 따르는 프로토콜만 압니다", "뷰 프로토콜이 클래스만 따를 수 있어야 합니다",
            "// 오류 타입은 CaseIterable을 따릅니다.", "물려받는 프로토콜을 주 선언에서 따르는 타입",
        ] {
            #expect(line.firstMatch(of: conformance) != nil, "준수 (conformance) misses '\(line)'")
        }
        // Korean review 43b: the other shapes of a quoted order or question, and of the manuscript's history.
        let quotedOrder = try Regex(
            Self.banned.first { $0.use.hasPrefix("\"…\"라는 / \"…\"라며 (a quoted order") }!.pattern)
        for line in ["\"지금 몇 페이지를 보고 있는가\"는 이 화면만의 상태입니다.", "\"왜 비대해지냐\"는 물음", "\"먼저 테스트하라\"며"] {
            #expect(line.firstMatch(of: quotedOrder) != nil, "the quoted order rule misses '\(line)'")
        }
        let history = try Regex(Self.banned.first { $0.use.hasPrefix("the edition the reader holds") }!.pattern)
        for line in [
            "아래 예제는 `delete()`를 `selectedID`만 지우던 코드로 되돌리고 같은 테스트를 실행합니다.",
            "아래 예제는 그 줄을 상세 화면 하나만 지우는 줄로 되돌리고 같은 테스트를 실행합니다.",
            "아래 세 풀이도 같은 방법으로 고쳤습니다.", "이번 판에서는 표 8-3을 바꾸었습니다.",
        ] {
            #expect(line.firstMatch(of: history) != nil, "the history rule misses '\(line)'")
        }
        // Korean review 39a (3-9): an exercise that relies on a fact depends on it.
        let depends = try Regex(Self.banned.first { $0.use.hasPrefix("의존하다 (") }!.pattern)
        for line in ["5장 연습 문제 3은 `@Observable`이 같은 값의 대입을 알리지 않는다는 사실에 기댑니다."] {
            #expect(line.firstMatch(of: depends) != nil, "의존하다 misses '\(line)'")
        }
        #expect(samples.count == Self.banned.count)
        for (sample, rule) in zip(samples, Self.banned) {
            #expect(try sample.firstMatch(of: Regex(rule.pattern)) != nil, "\(rule.use) misses '\(sample)'")
        }
    }
}
