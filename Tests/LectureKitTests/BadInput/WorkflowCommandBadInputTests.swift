import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// What a sample prints cannot forge a GitHub Actions workflow command (issue 34): under
/// `GITHUB_ACTIONS=true`, in every report format, no line the tool prints on behalf of input is
/// one the runner would read as a command (`::name::` after leading white space, or `##[name]`
/// anywhere in the line, as the runner's older syntax is looked for).
@Suite(.serialized) struct WorkflowCommandBadInputTests {
    /// The runner's test: a line is a command when, after leading white space, it starts with
    /// `::`, or when it holds `##[` anywhere.
    static func runnerReadsACommand(_ line: String) -> Bool {
        line.drop(while: { $0.isWhitespace }).hasPrefix("::") || line.contains("##[")
    }

    static let forgeries = [
        "::error file=a.md,line=1::forged", "  ::add-mask::secret", "\t::stop-commands::token",
        "##[group]forged", "before ##[error]forged", "::warning::x",
    ]

    func console(_ environment: [String: String]) -> (Console, TestSupport.Recorder) {
        let recorder = TestSupport.Recorder()
        let console = Console(environment: environment) { line in recorder.append(line) }
        return (console, recorder)
    }

    func lines(_ recorder: TestSupport.Recorder) -> [String] {
        recorder.lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func noPrintedLineStartsACommandUnderActions() {
        let (console, recorder) = console(["GITHUB_ACTIONS": "true"])
        let diagnostic = Diagnostic.error(
            .sampleOutputMismatch, "::error::page.md", SourceLocation(line: 3, column: 1),
            "output does not match ##[warning]x", notes: Self.forgeries)
        for format in [DiagnosticFormat.plain, .github(repositoryRoot: "/")] {
            console.format = format
            console.report(diagnostic)
        }
        for line in Self.forgeries {
            console.print(line)
            console.printError(line)
        }
        let printed = lines(recorder)
        // The one command is the tool's own `github` annotation, a single line.
        #expect(printed.filter(Self.runnerReadsACommand).count == 1, "\(printed)")
        #expect(printed.filter(Self.runnerReadsACommand).first?.hasPrefix("::error file=") == true)
        #expect(printed.contains("%3A:error file=a.md,line=1::forged"))
        #expect(printed.contains("  %3A:add-mask::secret"))
        #expect(printed.contains("before ##%5Berror]forged"))
    }

    @Test func outsideActionsTheTextIsLeftAsPrinted() {
        let (console, recorder) = console([:])
        console.print("::error::x")
        #expect(recorder.lines == ["::error::x"])
    }

    @Test func aSampleCannotForgeACommandThroughItsOutput() throws {
        let forged = Self.forgeries.map { "print(\"\($0.replacingOccurrences(of: "\t", with: "\\t"))\")" }
        let root = try TestSupport.makeTree([
            ".git/HEAD": "ref: refs/heads/main\n",
            "book/SUMMARY.md": "# B\n\n- [P](p.md)\n",
            "book/p.md": "# P\n\n```swift\n" + forged.joined(separator: "\n") + "\n```\n\n```output\nother\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        for format in ["plain", "github"] {
            let (console, recorder) = console(["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": root])
            let status = LectureCommand.main(
                ["check", "--report", format, "--content", root + "/book", "--cache-dir", root + "/cache"],
                console: console)
            #expect(status == 1)
            let printed = lines(recorder)
            #expect(printed.contains { $0.contains("forged") }, "\(printed)")
            let commands = printed.filter(Self.runnerReadsACommand)
            #expect(commands.count == (format == "github" ? 1 : 0), "\(format): \(commands)")
        }
    }
}
