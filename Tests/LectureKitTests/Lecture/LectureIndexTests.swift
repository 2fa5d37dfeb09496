import Foundation
import Testing

@testable import LectureSupport

/// The glossary's index (`## 찾아보기`) is a book's index, by the rule written on the page: every term
/// of the term table, its main entry first in bold (the section that explains it, the table's
/// first-explained place), then at most three places that use it, in the book's order. Korean
/// review 16 found the former index (each chapter's first section naming a term) built for a
/// checker: up to 17 places a term, no main entry, core terms left out. These tests hold the index,
/// the term table and the lists' dictionary order (spaces ignored) to that rule.
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
    static let uncounted: Set<String> = ["이 장에서 배울 것", "이 부록에서 배울 것", "핵심 정리"]

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

    static var allTerms: [String] {
        entries("찾아보기").map(\.term) + tableRows().flatMap(\.names)
    }

    /// A locator of the index: "4장 [출발점](mvp.md#출발점)" (a section) or "8.2절 「[MVP로 만든 앱](app-mvp.md)」"
    /// (a whole page).
    struct Locator: Equatable {
        let label: String
        let title: String
        let file: String
        let anchor: String?
    }

    static var locatorPattern: Regex<(Substring, Substring, Substring?, Substring?, Substring?, Substring?, Substring?)>
    {
        /(\d+(?:\.\d+)*[장절]|부록 [A-Z]) (?:「\[([^\]]*)\]\(([\w.-]+\.md)\)」|\[((?:[^\[\]`]|`[^`]*`)*)\]\(([\w.-]+\.md)#([^)]*)\))/
    }

    /// The locators of `text` and whether nothing but ", " stands between them.
    static func locators(_ text: String) -> (locators: [Locator], clean: Bool) {
        let found = text.matches(of: locatorPattern).map { match in
            Locator(
                label: String(match.output.1), title: String(match.output.2 ?? match.output.4 ?? ""),
                file: String(match.output.3 ?? match.output.5 ?? ""), anchor: match.output.6.map(String.init))
        }
        let rest = text.replacing(locatorPattern, with: "")
        return (found, rest.replacingOccurrences(of: ", ", with: "").isEmpty)
    }

    /// An index entry split into its main locator (the bold one that leads) and the places after it.
    static func split(_ refs: String) -> (main: String, others: String)? {
        guard refs.hasPrefix("**"), let close = refs.dropFirst(2).range(of: "**") else { return nil }
        return (
            String(refs[refs.index(refs.startIndex, offsetBy: 2)..<close.lowerBound]), String(refs[close.upperBound...])
        )
    }

    /// Whether `locator` names a real place: its label is its page's, a section title is that
    /// section's heading (its anchor the heading's id), a page title is the page's.
    static func resolves(_ locator: Locator) -> Bool {
        guard let page = pages.first(where: { $0.file == locator.file }), page.label == locator.label else {
            return false
        }
        guard let anchor = locator.anchor else { return locator.title == page.title }
        return LectureContentCountTests.section(locator.file, anchor) != nil
            && LectureContentCountTests.slug(locator.title) == anchor
    }

    /// Whether the section at `locator` explains `term`: a Hangul term is set in bold or followed by
    /// its English in parentheses ("유령 관찰자"(lapsed listener) counts); a Latin or code name, which
    /// is its own original, is named there.
    static func explains(_ term: String, at locator: Locator) -> Bool {
        guard let text = LectureContentCountTests.section(locator.file, locator.anchor) else { return false }
        if term.unicodeScalars.allSatisfy({ $0.isASCII }) { return text.contains(term) }
        if text.contains("**" + term + "**") { return true }
        return ["", "**", "\""].contains { text.contains(term + $0 + "(") }
    }

    /// The place the term table gives `name`: the link after "NAME는 " when the row names its own
    /// place for it (조립 코드, 팩토리), else the first one.
    static func tablePlace(_ name: String) -> Locator? {
        guard let row = tableRows().first(where: { $0.names.contains(name) }) else { return nil }
        for particle in ["는 ", "은 "] {
            if let own = row.place.range(of: name + particle) {
                return locators(String(row.place[own.upperBound...])).locators.first
            }
        }
        return locators(row.place).locators.first
    }

    @Test("찾아보기: 항목마다 굵게 적은 주 항목이 먼저 오고, 그 절이 용어를 설명한다(용어 목록의 '처음 설명한 곳')")
    func indexLeadsWithTheMainEntry() throws {
        let entries = Self.entries("찾아보기")
        #expect(entries.count > 140)
        for (term, refs) in entries {
            guard let (main, _) = Self.split(refs) else {
                Issue.record("- \(term): the entry does not lead with a bold main locator")
                continue
            }
            let parsed = Self.locators(main)
            guard parsed.clean, parsed.locators.count == 1, let locator = parsed.locators.first else {
                Issue.record("- \(term): the main locator '\(main)' is not one place")
                continue
            }
            #expect(Self.resolves(locator), "- \(term): '\(main)' does not name a section of the book")
            #expect(Self.explains(term, at: locator), "- \(term): '\(main)' does not explain it (bold or English)")
            #expect(locator == Self.tablePlace(term), "- \(term): the term table explains it elsewhere")
        }
    }

    @Test("찾아보기: 주 항목 뒤의 위치는 세 곳까지, 책의 차례대로, 그 용어를 다루는 절이다")
    func indexPlacesAfterTheMainEntryUseTheTerm() throws {
        let terms = Set(Self.allTerms)
        let order = Self.pages.map(\.file)
        for (term, refs) in Self.entries("찾아보기") {
            guard let (_, others) = Self.split(refs) else { continue }
            let parsed = Self.locators(others)
            #expect(parsed.clean, "- \(term): '\(others)' holds something other than places")
            #expect(parsed.locators.count <= 3, "- \(term): \(parsed.locators.count) places after the main one")
            let positions = parsed.locators.map { order.firstIndex(of: $0.file) ?? -1 }
            #expect(positions == positions.sorted(), "- \(term): the places are not in the book's order")
            let longer = terms.filter { $0 != term && $0.contains(term) }.sorted { $0.count > $1.count }
            for locator in parsed.locators {
                #expect(
                    Self.resolves(locator),
                    "- \(term): '\(locator.title)' (\(locator.label)) is not a place of the book")
                let sections = Self.sections(locator.file).filter {
                    locator.anchor == nil || $0.anchors.contains(locator.anchor!)
                }
                let named = sections.contains { Self.appears(term, in: $0.text, longer: longer) }
                #expect(named, "- \(term): \(locator.label) '\(locator.title)' does not name it")
            }
        }
    }

    @Test("찾아보기: 용어 목록의 용어가 모두 있고, 용어 목록에 없는 항목은 없다")
    func indexHoldsEveryTermOfTheTable() throws {
        let index = Set(Self.entries("찾아보기").map(\.term))
        let table = Set(Self.tableRows().flatMap(\.names))
        #expect(table.subtracting(index).isEmpty, "missing from the index: \(table.subtracting(index).sorted())")
        #expect(index.subtracting(table).isEmpty, "not in the term table: \(index.subtracting(table).sorted())")
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

    /// The order the page states: Hangul entries in 가나다 order as a Korean dictionary orders them
    /// (spaces ignored: 관찰자 동기화 before 관찰 토큰) first, then Latin ones in alphabetical order,
    /// case, `@`, `#` and code marks ignored (a tie, `@Sendable` and `Sendable`, goes by the full name).
    static func key(_ term: String) -> (Int, String, String) {
        let plain = term.filter { !"`@# ".contains($0) }.lowercased()
        let latin = plain.first.map { $0.isASCII } ?? false
        return (latin ? 1 : 0, plain, term)
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
