import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe

/// What `--help` says each command does is true (new-user review 2, P12): a book without
/// `verify = true` is built without verifying, so no help says every sample is verified; `check`
/// says what its skipped count holds and that it verifies whatever book.toml says; `--no-cache`
/// promises no compile a build does not make; `serve` names what it watches in words of any book
/// (sample libraries, included files), not this repository's lecture ("stand-ins").
@Suite struct HelpTextClaimsTests {
    static let commands: [any Subcommand.Type] = LectureCommand.builtInSubcommands + HTTPSubcommands.all

    @Test func noHelpClaimsEverySampleIsVerifiedWhateverTheBookAsks() {
        let overview = LectureCommand.help(Self.commands)
        #expect(overview.contains("when the book asks for it"), "\(overview)")
        #expect(BuildCommand.abstract.contains("when book.toml asks for it"))
        #expect(BuildCommand.discussion.replacingOccurrences(of: "\n", with: " ").contains("as mdBook renders it"))
        #expect(CheckCommand.abstract.contains("whatever book.toml's verify says"))
        #expect(CheckCommand.discussion.contains("Apple framework"), "what 'skipped' counts")
        for command in Self.commands {
            let help = command.help.lowercased()
            #expect(!help.contains("verifying every sample"), "\(command.name)")
            #expect(!help.contains("compile and run every sample"), "\(command.name)")
            #expect(!help.contains("stand-in"), "a word of this repository's lecture in \(command.name)")
        }
        let serve = ServeCommand.discussion.replacingOccurrences(of: "\n", with: " ")
        #expect(serve.contains("the sample libraries or a file the pages include"), "\(serve)")
    }
}
