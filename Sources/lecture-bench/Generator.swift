import Foundation
import LectureSupport

/// SplitMix64: a small, fast, deterministic generator, so a seed always gives the same book.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// The generated inputs of the benchmark: a Korean book of N pages, and a book of N samples.
///
/// Both are deterministic for a seed. The book has no Swift sample (only non-Swift code blocks),
/// so `lecture build` measures Markdown → site alone; pages link to one another (and to the
/// `## 개요` heading every page has), so the link checker has work to do.
enum Generator {
    static let pagesPerPart = 50

    // MARK: The book

    /// Relative path of page `i` (1-based) inside the content folder: `part-01/page-0001.md`.
    static func pagePath(_ i: Int) -> String {
        let part = (i - 1) / pagesPerPart + 1
        return String(format: "part-%02d/page-%04d.md", part, i)
    }

    /// Title of page `i`, unique in the book.
    static func pageTitle(_ i: Int, _ rng: inout SeededGenerator) -> String {
        let first = rng.pick(nouns)
        let second = rng.pick(nouns)
        return "\(i). \(first)\(particle(first, "와", "과")) \(second)"
    }

    /// The book's files: `SUMMARY.md` and the pages, keyed by their path in the content folder.
    /// Also returns the titles in reading order (for Hugo's front matter).
    static func book(pages count: Int, seed: UInt64 = 2024) -> (files: [(path: String, text: String)], titles: [String])
    {
        var rng = SeededGenerator(seed: seed)
        let titles = (1...count).map { pageTitle($0, &rng) }
        var summary = "# 벤치마크용 생성 책: 아키텍처 \(count)쪽\n\n"
        for i in 1...count {
            // The first page of each part is the part's chapter; the rest are its sub-chapters.
            let nested = (i - 1) % pagesPerPart != 0
            summary += (nested ? "  " : "") + "- [\(titles[i - 1])](\(pagePath(i)))\n"
        }
        var files: [(String, String)] = [("SUMMARY.md", summary)]
        for i in 1...count {
            var pageRNG = SeededGenerator(seed: seed &+ UInt64(i) &* 0x1000_0001)
            files.append((pagePath(i), page(i, of: count, title: titles[i - 1], &pageRNG)))
        }
        return (files, titles)
    }

    /// A link from page `from` to page `to`, relative to `from`'s folder.
    static func relativeLink(from: Int, to: Int) -> String {
        let a = pagePath(from).split(separator: "/")
        let b = pagePath(to).split(separator: "/")
        return a[0] == b[0] ? String(b[1]) : "../" + b.joined(separator: "/")
    }

    static let targetPageBytes = 16_000

    /// One page of about 16 KB: a title, an overview, then sections of prose, lists, quotes and
    /// code until the size is reached.
    static func page(_ i: Int, of count: Int, title: String, _ rng: inout SeededGenerator) -> String {
        var text = "# \(title)\n\n"
        text += paragraph(i, of: count, &rng) + "\n\n"
        text += "## 개요\n\n" + paragraph(i, of: count, &rng) + "\n\n"
        var section = 1
        while text.utf8.count < targetPageBytes - 1_500 {
            text += "## \(section). \(rng.pick(nouns)) \(rng.pick(topics))\n\n"
            text += paragraph(i, of: count, &rng) + "\n\n"
            switch rng.int(0...5) {
            case 0:
                for _ in 0..<rng.int(3...6) { text += "- " + sentence(&rng) + "\n" }
                text += "  - " + sentence(&rng) + "\n  - " + sentence(&rng) + "\n\n"
            case 1:
                for n in 1...rng.int(3...5) {
                    text += "\(n). " + sentence(&rng) + " " + inlineLink(i, of: count, &rng) + "\n"
                }
                text += "\n"
            case 2:
                text += "> " + sentence(&rng) + " " + sentence(&rng) + "\n>\n> — " + rng.pick(nouns) + " 노트\n\n"
            case 3:
                text += codeBlock(&rng) + "\n"
            case 4:
                text += "### \(rng.pick(nouns))의 \(rng.pick(topics))\n\n" + paragraph(i, of: count, &rng) + "\n\n"
            default:
                text += paragraph(i, of: count, &rng) + "\n\n" + codeBlock(&rng) + "\n"
            }
            section += 1
        }
        text += "## 정리\n\n" + paragraph(i, of: count, &rng) + "\n\n"
        let next = i % count + 1
        let previous = (i + count - 2) % count + 1
        text +=
            "이전 장은 [\(previous)장](\(relativeLink(from: i, to: previous)))이고, 다음 장은 [\(next)장의 개요](\(relativeLink(from: i, to: next))#개요)입니다.\n"
        return text
    }

    static func paragraph(_ i: Int, of count: Int, _ rng: inout SeededGenerator) -> String {
        var sentences: [String] = []
        for _ in 0..<rng.int(4...8) {
            var s = sentence(&rng)
            switch rng.int(0...9) {
            case 0: s = "**\(rng.pick(nouns))**: " + s
            case 1: s += " *\(rng.pick(nouns))*도 마찬가지입니다."
            case 2: s += " `\(rng.pick(identifiers))` 함수를 보세요."
            case 3: s += " 자세한 내용은 " + inlineLink(i, of: count, &rng) + "에서 다룹니다."
            case 4:
                let word = rng.pick(nouns)
                s += " \"\(word)\"\(particle(word, "라는", "이라는")) 말이 자주 나옵니다."
            default: break
            }
            sentences.append(s)
        }
        return sentences.joined(separator: " ")
    }

    static func inlineLink(_ i: Int, of count: Int, _ rng: inout SeededGenerator) -> String {
        let target = rng.int(1...count)
        let anchor = rng.chance(0.5) ? "#개요" : ""
        return "[\(target)장\(anchor.isEmpty ? "" : "의 개요")](\(relativeLink(from: i, to: target))\(anchor))"
    }

    static func sentence(_ rng: inout SeededGenerator) -> String {
        let subject = rng.pick(nouns)
        let object = rng.pick(nouns)
        let adverb = rng.chance(0.4) ? rng.pick(adverbs) + " " : ""
        return
            "\(rng.pick(openers)) \(subject)\(particle(subject, "는", "은")) \(rng.pick(adjectives)) \(object)\(particle(object, "를", "을")) \(adverb)\(rng.pick(verbs))."
    }

    /// The particle that follows `word`: `withoutFinal` after a vowel, `withFinal` after a
    /// final consonant (batchim), read from the last Hangul syllable.
    static func particle(_ word: String, _ withoutFinal: String, _ withFinal: String) -> String {
        guard let last = word.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return withoutFinal }
        return (last.value - 0xAC00) % 28 == 0 ? withoutFinal : withFinal
    }

    static func codeBlock(_ rng: inout SeededGenerator) -> String {
        let name = rng.pick(identifiers)
        let value = rng.int(1...999)
        switch rng.int(0...4) {
        case 0:
            return
                "```kotlin\nclass \(name.capitalized)ViewModel(private val repo: Repository) {\n    val state = MutableStateFlow(\(value))\n    fun onTap() { state.value += 1 }\n}\n```\n"
        case 1:
            return
                "```json\n{\n  \"\(name)\": \(value),\n  \"pattern\": \"\(rng.pick(["MVC", "MVP", "MVVM"]))\",\n  \"tags\": [\"ui\", \"architecture\"]\n}\n```\n"
        case 2:
            return "```sh\n$ lecture build --content content --output _site\n$ ls _site | wc -l\n\(value)\n```\n"
        case 3:
            return "```python\ndef \(name)(items):\n    return [x * \(value) for x in items if x % 2 == 0]\n```\n"
        default:
            return
                "```text\n\(rng.pick(["Model", "View", "Controller", "Presenter", "ViewModel"])) -> \(rng.pick(["Model", "View", "Presenter"]))\n  \(name): \(value)\n```\n"
        }
    }

    static let nouns = [
        "모델", "뷰", "컨트롤러", "프레젠터", "뷰 모델", "화면", "상태", "데이터", "버튼", "사용자", "입력", "출력",
        "테스트", "의존성", "프로토콜", "바인딩", "이벤트", "알림", "저장소", "네트워크", "계층", "책임", "구조", "흐름",
        "생명주기", "델리게이트", "클로저", "관찰자", "라벨", "텍스트 필드", "목록", "셀", "레이아웃", "규칙", "설계",
    ]
    static let topics = ["다루기", "나누기", "살펴보기", "이해하기", "연결하기", "테스트하기", "정리하기", "비교하기"]
    static let openers = ["이 장에서", "대부분의 앱에서", "처음에는", "실제로", "예를 들어", "이때", "그래서", "한편", "결국", "보통"]
    static let adjectives = ["단순한", "복잡한", "작은", "큰", "독립적인", "명확한", "느슨한", "강한", "새로운", "익숙한"]
    static let adverbs = ["자주", "항상", "천천히", "분명히", "조심스럽게", "직접", "다시", "먼저"]
    static let verbs = [
        "바꿉니다", "관찰합니다", "전달합니다", "보여 줍니다", "감춥니다", "나눕니다", "테스트합니다", "갱신합니다",
        "받아들입니다", "만듭니다",
    ]
    static let identifiers = [
        "counter", "profile", "loginForm", "cartTotal", "userName", "itemList", "refresh", "validate",
    ]

    // MARK: Samples

    /// A book of `count` simple, varied `print` samples with their expected output, ten to a
    /// page. `edited` changes that one sample (0-based) — its code and its expected output.
    static func samples(count: Int, seed: UInt64 = 7, edited: Int? = nil) -> [(path: String, text: String)] {
        let perPage = 10
        let pageCount = (count + perPage - 1) / perPage
        var summary = "# 생성된 예제 \(count)개\n\n"
        var files: [(String, String)] = []
        for p in 0..<pageCount {
            let path = String(format: "samples-%02d.md", p + 1)
            summary += "- [예제 \(p + 1)](\(path))\n"
            var text = "# 예제 \(p + 1)\n\n"
            for n in (p * perPage)..<min(count, (p + 1) * perPage) {
                var rng = SeededGenerator(seed: seed &+ UInt64(n) &* 7919)
                let (code, output) = sample(n, bump: n == edited ? 1000 : 0, &rng)
                text += "## 예제 \(n + 1)\n\n설명 문장입니다.\n\n```swift\n\(code)```\n\n```output\n\(output)```\n\n"
            }
            files.append((path, text))
        }
        return [("SUMMARY.md", summary)] + files
    }

    /// Sample `n`: Swift code and exactly what it prints. Every sample differs from every other
    /// (`n` is in its code), so each has its own cache key.
    static func sample(_ n: Int, bump: Int, _ rng: inout SeededGenerator) -> (code: String, output: String) {
        let k = n + 1 + bump
        let word = rng.pick(["model", "view", "controller", "presenter", "binding", "relay"])
        switch n % 8 {
        case 0:
            let xs = (0..<rng.int(3...6)).map { _ in rng.int(1...50) }
            return ("let xs = \(xs)\nprint(xs.map { $0 * \(k) })\n", "\(xs.map { $0 * k })\n")
        case 1:
            let limit = rng.int(5...20)
            let sum = (1...limit).reduce(0) { $0 + $1 * k }
            return ("var sum = 0\nfor i in 1...\(limit) { sum += i * \(k) }\nprint(\"합계: \\(sum)\")\n", "합계: \(sum)\n")
        case 2:
            let age = rng.int(10...60)
            return (
                "struct Person { let name: String; let age: Int }\nlet p = Person(name: \"사용자\(k)\", age: \(age))\nprint(\"\\(p.name)은 \\(p.age)살\")\n",
                "사용자\(k)은 \(age)살\n"
            )
        case 3:
            let cases = ["idle", "loading", "loaded", "failed"]
            let pick = rng.int(0...3)
            let code =
                "enum State { case idle, loading, loaded(Int), failed }\nlet states: [State] = [.idle, .loading, .loaded(\(k)), .failed]\n"
                + "switch states[\(pick)] {\ncase .idle: print(\"idle\")\ncase .loading: print(\"loading\")\ncase .loaded(let n): print(\"loaded \\(n)\")\ncase .failed: print(\"failed\")\n}\n"
            return (code, (pick == 2 ? "loaded \(k)" : cases[pick]) + "\n")
        case 4:
            return (
                "let word = \"\(word)\(k)\"\nprint(String(word.reversed()), word.count)\n",
                "\(String("\(word)\(k)".reversed())) \("\(word)\(k)".count)\n"
            )
        case 5:
            let keys = ["b", "a", "d", "c"].map { $0 + word }
            let code =
                "let counts = [\(keys.enumerated().map { "\"\($0.element)\": \($0.offset + k)" }.joined(separator: ", "))]\n"
                + "for key in counts.keys.sorted() { print(key, counts[key]!) }\n"
            let output = keys.enumerated().sorted { $0.element < $1.element }.map { "\($0.element) \($0.offset + k)\n" }
                .joined()
            return (code, output)
        case 6:
            let limit = rng.int(5...15)
            var a = 0
            var b = 1
            var fib: [Int] = []
            for _ in 0..<limit {
                fib.append(a)
                (a, b) = (b, a + b)
            }
            return (
                "var a = 0, b = 1\nvar fib: [Int] = []\nfor _ in 0..<\(limit) { fib.append(a); (a, b) = (b, a + b) }\nprint(\"fib\(k):\", fib.map(String.init).joined(separator: \",\"))\n",
                "fib\(k): \(fib.map(String.init).joined(separator: ","))\n"
            )
        default:
            let value = rng.int(1...9)
            let code =
                "final class Counter {\n    private(set) var value = \(value)\n    func tap() { value += \(k) }\n}\nlet counter = Counter()\n"
                + "let name: String? = \(rng.chance(0.5) ? "\"\(word)\"" : "nil")\ncounter.tap()\ncounter.tap()\n"
                + "if let name { print(name, counter.value) } else { print(\"없음\", counter.value) }\n"
            let hasName = code.contains("String? = \"")
            return (code, "\(hasName ? word : "없음") \(value + 2 * k)\n")
        }
    }

    // MARK: Writing

    static func write(_ files: [(path: String, text: String)], into directory: String) throws {
        for (path, text) in files {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: FileSystem.parent(full), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
    }
}
