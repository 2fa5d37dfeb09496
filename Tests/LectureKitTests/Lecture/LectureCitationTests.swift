import Foundation
import Testing

/// Korean review 26: the list of Swift Evolution proposals in 11장's '더 읽을거리' left out three that the
/// pages cite (SE-0414, SE-0423, SE-0506), and SE-0423 had no footnote where 5장 first names it, unlike
/// every other proposal. These tests hold the list to the pages and each page's first mention of a
/// proposal to a footnote (an appendix is read on its own, so each page cites for itself).
extension LectureContentTermTests {
    static var proposal: Regex<(Substring, Substring)> { /SE-(\d{4})/ }

    /// The proposals that the list in closing.md holds.
    static func listedProposals(_ pages: [(name: String, lines: [String])]) -> Set<String> {
        guard let closing = pages.first(where: { $0.name == "closing.md" }),
            let start = closing.lines.firstIndex(of: "### 이 강의에서 다룬 Swift Evolution 제안서")
        else { return [] }
        let section = closing.lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
        return Set(
            section.filter { $0.hasPrefix("- SE-") }.flatMap { $0.matches(of: proposal).map { String($0.output.1) } })
    }

    /// The first mention of each proposal on a page that is not followed by a footnote, as "file:line: …".
    static func uncitedProposals(_ page: (name: String, lines: [String])) -> [String] {
        var seen: Set<String> = []
        var problems: [String] = []
        for (index, line) in page.lines.enumerated() where !line.hasPrefix("[^") {
            for match in line.matches(of: proposal) where seen.insert(String(match.output.1)).inserted {
                if !line[match.range.upperBound...].hasPrefix("[^") {
                    problems.append(
                        "content/\(page.name):\(index + 1): SE-\(match.output.1) is first named on this page without"
                            + " its footnote: SE-\(match.output.1)[^se\(match.output.1)]")
                }
            }
        }
        return problems
    }

    @Test("인용: 본문이 인용한 Swift Evolution 제안서는 모두 11장의 목록에 있다")
    func everyCitedProposalIsListed() throws {
        let pages = try Self.pages()
        let listed = Self.listedProposals(pages)
        #expect(listed.count > 15)
        for page in pages {
            for (index, line) in page.lines.enumerated() {
                for match in line.matches(of: Self.proposal) where !listed.contains(String(match.output.1)) {
                    Issue.record(
                        "content/\(page.name):\(index + 1): SE-\(match.output.1) is not in 11장's list of proposals")
                }
            }
        }
    }

    @Test("인용: 쪽마다 제안서를 처음 말하는 곳에 각주가 있다")
    func firstMentionOfAProposalHasAFootnote() throws {
        let pages = try Self.pages().filter {
            $0.name.hasSuffix(".md") && !["closing.md", "glossary.md"].contains($0.name)
        }
        for page in pages {
            for problem in Self.uncitedProposals(page) { Issue.record("\(problem)") }
        }
        let old = (name: "mvvm.md", lines: ["이 호출이 런타임 격리 검사(SE-0423)에 걸립니다.", "다시 SE-0423[^se0423]"])
        #expect(Self.uncitedProposals(old).count == 1)
        #expect(Self.uncitedProposals((name: "x.md", lines: ["지원합니다(SE-0395[^se0395]). SE-0395는"])).isEmpty)
    }
}
