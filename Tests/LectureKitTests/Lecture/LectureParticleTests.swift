import Foundation
import Testing

/// The glossary's rule: a particle after a code name follows the base name's sound (`display(greeting:)`를,
/// 디스플레이). Review 16 banned the slips it found one name at a time; Korean review 24 still found three
/// particles that followed the last word inside the parentheses or braces (`#expect(조건)`이,
/// `withSnapshotTesting(record: .never) { … }`로, `UIAction { … }`는). These tests read every code span
/// that ends in `)`, `}` or `…` and is followed by a particle, find the name read before its trailing
/// parentheses and braces, and check the particle against that name's last word as a Korean reads it.
extension LectureContentTermTests {
    /// How the last word of a name sounds in Korean, which picks the particle.
    enum Sound: Sendable {
        /// Ends in a vowel (익스펙트, 세이브): 와, 를, 로, 가, 는.
        case vowel
        /// Ends in ㄹ (캔슬, 모델): 과, 을, 로, 이, 은.
        case rieul
        /// Ends in another consonant (액션, 테스팅): 과, 을, 으로, 이, 은.
        case consonant

        var particles: Set<String> {
            switch self {
            case .vowel: ["와", "를", "로", "가", "는"]
            case .rieul: ["과", "을", "로", "이", "은"]
            case .consonant: ["과", "을", "으로", "이", "은"]
            }
        }
    }

    /// The last word (lowercased, camel case split) of every name the lecture puts a particle after,
    /// with its sound. A new name fails the test until it is added here.
    static let lastWordSounds: [String: Sound] = {
        let vowel = """
            actions activity appear apply broadcast change changed child close completed contact contains controller
            controllers data decode delete deleted disappear disconnect dismiss dispose drive driver duplicates edited enabled
            environment error expect field finish first flows formatted fulfillment identifier isolated items load message move
            needed next nonisolated object observations observe observer os post present product properties receive
            reduce refresh reload render restore result row rows save send share show start store subscribe
            subviews summaries take tapped task throws update view window
            """
        let rieul = "autoreleasepool available cancel detail dismissal email label model observable signal visible"
        let consonant = """
            action application assign at configuration confirmation editing init isolation line loading mock observation open rename
            scene selection set stack stop testing tracking transform
            """
        var sounds: [String: Sound] = [:]
        for (words, sound) in [(vowel, Sound.vowel), (rieul, .rieul), (consonant, .consonant)] {
            for word in words.split(whereSeparator: \.isWhitespace) { sounds[String(word)] = sound }
        }
        return sounds
    }()

    /// A code span that ends in `)`, `}` or `…`, and the bare particle after it.
    static var spanWithParticle: Regex<(Substring, Substring, Substring)> {
        #/`([^`]*[)}…])`(과|와|을|를|으로|로|이|가|은|는)(?![가-힣])/#
    }

    /// The name a reader says for a code span: its trailing parentheses, braces, generic arguments and
    /// ellipses dropped (`withSnapshotTesting(record: .never) { … }` → withSnapshotTesting), then the
    /// last identifier. Nil for a span without a name, such as a bare closure.
    static func spokenName(_ span: String) -> String? {
        var text = Array(span)
        let pairs: [Character: Character] = [")": "(", "}": "{", ">": "<"]
        while true {
            while let last = text.last, last == " " || last == "…" { text.removeLast() }
            guard let close = text.last, let open = pairs[close] else { break }
            var depth = 0
            var start: Int?
            for index in text.indices.reversed() {
                if text[index] == close { depth += 1 }
                if text[index] == open { depth -= 1 }
                if depth == 0 {
                    start = index
                    break
                }
            }
            guard let start else { return nil }
            text.removeSubrange(start...)
        }
        let name = String(text).firstMatch(of: #/([A-Za-z_][A-Za-z0-9_]*)\W*$/#)?.output.1
        return name.map(String.init)
    }

    /// The last word of a camel-case name, lowercased: updatePropertiesIfNeeded → needed, UIAction → action.
    static func lastWord(_ name: String) -> String {
        let words = name.matches(of: #/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/#).map { String($0.output) }
        return (words.last ?? name).lowercased()
    }

    /// What is wrong with the particles after code spans in one line.
    static func particleProblems(_ line: String) -> [String] {
        var problems: [String] = []
        for match in line.matches(of: spanWithParticle) {
            guard let name = spokenName(String(match.output.1)) else { continue }
            let word = lastWord(name)
            let particle = String(match.output.2)
            guard let sound = lastWordSounds[word] else {
                problems.append("'\(match.output.0)': add '\(word)' (of \(name)) to lastWordSounds")
                continue
            }
            if !sound.particles.contains(particle) {
                problems.append(
                    "'\(match.output.0)': the particle follows \(name) (\(sound)): one of \(sound.particles.sorted())")
            }
        }
        return problems
    }

    @Test("조사: 괄호나 중괄호로 끝나는 코드 뒤의 조사는 그 앞 이름의 발음을 따른다")
    func particlesFollowTheBaseName() throws {
        var spans = 0
        for page in try Self.pages() {
            for (index, line) in page.lines.enumerated() where !Self.isRuleLine(page.name, line) {
                spans += line.matches(of: Self.spanWithParticle).count
                for problem in Self.particleProblems(line) {
                    Issue.record("content/\(page.name):\(index + 1): \(problem)")
                }
            }
        }
        #expect(spans > 250)
    }

    @Test("조사: 검사는 괄호 안이나 중괄호 끝에 맞춘 조사를 잡는다")
    func particleCheckCatchesTheInnerWord() {
        let wrong = [
            "`#expect(조건)`이 기대를", "`withSnapshotTesting(record: .never) { … }`로 감쌉니다",
            "`UIAction { [weak self] _ in Task { await self?.… } }`는", "`nonisolated(nonsending)`과",
            "`asSignal(onErrorSignalWith:)`는", "`Set<…>(…)`와", "`cancel()`로는 아니고 `cancel()`으로", "`unknownName(x)`를",
        ]
        for line in wrong {
            #expect(!Self.particleProblems(line).isEmpty, "'\(line)' passes")
        }
        let right = [
            "`#expect(조건)`가 기대를", "`withSnapshotTesting(record: .never) { … }`으로", "`UIAction { … }`은",
            "`nonisolated(nonsending)`와", "`.receive(on: DispatchQueue.main)`를", "`scene(_:continue:)`으로",
            "`store(in:)`이라는", "`cancel()`로", "`a.load().updatePropertiesIfNeeded()`를", "`{ try await f($0) }`을",
            "`Task { … }`는", "`macOS(.v14)`를",
        ]
        for line in right {
            let problems = Self.particleProblems(line)
            #expect(problems.isEmpty, "'\(line)' fails: \(problems)")
        }
    }
}
