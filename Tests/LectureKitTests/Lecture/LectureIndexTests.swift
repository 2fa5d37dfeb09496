import Foundation
import Testing

@testable import LectureSupport

/// The glossary's index (`## 찾아보기`) promises each term's first section in every chapter, by a
/// rule written on the page. Korean review 15 found thirteen entries that miss chapters (8.3.1절 for
/// nearly every coordinator term) and two wrong first-explained places. These tests read the pages
/// in SUMMARY.md order by that same rule and hold the index, the term table and the three lists'
/// order to it, so a new sentence that uses a term fails here until the index follows.
@Suite struct LectureIndexTests {
    /// A page of the book and the label the glossary gives it ("4장", "8.3.1절", "부록 A").
    struct Page {
        let file: String
        let label: String
        let title: String
    }

    /// One counted section: its `##` anchor (nil for the text before the first one) and its prose.
    struct Section {
        let anchor: String?
        let heading: String
        let text: String
        /// The ids of its own heading and of the headings under it.
        let anchors: Set<String>
    }

    /// The pages in SUMMARY.md order (the glossary left out), numbered as the book numbers them.
    static let pages: [Page] = {
        var result: [Page] = []
        var chapter = 0
        var section = 0
        var subsection = 0
        for line in LectureContentCountTests.page("SUMMARY.md") {
            guard let link = line.firstMatch(of: /^( *)(?:- )?\[([^\]]+)\]\(([\w.-]+\.md)\)/) else { continue }
            let depth = link.output.1.count / 2
            let file = String(link.output.3)
            var title = String(link.output.2)
            let label: String
            if let appendix = title.firstMatch(of: /^(부록 [A-Z]) (.*)$/) {
                label = String(appendix.output.1)
                title = String(appendix.output.2)
            } else if depth == 0 {
                chapter += 1
                section = 0
                label = "\(chapter)장"
            } else if depth == 1 {
                section += 1
                subsection = 0
                label = "\(chapter).\(section)절"
            } else {
                subsection += 1
                label = "\(chapter).\(section).\(subsection)절"
            }
            if file != "glossary.md" { result.append(Page(file: file, label: label, title: title)) }
        }
        return result
    }()

    /// The headings whose sections repeat the body and are not counted.
    static let uncounted: Set<String> = ["이 장에서 배울 것", "이 절에서 배울 것", "핵심 정리"]

    /// A page's counted sections: outside code blocks (a `table` block is prose), without the
    /// uncounted sections, link targets, and the titles of cross-references (「…」, '…' 절).
    static func sections(_ file: String) -> [Section] { parsed[file] ?? [] }

    /// Every page's sections, read once.
    static let parsed: [String: [Section]] = Dictionary(
        uniqueKeysWithValues: pages.map { ($0.file, read($0.file)) })

    static func read(_ file: String) -> [Section] {
        var result: [Section] = []
        var anchor: String? = nil
        var heading = ""
        var text: [String] = []
        var anchors: Set<String> = []
        var fence: String? = nil
        var skipping = false
        func close() {
            if !skipping {
                result.append(
                    Section(anchor: anchor, heading: heading, text: text.joined(separator: "\n"), anchors: anchors))
            }
            text = []
            anchors = []
        }
        for line in LectureContentCountTests.page(file) {
            if let open = fence {
                if line.hasPrefix("```") && line.trimmingCharacters(in: .whitespaces) == "```" {
                    fence = nil
                } else if open == "table" {
                    if !skipping { text.append(clean(line)) }
                }
                continue
            }
            if line.hasPrefix("```") {
                fence = line.hasPrefix("```table") ? "table" : "code"
                continue
            }
            if let h2 = line.wholeMatch(of: /^## (.*)$/) {
                close()
                heading = String(h2.output.1)
                anchor = LectureContentCountTests.slug(heading)
                skipping = uncounted.contains(heading)
            }
            if let any = line.wholeMatch(of: /^#{2,6} (.*)$/) {
                anchors.insert(LectureContentCountTests.slug(String(any.output.1)))
            }
            if !skipping { text.append(clean(line)) }
        }
        close()
        return result
    }

    /// A line with link targets, cross-reference titles and heading marks taken out.
    static func clean(_ line: String) -> String {
        line.replacing(/\]\([^)]*\)/, with: "]")
            .replacing(/「[^」]*」/, with: "「」")
            .replacing(#/'[^']*'( ?절)/#, with: { "''" + $0.output.1 })
            .replacing(#/^#+\s/#, with: "")
    }

    /// Whether `term` appears in `text` by the index's rule: it starts a word (실행 holds no 행), a
    /// Latin term ends one, a term written as code is found as code and any other term outside code
    /// spans, and a place that belongs to a longer term (메인 액터 for 액터) counts for that term only.
    static func appears(_ term: String, in text: String, longer: [String]) -> Bool {
        var text = text
        if !term.contains("`") { text = text.replacing(/`[^`\n]*`/, with: " ") }
        for other in longer {
            text = text.replacingOccurrences(of: other, with: String(repeating: " ", count: other.count))
        }
        var searchStart = text.startIndex
        while let range = text.range(of: term, range: searchStart..<text.endIndex) {
            searchStart = text.index(after: range.lowerBound)
            if range.lowerBound > text.startIndex {
                let before = text[text.index(before: range.lowerBound)]
                if before.isLetter || before.isNumber { continue }
            }
            if let last = term.last, last.isASCII, last.isLetter || last.isNumber, range.upperBound < text.endIndex {
                let after = text[range.upperBound]
                if after.isASCII && (after.isLetter || after.isNumber) { continue }
            }
            return true
        }
        return false
    }

    /// The entries `- TERM: …` of the glossary's section `title`.
    static func entries(_ title: String) -> [(term: String, refs: String)] {
        let lines = LectureContentCountTests.page("glossary.md")
        guard let start = lines.firstIndex(of: "## " + title) else { return [] }
        return lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }.filter { $0.hasPrefix("- ") }.compactMap {
            guard let colon = $0.range(of: ": ") else { return nil }
            return (
                String($0[$0.index($0.startIndex, offsetBy: 2)..<colon.lowerBound]), String($0[colon.upperBound...])
            )
        }
    }

    /// The names of the term table (each cell of its first column split at ", ").
    static func tableRows() -> [(names: [String], english: [String], place: String)] {
        LectureContentCountTests.page("glossary.md").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 6, cells[1] != "용어", !cells[1].hasPrefix("---") else { return nil }
            return (
                cells[1].components(separatedBy: ", "), cells[2].components(separatedBy: ", "), cells[4]
            )
        }
    }

    /// The index line the rule gives `term`: each page's first counted section that names it.
    static func expectedReferences(_ term: String, longer: [String]) -> [String] {
        pages.compactMap { page in
            guard let section = sections(page.file).first(where: { appears(term, in: $0.text, longer: longer) })
            else { return nil }
            guard let anchor = section.anchor else { return "\(page.label) 「[\(page.title)](\(page.file))」" }
            return "\(page.label) [\(section.heading)](\(page.file)#\(anchor))"
        }
    }

    static var allTerms: [String] {
        entries("찾아보기").map(\.term) + tableRows().flatMap(\.names)
    }

    @Test("찾아보기: 항목마다 그 용어가 나오는 모든 장(8장은 8.1~8.7절과 8.3.1절)의 첫 절을 가리킨다")
    func indexListsEveryChapterAtItsFirstSection() throws {
        let entries = Self.entries("찾아보기")
        #expect(entries.count > 100)
        let terms = Set(Self.allTerms)
        var wrong = 0
        for (term, refs) in entries {
            let longer = terms.filter { $0 != term && $0.contains(term) }.sorted { $0.count > $1.count }
            let expected = Self.expectedReferences(term, longer: longer).joined(separator: ", ")
            if refs != expected { wrong += 1 }
            #expect(refs == expected, "- \(term): \(expected)")
        }
        #expect(wrong == 0, "\(wrong) index entries differ from the rule")
    }

    @Test("용어 목록: '처음 설명한 곳'은 그 용어가 나오는 절을 가리킨다")
    func tableFirstExplainedPlaces() throws {
        let rows = Self.tableRows()
        #expect(rows.count > 100)
        let terms = Set(Self.allTerms)
        for row in rows {
            let links = row.place.matches(of: /\]\(([\w.-]+\.md)(?:#([^)]*))?\)/).map {
                (String($0.output.1), $0.output.2.map(String.init))
            }
            #expect(!links.isEmpty, "\(row.names): no link")
            for name in row.names {
                let longer = terms.filter { $0 != name && $0.contains(name) }.sorted { $0.count > $1.count }
                let named = links.filter { file, anchor in
                    Self.sections(file).first { anchor == nil ? $0.anchor == nil : $0.anchors.contains(anchor!) }.map {
                        Self.appears(name, in: $0.text, longer: longer)
                    } ?? false
                }
                #expect(!named.isEmpty, "'\(name)': none of its first-explained places names it")
            }
        }
    }

    /// The order the page states: Hangul entries in 가나다 order first, then Latin ones in
    /// alphabetical order, case, `@`, `#` and code marks ignored.
    static func key(_ term: String) -> (Int, String) {
        let plain = term.filter { !"`@#".contains($0) }.lowercased()
        let latin = plain.first.map { $0.isASCII } ?? false
        return (latin ? 1 : 0, plain)
    }

    @Test("용어 목록, 찾아보기, 'API와 도구', 인명 찾아보기: 가나다순 다음 알파벳순", arguments: ["찾아보기", "API와 도구", "인명 찾아보기", "용어 목록"])
    func listsAreInOrder(_ list: String) throws {
        let terms =
            list == "용어 목록" ? Self.tableRows().map { $0.names.joined(separator: ", ") } : Self.entries(list).map(\.term)
        #expect(terms.count > 15)
        for (previous, next) in zip(terms, terms.dropFirst()) {
            #expect(Self.key(previous) < Self.key(next), "\(list): '\(previous)' before '\(next)'")
        }
    }
}
