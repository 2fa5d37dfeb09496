import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample that fails to open a file the book has (new user 3: "The file doesn’t exist" and no
/// word of `reads=`) gets a note naming the file by its path from the page, the value `reads=`
/// takes: whichever way the program opened it (Foundation, the C library), from a subfolder, with
/// `./`, or by its bare name when the book has one file of that name; nothing for a file the
/// book does not have, or has twice.
@Suite struct MissingFileHintTests {
    static let files = [
        "src/data/scores.txt": "Anna 40\n", "src/data/deep/notes.txt": "x\n",
        "src/one/dup.txt": "1\n", "src/two/dup.txt": "2\n", "src/my data/score card.txt": "Anna 40\n",
    ]

    func errors(_ code: String) throws -> [Diagnostic] {
        let root = try TestSupport.makeTree(Self.files)
        defer { FileSystem.removeTemporaryDirectory(root) }
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let page = "```swift\nimport Foundation\n\(code)\n```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(page), path: root + "/src/p.md")
        return stage.verifier.verify(found.samples)[0].diagnostics.filter { $0.severity == .error }
    }

    @Test(arguments: [
        ("print(try String(contentsOfFile: \"data/scores.txt\", encoding: .utf8))", "data/scores.txt", false),
        (
            "print(try Data(contentsOf: URL(fileURLWithPath: \"./data/deep/notes.txt\")).count)", "data/deep/notes.txt",
            false
        ),
        (
            "guard fopen(\"data/scores.txt\", \"r\") != nil else { perror(\"data/scores.txt\"); exit(1) }",
            "data/scores.txt", false
        ),
        ("print(try String(contentsOfFile: \"scores.txt\", encoding: .utf8))", "data/scores.txt", true),
    ])
    func aFileTheBookHasIsNamedForReads(_ code: String, _ file: String, _ byName: Bool) throws {
        let errors = try errors(code)
        #expect(errors.count == 1, "\(errors.map(\.description))")
        let notes = errors.first?.notes.joined(separator: "\n") ?? ""
        #expect(notes.contains("add 'reads=\(file)' to the fence's info string"), "\(notes)")
        #expect(notes.contains("open \"\(file)\"") == byName, "\(notes)")
    }

    /// A path with a space is named whole, and the `reads=` the note suggests is quoted, as the
    /// fence reads it back (`reads="my data/score card.txt"`): split at the space, the note named
    /// 'card.txt' or nothing, and a bare `reads=my data/…` would name the file 'my'.
    @Test(arguments: [
        "print(try String(contentsOfFile: \"my data/score card.txt\", encoding: .utf8))",
        "guard fopen(\"my data/score card.txt\", \"r\") != nil else { perror(\"'my data/score card.txt'\"); exit(1) }",
    ])
    func aPathWithASpaceIsNamedWholeAndQuoted(_ code: String) throws {
        let errors = try errors(code)
        let notes = errors.first?.notes.joined(separator: "\n") ?? ""
        #expect(notes.contains("the book has 'my data/score card.txt'"), "\(notes)")
        #expect(notes.contains("add 'reads=\"my data/score card.txt\"' to the fence's info string"), "\(notes)")
        let read = InfoString("swift " + InfoString.attribute("reads", "my data/score card.txt"))
        #expect(read.attributes.first?.value == "my data/score card.txt")
        #expect(InfoString.attribute("reads", "data/x.txt") == "reads=data/x.txt")
    }

    @Test(arguments: [
        "print(try String(contentsOfFile: \"missing/none.txt\", encoding: .utf8))",
        "print(try String(contentsOfFile: \"dup.txt\", encoding: .utf8))",
    ])
    func aFileTheBookLacksOrHasTwiceGetsNoNote(_ code: String) throws {
        let errors = try errors(code)
        #expect(errors.count == 1, "\(errors.map(\.description))")
        #expect(!(errors.first?.notes ?? []).contains { $0.contains("reads=") }, "\(errors.map(\.notes))")
    }

    @Test func namesAreReadFromTheRunsFolderAndWithoutDotSlash() {
        let text =
            "\"The file doesn’t exist.\"UserInfo={NSURL=./data/x.txt -- file:///tmp/lecture-run.Ab3dE9/, NSFilePath=/tmp/lecture-run.Ab3dE9/data/deep/y.txt}"
        #expect(MissingFileHint.names(in: text).contains("data/x.txt"))
        #expect(MissingFileHint.names(in: text).contains("data/deep/y.txt"))
        #expect(!MissingFileHint.names(in: text).contains { $0.hasPrefix("/") || $0.contains("lecture-run") })
    }
}
