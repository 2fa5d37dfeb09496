import LectureSupport

/// A declared option of a subcommand: its names, its value's name (nil for a flag), its help.
///
/// Follows swift-argument-parser's conventions by hand (we can't fetch the package): every
/// option is declared once, and both parsing and `--help` come from the declarations.
public struct OptionSpec: Sendable {
    /// Its spellings, short before long (`["-j", "--jobs"]`); the last, without dashes, is its key.
    public var names: [String]
    /// The value's name shown in help (`dir` as `<dir>`); `nil` for a flag, which takes none.
    public var valueName: String?
    /// One line for `--help`.
    public var help: String
    /// Whether the option may be given more than once.
    public var repeatable = false

    /// Declares an option; `value` names its value, `nil` for a flag.
    public init(_ names: [String], value: String? = nil, help: String, repeatable: Bool = false) {
        self.names = names
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }

    var key: String { names.last!.trimmingCharacters(in: "-").description }
}

/// Parsed command-line arguments: option values by the option's long name, and positionals.
public struct ParsedArguments: Sendable {
    /// Each option's values, in the order given, by key (its long name without dashes).
    public var values: [String: [String]] = [:]
    /// The keys of the flags given.
    public var flags: Set<String> = []
    /// The other arguments, in order: `-` alone and everything after `--` included.
    public var positionals: [String] = []

    /// Option `key`'s value (the last one, for a repeatable option), or `nil` when not given.
    public func value(_ key: String) -> String? { values[key]?.last }
    /// Whether flag `key` (its long name without dashes) was given.
    public func has(_ key: String) -> Bool { flags.contains(key) }

    /// Parses `arguments` against `specs`. `--opt=value` and `--opt value` are both accepted;
    /// `--` ends options. - Throws: `LectureError` (exit 2) for an unknown option or a missing value.
    public static func parse(_ arguments: [String], specs: [OptionSpec], command: String) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
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
                specs.contains(where: { $0.valueName != nil && $0.names.contains(String(argument.prefix(2))) })
            {
                // A short option with its value attached, as in `make -j4`.
                name = String(argument.prefix(2))
                inline = String(argument.dropFirst(2))
            }
            guard let spec = specs.first(where: { $0.names.contains(name) }) else {
                throw LectureError(
                    .badOption, "unknown option '\(name)' for '\(command)'", notes: ["see '\(command) --help'"])
            }
            if spec.valueName != nil {
                let value: String
                if let inline {
                    value = inline
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw LectureError(.badOption, "option '\(name)' needs a value", notes: ["see '\(command) --help'"])
                }
                if parsed.values[spec.key] != nil && !spec.repeatable {
                    throw LectureError(.badOption, "option '\(name)' given more than once")
                }
                parsed.values[spec.key, default: []].append(value)
            } else {
                if inline != nil { throw LectureError(.badOption, "option '\(name)' takes no value") }
                parsed.flags.insert(spec.key)
            }
        }
        return parsed
    }
}

/// Help text in swift-argument-parser's layout.
enum HelpFormatter {
    static func help(command: String, abstract: String, usage: String, specs: [OptionSpec], discussion: String = "")
        -> String
    {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines.append("OPTIONS:")
        for spec in specs {
            var left = "  " + spec.names.joined(separator: ", ")
            if let value = spec.valueName { left += " <\(value)>" }
            let pad = max(1, 30 - left.count)
            lines.append(left + String(repeating: " ", count: pad) + spec.help)
        }
        let helpLeft = "  -h, --help"
        lines.append(helpLeft + String(repeating: " ", count: 30 - helpLeft.count) + "Show help information.")
        return lines.joined(separator: "\n")
    }
}
