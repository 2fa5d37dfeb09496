import Foundation
import Testing

/// A page names another chapter by its number and its title in 「」 ("2장 「전통적인 MVC」",
/// "8.3절 「[MVVM과 코디네이터로 만든 앱](app-mvvm-c.md)」", "부록 A 「…」"), or by a link in 「」
/// alone. Korean review 18 found two such titles that were no chapter's (4장's 「MVC」 for 2장
/// 「전통적인 MVC」, 「맺으며」 for 11장 「정리와 참고 자료」). These tests hold every one to the title
/// SUMMARY.md gives (1장 may drop its subtitle: 「시작하며」) and every numbered link to its page.
extension LectureIndexTests {
    /// Every page but SUMMARY.md, the glossary included, line by line.
    static func bookLines() throws -> [(place: String, line: String)] {
        let folder = TestSupport.repositoryRoot + "/content"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".md") && $0 != "SUMMARY.md" }.sorted()
        return try names.flatMap { name in
            try String(contentsOfFile: folder + "/" + name, encoding: .utf8).components(separatedBy: "\n")
                .enumerated().map { ("content/\(name):\($0.offset + 1)", $0.element) }
        }
    }

    /// The title a reference may use for a page: SUMMARY.md's, or 1장's without its subtitle.
    static func names(_ title: String, as text: String) -> Bool {
        text == title || text == title.split(separator: ":").first.map(String.init)
    }

    /// Problems in one line: a chapter named by another title, a numbered link to another page.
    static func titleProblems(_ line: String) throws -> [String] {
        let byLabel = Dictionary(pages.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        let byFile = Dictionary(pages.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        let numbered = try Regex(#"(\d+(?:\.\d+)*(?:장|절)|부록 [A-Z]) 「(\[)?([^」\]]+)(?:\]\(([\w.-]+\.md))?"#)
        for match in line.matches(of: numbered) {
            guard let label = match.output[1].substring.map(String.init),
                let text = match.output[3].substring.map(String.init)
            else { continue }
            guard let page = byLabel[label] else {
                problems.append("\(label) is no page of SUMMARY.md")
                continue
            }
            if !names(page.title, as: text) { problems.append("\(label) 「\(text)」 — the title is 「\(page.title)」") }
            if let file = match.output[4].substring, String(file) != page.file {
                problems.append("\(label) links \(file), not \(page.file)")
            }
        }
        let linked = try Regex(#"「\[([^\]]+)\]\(([\w.-]+\.md)(?:#[^)]*)?\)」"#)
        for match in line.matches(of: linked) {
            guard let text = match.output[1].substring.map(String.init),
                let file = match.output[2].substring.map(String.init),
                let page = byFile[file]
            else { continue }
            if !names(page.title, as: text) {
                problems.append("「\(text)」 links \(file), whose title is 「\(page.title)」")
            }
        }
        return problems
    }

    @Test("장 참조: 「」 안의 장 제목은 SUMMARY.md의 제목과 같고, 번호 붙은 링크는 그 장으로 간다")
    func chapterReferencesUseTheirTitles() throws {
        let lines = try Self.bookLines()
        #expect(lines.count > 10_000)
        var references = 0
        for (place, line) in lines {
            if line.contains("「") { references += 1 }
            for problem in try Self.titleProblems(line) { Issue.record("\(place): \(problem)") }
        }
        // Pages name a chapter by its number alone once it is known ("→ 5장") and a section as
        // "N장 '절' 절", so fewer lines hold 「」; the glossary's index keeps them, and the check must
        // still see many.
        #expect(references > 80)
    }

    @Test("장 참조: 검사는 잘못된 제목과 다른 장으로 가는 링크를 잡는다")
    func chapterReferenceCheckCatchesWrongTitles() throws {
        let wrong = [
            "(2장 「[MVC](mvc.md#화면-로직의-자리를-찾는-두-갈래)」)", "(11장 「[맺으며](closing.md#패턴의-계보)」 '패턴의 계보' 절)",
            "9장 「패턴의 비교」", "「[MVC](mvc.md)」", "8.3절 「[MVP로 만든 앱](app-mvp.md)」", "12장 「부록」",
        ]
        for line in wrong {
            let problems = try Self.titleProblems(line)
            #expect(!problems.isEmpty, "'\(line)' passes")
        }
        let right = [
            "2장 「[전통적인 MVC](mvc.md)」", "1장 「시작하며」",
            "부록 C 「[코디네이터가 맡는 다른 흐름](app-mvvm-c-flows.md)」", "부록 A 「[Xcode 26과 컴파일러 노트](appendix-compiler.md)」",
            "9장 「[패턴 비교](comparison.md)」", "《App Architecture》",
        ]
        for line in right {
            let problems = try Self.titleProblems(line)
            #expect(problems.isEmpty, "'\(line)' fails: \(problems)")
        }
    }
}
