import Foundation
import Testing

/// 1장's 표 1-1 lists the APIs the samples need with their lowest iOS and "나오는 곳", and promises that
/// each chapter points to it where needed. Korean review 34 found two rows whose first place came
/// after a chapter that already uses the API: `defaultContentConfiguration()` listed from 8장 though
/// 3장's member list uses it, `Task.sleep(for:)` from 6장 though 5장 sleeps with it. A reader of the
/// earlier chapter never learns its iOS requirement. This test finds, for every row with linked
/// places, the first page in reading order whose Swift uses one of the row's APIs, and fails where
/// that page comes before the row's first place.
extension LectureIndexTests {
    /// The Swift a page shows or includes: its `swift` blocks, with `{{#include listings/…}}` read in.
    static func swiftCode(of file: String) -> String {
        var code: [String] = []
        var fence: String? = nil
        for line in LectureContentCountTests.page(file) {
            if line.hasPrefix("```") {
                fence = fence == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            guard let info = fence, info.hasPrefix("swift") else { continue }
            if let include = line.firstMatch(of: /\{\{#include (listings\/[^}:\s]+)/) {
                let path = TestSupport.repositoryRoot + "/content/" + include.output.1
                code.append((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
            } else {
                code.append(line)
            }
        }
        return code.joined(separator: "\n")
    }

    /// How Swift code uses an API a row names: `name` as a word, `name(` for a function, `name(label:`
    /// when its first argument has a label, and `name(` with the second label on the line when the
    /// first has none (`scene(_:openURLContexts:)`). Nil for what is not a name (`/…/`, a key).
    static func use(of name: String) throws -> Regex<AnyRegexOutput>? {
        guard let parts = name.firstMatch(of: /^([\w.@]+)(?:\(([^)]*)\))?$/) else { return nil }
        let base = NSRegularExpression.escapedPattern(for: String(parts.output.1))
        guard let arguments = parts.output.2 else { return try Regex(#"(?m)(?:^|\W)"# + base + #"\b"#) }
        let labels = arguments.split(separator: ":").map(String.init)
        if let first = labels.first, first != "_" {
            return try Regex(#"(?m)(?:^|\W)"# + base + #"\(\s*"# + first + ":")
        }
        if labels.count > 1 { return try Regex(#"(?m)(?:^|\W)"# + base + #"\([^\n]*\b"# + labels[1] + #"\b"#) }
        return try Regex(#"(?m)(?:^|\W)"# + base + #"\("#)
    }

    /// The rows of 표 1-1 whose first use comes before their first listed place, as messages.
    static func versionRowsListedLate(table: [String], pages: [String], code: (String) -> String) throws -> [String] {
        var problems: [String] = []
        let codes = pages.map(code)
        for row in table where row.hasPrefix("| ") && !row.hasPrefix("| API") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let listed = cells[3].matches(of: /\]\(([\w.-]+\.md)/).compactMap {
                pages.firstIndex(of: String($0.output.1))
            }
            guard let firstListed = listed.min() else { continue }
            // A name the cell qualifies ("`URL`의 `host()`") is not itself the API.
            let names = cells[1].matches(of: /`([^`]+)`(의)?/).filter { $0.output.2 == nil }.map { String($0.output.1) }
            let uses = try names.compactMap { try use(of: $0) }
            guard let firstUse = codes.firstIndex(where: { code in uses.contains { code.contains($0) } }) else {
                continue
            }
            if firstUse < firstListed {
                problems.append(
                    "content/README.md: 표 1-1 row '\(cells[1])' starts at \(pages[firstListed]), but \(pages[firstUse])"
                        + " already uses it; list that chapter first")
            }
        }
        return problems
    }

    @Test("표 1-1: API마다 '나오는 곳'의 첫 자리가 그 API를 처음 쓰는 장보다 뒤가 아니다")
    func versionTableListsFirstUse() throws {
        let readme = LectureContentCountTests.page("README.md")
        let start = try #require(readme.firstIndex { $0.contains("표 1-1 예제가 쓰는 API") })
        let end = try #require(readme[start...].dropFirst().firstIndex { $0.hasPrefix("```") })
        let table = Array(readme[start + 1..<end])
        #expect(table.count > 10)
        let pages = Self.pages.map(\.file)
        for problem in try Self.versionRowsListedLate(table: table, pages: pages, code: Self.swiftCode) {
            Issue.record("\(problem)")
        }
    }

    @Test("표 1-1: 검사는 앞 장이 이미 쓰는 API를 뒤 장부터 적은 행을 잡는다")
    func versionTableCheckCatchesLateRow() throws {
        let table = [
            "| API | 최소 iOS | 나오는 곳 |", "|---|---|---|",
            "| 셀의 `defaultContentConfiguration()` | 14 | [8장](c.md) |",
            "| `Task.sleep(for:)`, `URL`의 `host()` | 16 | [2장](b.md) |",
            "| 씬의 `scene(_:openURLContexts:)` | 13 | [8장](c.md) |",
        ]
        let code = [
            "a.md": "let url = URL(string: s)\nfunc scene(_ scene: UIScene, willConnectTo session: UISceneSession) {}",
            "b.md": "var c = cell.defaultContentConfiguration()\ntry await Task.sleep(for: .seconds(1))",
            "c.md": "func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {}",
        ]
        let problems = try Self.versionRowsListedLate(table: table, pages: ["a.md", "b.md", "c.md"]) { code[$0] ?? "" }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("defaultContentConfiguration") == true)
    }
}
