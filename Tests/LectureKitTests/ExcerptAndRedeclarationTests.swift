import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Compile errors whose cause is the shape of the page, not a mistake in the code (newuser-8):
/// an excerpt (a `...` body, lines indented as cut from a body) is offered `ignore`; a type shown
/// again on a continued page (or in a group) is told that the fences are one program and how a
/// fence stands apart, and the errors that follow from it say so.
@Suite struct ExcerptAndRedeclarationTests {
    /// An excerpt by its shape, on a page of fences that compile (where the advice would be "fix
    /// the code"), continued or not: `ignore` offered at the fence, "fix the code" not said.
    @Test(
        arguments: [
            "```swift\nfunc handle(_ r: String) async throws -> String {\n    ...\n}\n```\n",
            "```swift\nfunc handle(_ r: String) -> String {\n    …\n}\n```\n",
            "```swift\n    let total = scores.reduce(0, +)\n    print(total)\n```\n",
        ], ["false", "true"])
    func anExcerptIsOfferedIgnore(excerpt: String, continued: String) throws {
        let markdown =
            "# P\n\n```swift\nfunc fetchScore(for name: String) -> Int { name.count }\nprint(fetchScore(for: \"ab\"))\n```\n\n```output\n2\n```\n\n"
            + "```swift\nprint(1)\n```\n\n```output\n1\n```\n\n" + excerpt
        let (status, lines, page) = try ContinuedPageTests.check(markdown, continued: continued)
        #expect(status != 0, "\(lines)")
        let text = lines.joined(separator: "\n")
        #expect(text.contains("the fence at \(page):20 reads as an excerpt"), "\(text)")
        #expect(text.contains("mark it 'ignore'"), "\(text)")
        #expect(!text.contains(CompileErrorAdvice.fixTheCode), "\(text)")
    }

    /// Code that is not an excerpt keeps the advice it had.
    @Test func aTypoIsStillToldToFixTheCode() throws {
        let markdown =
            "# P\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\n```swift\nprint(2)\n```\n\n```output\n2\n```\n\n"
            + "```swift\nprnt(3)\n```\n"
        let (_, lines, _) = try ContinuedPageTests.check(markdown, continued: "false")
        let text = lines.joined(separator: "\n")
        #expect(text.contains(CompileErrorAdvice.fixTheCode), "\(text)")
        #expect(!text.contains("reads as an excerpt"), "\(text)")
    }

    /// The whole type shown again, on a continued page or in a group: the redeclaration's note
    /// says the fences are one program and how one stands apart; the error that follows from it
    /// says so; "fix the code" is not said.
    @Test(arguments: ["continued", "group"])
    func aTypeShownAgainIsToldHowAFenceStandsApart(kind: String) throws {
        let info = kind == "group" ? "swift group=bank" : "swift"
        let markdown =
            "# P\n\n```\(info)\nstruct Account {\n    var balance = 0\n}\nprint(Account().balance)\n```\n\n"
            + "```\(info)\nstruct Account { var owner = \"Ada\"; var balance = 0 }\n```\n\n"
            + "```\(info)\nprint(Account().owner)\n```\n\n```output\nAda\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(
            markdown, continued: kind == "continued" ? "true" : "false")
        #expect(status != 0, "\(lines)")
        let redeclared = lines.first { $0.contains("error: invalid redeclaration of 'Account'") }
        #expect(redeclared?.hasPrefix("\(page):11:") == true, "\(lines)")
        #expect(redeclared?.contains("one program") == true, "\(lines)")
        #expect(redeclared?.contains("group=NAME") == true, "\(lines)")
        let following = lines.first { $0.contains("has no member 'owner'") }
        #expect(following?.contains("may follow from the redeclaration of 'Account' at \(page):11") == true, "\(lines)")
        #expect(!lines.joined().contains(CompileErrorAdvice.fixTheCode), "\(lines)")
    }
}
