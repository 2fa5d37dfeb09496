import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A `reads=FILE` fence on a continued page (new user 3: it joined the program, against the
/// manual, and a later fence's file was not in the run's folder): it joins the program, as a
/// TSPL-style page that parses a file into a type declared above needs, and the run's folder
/// holds every file the program's fences read.
@Suite struct ContinuedReadsTests {
    static let score = "```swift\nstruct Score {\n    let name: String\n    let points: Int\n}\n```\n\n"
    static let files = ["data/scores.txt": "Anna 40\nBrian 50\n", "data/names.txt": "Chloe\n"]

    @Test func aReadsFenceJoinsTheProgramAndSeesTheTypesAboveIt() throws {
        let markdown =
            Self.score
            + "```swift reads=data/scores.txt\nimport Foundation\nlet scores = try String(contentsOfFile: \"data/scores.txt\", encoding: .utf8)\n"
            + "    .split(separator: \"\\n\").map { line in\n        let parts = line.split(separator: \" \")\n"
            + "        return Score(name: String(parts[0]), points: Int(parts[1])!)\n    }\nprint(scores.count)\n```\n\n```output\n2\n```\n\n"
            + "```swift reads=data/names.txt\nlet more = try String(contentsOfFile: \"data/names.txt\", encoding: .utf8)\nprint(scores[0].name, more, terminator: \"\")\n```\n\n```output\nAnna Chloe\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(markdown, files: Self.files)
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed (3 code blocks as one program)", "one program: \(lines)")
        #expect(!lines.contains { $0.contains("cannot find") || $0.contains("doesn’t exist") }, "\(lines)")
    }
}
