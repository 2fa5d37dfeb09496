import Foundation
import Testing

/// "앞에서 보았듯이" promises the reader has already read it. Korean review 34 found 3장 pointing with
/// 적었듯이 to a '깊이 보기' box 105 lines further down, and the reader turned back to look for it. This
/// test finds every reference in the past tense (보았듯이, 본, 설명했, 살펴보았, 적었듯이, 말했) to a
/// section, a box or a linked place, and fails where its target comes at or after the reference in
/// reading order (SUMMARY.md order, then line). A plain "…에 적었습니다" names where something is
/// written and may point ahead.
extension LectureIndexTests {
    /// A reference in the past tense: a quoted, linked or plain title, or a link, then its particle.
    static var backReference: Regex<AnyRegexOutput> {
        get throws {
            try Regex(
                #"(?:'(?:\[((?:[^\]`]|`[^`]*`)+)\]\(([^)]*)\)|([^'\[]+))' (?:절|상자)|\[(?:[^\]`]|`[^`]*`)+\]\(([^)]*)\)(?: (?:절|상자|장|표|그림))?)(?:에서|에) (?:보았듯이|보았습니다|본 |설명했|살펴보았|적었듯이|말했)"#
            )
        }
    }

    /// The pages' lines in reading order (SUMMARY.md order, the glossary left out), as written (includes
    /// not expanded, so line numbers are the file's).
    static var readingOrder: [(file: String, lines: [String])] {
        pages.map { page in
            let path = TestSupport.repositoryRoot + "/content/" + page.file
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return (file: page.file, lines: text.components(separatedBy: "\n"))
        }
    }

    /// Where a reader meets a line: the page's place in reading order, then the line.
    struct Place: Comparable {
        let page: Int
        let line: Int
        static func < (a: Place, b: Place) -> Bool { (a.page, a.line) < (b.page, b.line) }
    }

    /// The place of `target` ("file.md#anchor", "#anchor", "file.md") seen from `file`, or nil.
    static func place(of target: String, from file: String, in book: [(file: String, lines: [String])]) -> Place? {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].isEmpty ? file : parts[0]
        guard let index = book.firstIndex(where: { $0.file == name }) else { return nil }
        guard parts.count == 2 else { return Place(page: index, line: 0) }
        var fenced = false
        for (number, line) in book[index].lines.enumerated() {
            if line.hasPrefix("```") { fenced.toggle() }
            if !fenced, let heading = line.firstMatch(of: /^#+ (.*)$/),
                LectureContentCountTests.slug(String(heading.output.1)) == parts[1]
            {
                return Place(page: index, line: number)
            }
        }
        return nil
    }

    /// The place of the box whose bold title starts with `title` (`> **깊이 보기: …**`), or nil.
    static func placeOfBox(_ title: String, in book: [(file: String, lines: [String])]) -> Place? {
        for (index, page) in book.enumerated() {
            if let number = page.lines.firstIndex(where: { $0.contains("**" + title) }) {
                return Place(page: index, line: number)
            }
        }
        return nil
    }

    /// Every past-tense reference whose target is not behind the reader, as "file:line: …".
    static func forwardBackReferences(in book: [(file: String, lines: [String])]) throws -> [String] {
        let regex = try backReference
        var problems: [String] = []
        for (index, page) in book.enumerated() {
            var fenced = false
            for (number, line) in page.lines.enumerated() {
                if line.hasPrefix("```") { fenced.toggle() }
                if fenced { continue }
                for match in line.matches(of: regex) {
                    let here = Place(page: index, line: number)
                    let target: Place?
                    if let link = match.output[2].substring ?? match.output[4].substring {
                        target = place(of: String(link), from: page.file, in: book)
                    } else if let title = match.output[3].substring {
                        target = placeOfBox(String(title), in: book)
                    } else {
                        target = nil
                    }
                    let quote = String(line[match.range])
                    guard let target else {
                        problems.append(
                            "content/\(page.file):\(number + 1): '\(quote)' refers to nothing the test can find")
                        continue
                    }
                    if target >= here {
                        problems.append(
                            "content/\(page.file):\(number + 1): '\(quote)' speaks of a place the reader has not read yet"
                                + " (content/\(book[target.page].file):\(target.line + 1)); say 아래/뒤에서 … 봅니다")
                    }
                }
            }
        }
        return problems
    }

    @Test("참조: '보았듯이·본·적었듯이'로 가리키는 곳은 읽는 차례에서 앞에 있다")
    func backReferencesPointBack() throws {
        #expect(Self.readingOrder.count > 20)
        for problem in try Self.forwardBackReferences(in: Self.readingOrder) { Issue.record("\(problem)") }
    }

    @Test("참조: 검사는 뒤에 나오는 상자와 절을 과거형으로 가리키는 곳을 잡고, 앞을 가리키는 곳은 두다")
    func backReferenceCheckCatchesForwardPointers() throws {
        let book = [
            (
                file: "a.md",
                lines: [
                    "# 가", "'깊이 보기: 뒤의 상자' 상자에 적었듯이 그렇습니다.", "'[나 절](b.md#나-절)' 절에서 보았듯이 그렇습니다.",
                    "> **깊이 보기: 앞의 상자** 내용", "'깊이 보기: 앞의 상자' 상자에서 설명했습니다.", "> **깊이 보기: 뒤의 상자** 내용",
                    "'[가](#가)' 절에서 본 것과 같습니다.", "자세한 것은 '[나 절](b.md#나-절)' 절에 적었습니다.",
                ]
            ),
            (file: "b.md", lines: ["## 나 절", "[가](a.md#가)에서 본 그대로입니다."]),
        ]
        let problems = try Self.forwardBackReferences(in: book)
        #expect(problems.map { $0.components(separatedBy: ": ")[0] } == ["content/a.md:2", "content/a.md:3"])
    }
}
