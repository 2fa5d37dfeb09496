import CommonMark
import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The `lecture` command: dispatches to `init`, `build` and `check`, and to the subcommands that
/// other modules register through `main`'s `extraSubcommands` (`pdf` and `serve`, from
/// LectureServe, `HTTPSubcommands`).
package enum LectureCommand {
    /// The version `lecture --version` prints.
    static let version = "0.1.0"
    package static var builtInSubcommands: [any Subcommand.Type] {
        [InitCommand.self, BuildCommand.self, CheckCommand.self]
    }

    static func help(_ subcommands: [any Subcommand.Type]) -> String {
        var lines = [
            "OVERVIEW: Publishes a Markdown book in mdBook's format, compiling, running and checking its Swift samples when the book asks for it.",
            "",
            "USAGE: lecture <subcommand> [options]",
            "",
            "OPTIONS:",
            "  --version                   Show the version.",
            "  -h, --help                  Show help information.",
            "",
            "  'lecture help --markdown' prints every subcommand's help as the manual's Markdown page.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in subcommands {
            lines.append(
                "  " + command.name + String(repeating: " ", count: max(1, 28 - command.name.count)) + command.abstract)
        }
        lines += ["", "  See 'lecture help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// Runs `lecture` with `arguments` (without the program name) and returns the exit status:
    /// 0 success, 1 content problems (a failed sample, a broken page), 2 usage or setup errors.
    /// `extraSubcommands` are offered after the built-in ones (the executable passes `pdf` and `serve`).
    package static func main(
        _ arguments: [String], console: Console = Console(),
        extraSubcommands: [any Subcommand.Type] = []
    ) -> Int32 {
        LostOutput.status(run(arguments, console: console, extraSubcommands: extraSubcommands), console: console)
    }

    /// `main` before its output is known to have reached stdout and stderr.
    private static func run(
        _ arguments: [String], console: Console, extraSubcommands: [any Subcommand.Type]
    ) -> Int32 {
        let subcommands = builtInSubcommands + extraSubcommands
        let help = help(subcommands)
        // A reader that goes away (a closed pipe) is an error on write, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        CompilerEnvironment.withholdFromThisProcess()
        // Without /proc the Swift runtime reads no arguments (they come from /proc/self/cmdline)
        // and no file of a book can be judged (`BookFile.unjudgeable`): one error, before all.
        if let problem = BookFile.unjudgeable {
            console.report(
                .error(
                    .fileSystem, problem,
                    notes: [
                        "mount it ('mount -t proc proc /proc'; in a container, run it without masking /proc) and run again"
                    ]))
            return 2
        }
        guard let first = arguments.first else {
            console.print(help)
            return 2
        }
        switch first {
        case "-h", "--help":
            console.print(help)
            return 0
        case "--version":
            console.print("lecture \(version) (cmark \(MarkdownParser.cmarkVersion))")
            return 0
        case "help":
            guard arguments.count > 1 else {
                console.print(help)
                return 0
            }
            if arguments[1] == "--markdown" {
                console.print(CommandLineReference.markdown(subcommands))
                return 0
            }
            guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
                return unknownSubcommand(arguments[1], help: help, console: console)
            }
            console.print(command.help)
            return 0
        default:
            break
        }
        guard let type = subcommands.first(where: { $0.name == first }) else {
            return unknownSubcommand(first, help: help, console: console)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            console.print(type.help)
            return 0
        }
        do {
            let command = try type.parse(rest)
            try command.validate()
            let status = try command.run(console: console)
            if let cancelled = Interruption.finish() { return report(cancelled, command: type.name, console: console) }
            return status
        } catch {
            // A cancelled run ends as cancelled, whatever the cut-short work threw.
            let failure =
                Interruption.finish() ?? (error as? LectureError)
                ?? LectureError(.unexpected, SystemErrorText.reason(of: error), exitStatus: 1)
            return report(failure, command: type.name, console: console)
        }
    }

    /// Prints a failure through the console and returns its exit status: the closing
    /// `lecture build: failed with N errors` when its diagnostics were reported already.
    static func report(_ failure: LectureError, command: String, console: Console) -> Int32 {
        if failure.isReported {
            let errors = failure.diagnostics.errorCount
            console.printError("lecture \(command): failed with \(errors) error\(errors == 1 ? "" : "s")")
        } else {
            console.report(failure.diagnostics)
        }
        return failure.exitStatus
    }

    /// mdBook's subcommands that lecture names otherwise, with the one to use (newuser-7, #10:
    /// `lecture test` got the whole help and no word of `check`).
    static let mdBookVerbs = [
        "test":
            "mdBook's 'test' runs a book's Rust samples through rustdoc; lecture's verb is 'check': 'lecture check BOOK' compiles, runs and compares the Swift samples",
        "watch":
            "mdBook's 'watch' builds the book again on every change; lecture's verb is 'serve', which does and serves it with live reload",
    ]

    /// Reports an unknown subcommand, then the overview of them all, on stderr: exit status 2.
    static func unknownSubcommand(_ name: String, help: String, console: Console) -> Int32 {
        console.report(
            .error(
                .unknownSubcommand, "unknown subcommand \(quoted: name)",
                notes: mdBookVerbs[name].map { [$0] } ?? []))
        console.printError("\n" + help)
        return 2
    }
}
