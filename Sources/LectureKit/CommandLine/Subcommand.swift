/// A subcommand of `lecture`, in swift-argument-parser's shape: typed options declared once
/// (which give the parser, the usage line and `--help`), `validate()` before `run()`, exit
/// status as a value.
///
/// Why not swift-argument-parser itself: SwiftPM fetches no package here, and the toolchain does
/// not ship it as a library a package can link, so the parser (`CommandLineParser`, `Option`) is
/// this package's own, kept to swift-argument-parser's shape so that moving to it later is a
/// change of declarations, not of commands.
package protocol Subcommand {
    /// The command's typed options.
    associatedtype Options: ParsableOptions
    /// The subcommand as typed after `lecture` (`build`).
    static var name: String { get }
    /// One line for its help's overview and `lecture --help`'s list of subcommands.
    static var abstract: String { get }
    /// Text shown in its help after the usage; empty for none.
    static var discussion: String { get }
    /// Its options, in the order the usage line and `--help` list them.
    static var options: [Option<Options>] { get }
    /// Its positional arguments, in order.
    static var positionals: [Positional<Options>] { get }
    /// Takes the parsed options, reading and writing nothing.
    /// - Throws: `LectureError` (exit 2) for a bad value or argument.
    init(_ options: Options) throws
    /// Checks the options before any work, from their values alone: no file is read, no folder
    /// made (what they name on the disk is checked by `run`). - Throws: `LectureError` (exit 2).
    func validate() throws
    /// Does the work and returns the exit status: reads the book's settings and checks its
    /// folders first (setup errors: exit 2, located where a person edits).
    func run(console: Console) throws -> Int32
}

extension Subcommand {
    /// No discussion by default.
    static var discussion: String { "" }
    /// No positional arguments by default.
    static var positionals: [Positional<Options>] { [] }

    /// The `USAGE:` line of its help, from the declarations.
    package static var usage: String {
        HelpText.usage(command: "lecture \(name)", options: options, positionals: positionals)
    }

    /// Its `--help` text, from the declarations.
    static var help: String {
        HelpText.help(
            command: "lecture \(name)", abstract: abstract, discussion: discussion, options: options,
            positionals: positionals)
    }

    /// The options `arguments` (what follows the subcommand's name) give.
    /// - Throws: `LectureError` (exit 2), see `CommandLineParser.parse`.
    static func options(_ arguments: [String]) throws -> Options {
        try CommandLineParser.parse(
            arguments, options: options, positionals: positionals, into: Options(), command: "lecture \(name)")
    }

    /// The command `arguments` ask for: parsed, then made (not yet validated).
    /// - Throws: `LectureError` (exit 2).
    package static func parse(_ arguments: [String]) throws -> Self { try Self(options(arguments)) }
}
