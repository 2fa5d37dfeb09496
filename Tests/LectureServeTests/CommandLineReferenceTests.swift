import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe

/// The manual's command-line reference is what `lecture help --markdown` prints from the
/// option declarations, so a renamed, added or removed option fails here until `make manual`
/// writes the page again.
@Suite struct CommandLineReferenceTests {
    /// The built `lecture` (beside the test program) prints the checked-in page, byte for byte.
    @Test func theManualsReferenceIsWhatTheExecutablePrints() throws {
        let (status, printed) = try ServeCommandTests.printed(by: ["help", "--markdown"])
        #expect(status == 0)
        let page = try String(
            contentsOfFile: ServeCommandTests.repositoryRoot + "/" + CommandLineReference.manualPage, encoding: .utf8)
        #expect(
            page == printed,
            "\(CommandLineReference.manualPage) differs from 'lecture help --markdown': run 'make manual'")
    }

    /// Every option of every subcommand, `serve`'s included, has its row, and the page is the one
    /// the declarations give in process too (what the executable printed is not some other text).
    @Test func everyDeclaredOptionHasItsRow() {
        let subcommands = LectureCommand.builtInSubcommands + HTTPSubcommands.all
        let page = CommandLineReference.markdown(subcommands)
        func rows<Command: Subcommand>(_ command: Command.Type) -> [[String]] { command.options.map(\.names) }
        for command in subcommands {
            #expect(page.contains("## `lecture \(command.name)`"))
            for names in rows(command) {
                let row = "| " + names.map { "`\($0)`" }.joined(separator: ", ")
                #expect(page.contains(row), "no row for \(names) of lecture \(command.name)")
            }
        }
        // Text that would be raw HTML or a table's column is shown as typed.
        #expect(CommandLineReference.escaped("junit:<path> | a_b") == "junit:&lt;path&gt; \\| a\\_b")
    }
}
