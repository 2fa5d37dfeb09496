import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 18, F7: a path given on the command line with a name past NAME_MAX (or a path past
/// PATH_MAX) ended a run with the system's words, after the work: `--report junit:` and
/// `lecture pdf -o` with "File name too long" once the check or the build was done, `--cache-dir`
/// with "the cache folder cannot be written … make the folder writable", `lecture init` at a
/// `.gitignore` inside. Every path the tool writes passes `WrittenPath`, which now asks
/// `PathLimits` first: one error naming the option, before anything runs or is written.
@Suite struct OptionPathLengthBadInputTests {
    static let long = String(repeating: "x", count: 300)

    /// Each command, with `SCRATCH` for the scratch tree, and the start of its error: the option
    /// and the path (shortened in the message, so that a 4,000-byte path stays one line).
    static let commands: [(arguments: [String], names: String)] = [
        (["build", "--cache-dir", "SCRATCH/\(long)/cache"], "--cache-dir /"),
        (["build", "--cache-dir", "SCRATCH/cache/\(long)"], "--cache-dir /"),
        (["check", "--report", "junit:SCRATCH/\(long).xml"], "--report junit:/"),
        (["check", "--report", "junit:SCRATCH/\(long)/report.xml"], "--report junit:/"),
        (["pdf", "-o", "SCRATCH/\(long).pdf"], "-o /"),
        (["init", "SCRATCH/work/\(long)"], "lecture init /"),
        (
            ["check", "--report", "junit:SCRATCH/" + Array(repeating: "d", count: 4_200).joined(separator: "/")],
            "--report junit:/"
        ),
    ]

    @Test(arguments: commands.indices) func aTooLongPathIsOneErrorNamingItsOption(_ index: Int) throws {
        let run = try ContainedRun()
        try run.makeBook()
        let arguments = Self.commands[index].arguments.map { $0.replacingOccurrences(of: "SCRATCH", with: run.scratch) }
        let names = Self.commands[index].names
        let cache =
            arguments.contains("--cache-dir") || arguments[0] == "init" ? [] : ["--cache-dir", run.scratch + "/cache"]
        let before = run.digest()
        let result = try run.command(TestSupport.executable, arguments + cache, in: "work/book")
        #expect(result.termination == .exited(2), "\(arguments.prefix(2)): \(result.stderrText)")
        let errors = TestSupport.headlines(result.stderrText, .error)
        #expect(errors.count == 1, "\(result.stderrText)")
        #expect(errors.first?.hasPrefix("error: \(names)") == true, "\(result.stderrText)")
        #expect(
            errors.first?.contains("(NAME_MAX)") == true || errors.first?.contains("(PATH_MAX)") == true,
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("File name too long"), "\(result.stderrText)")
        #expect(!result.stdoutText.contains("passed") && !result.stderrText.contains("Wrote"), "\(result.stderrText)")
        #expect(run.digest() == before, "the run wrote something")
    }

    @Test func theLimitsAreAskedOfEveryWrittenPath() throws {
        let folder = CanonicalPath.of(try TestFolders.make("option-path-length"))
        let path = WrittenPath(folder + "/" + Self.long, option: "--cache-dir", what: "cache folder", kind: .folder)
        let refusal = path.refusal(protecting: [], isOwn: { _ in true })
        #expect(
            refusal?.diagnostics.first?.summary.contains("the cache folder cannot be made: the name") == true,
            "\(String(describing: refusal))")
        let short = WrittenPath(folder + "/short.pdf", option: "-o", what: "PDF", kind: .file)
        #expect(short.refusal(protecting: [], isOwn: { _ in true }) == nil)
    }
}
