import LectureSupport

/// Reads a command line into a command's typed options, from their declarations.
///
/// swift-argument-parser's conventions: `--opt=value` and `--opt value` are both accepted, and a
/// short option's value may be attached (`-j4`); `--` ends the options and `-` alone is a
/// positional argument; a flag may be repeated, a value option only when it is declared
/// repeatable.
package enum CommandLineParser {
    /// What to do instead of an option of mdBook's that lecture does not have (mdBook 0.5.4's
    /// `build` and `serve`; its `-d`, `-n` and `-p` are lecture's too).
    static let mdBookOptions: [String: String] = [
        "-o": "lecture opens no browser (mdBook's '-o, --open'): open the address it prints",
        "--open": "lecture opens no browser (mdBook's '-o, --open'): open the address it prints",
        "--watcher": "lecture serve watches the book's files itself (mdBook's '--watcher' has no counterpart)",
    ]

    /// Parses `arguments` (without the program and subcommand names) into `values`, whose
    /// fields not named on the command line keep their defaults.
    /// - Parameter command: as the user typed it (`lecture build`), for the messages.
    /// - Throws: `LectureError` (exit 2) for an unknown option, a missing or unacceptable value,
    ///   an option repeated that may not be, or more positional arguments than declared.
    package static func parse<Values>(
        _ arguments: [String], options: [Option<Values>], positionals: [Positional<Values>] = [],
        into values: Values, command: String
    ) throws -> Values {
        var values = values
        var others: [String] = []
        var given = Set<String>()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                others.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.count > 2,
                options.contains(where: { $0.valueName != nil && $0.names.contains(String(argument.prefix(2))) })
            {
                // A short option with its value attached, as in `make -j4`.
                name = String(argument.prefix(2))
                inline = String(argument.dropFirst(2))
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw LectureError(
                    .badOption, "unknown option \(quoted: name) for \(quoted: command)",
                    notes: (mdBookOptions[name].map { [$0] } ?? []) + ["see '\(command) --help'"])
            }
            guard option.valueName != nil else {
                if inline != nil { throw LectureError(.badOption, "option \(quoted: name) takes no value") }
                try option.store(&values, "")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw LectureError(
                    .badOption, "option \(quoted: name) needs a value", notes: ["see '\(command) --help'"])
            }
            guard given.insert(option.names.last!).inserted || option.repeatable else {
                throw LectureError(.badOption, "option \(quoted: name) given more than once")
            }
            try option.store(&values, value)
        }
        var rest = others[...]
        for positional in positionals {
            let taken = rest.prefix(positional.limit ?? rest.count)
            try positional.store(&values, Array(taken))
            rest = rest.dropFirst(taken.count)
        }
        if let extra = rest.first {
            throw LectureError(.badArgument, "unexpected argument \(quoted: extra)", notes: ["see '\(command) --help'"])
        }
        return values
    }
}
