/// A command's usage line and `--help` text, generated from its declarations in
/// swift-argument-parser's layout (`OVERVIEW:`, `USAGE:`, the discussion, `OPTIONS:`).
package enum HelpText {
    /// `lecture build [<dir>] [--content <dir>] … [-j <n>] …`: the command, its positional
    /// arguments, then every option in declaration order (a repeatable one followed by `...`).
    package static func usage<Values>(
        command: String, options: [Option<Values>], positionals: [Positional<Values>]
    ) -> String {
        let optionWords = options.map { option in
            var word = option.names[0]
            if let value = option.valueName { word += " <\(value)>" }
            return "[" + word + "]" + (option.repeatable ? " ..." : "")
        }
        return ([command] + positionals.map(\.usage) + optionWords).joined(separator: " ")
    }

    /// The whole `--help` text; `discussion` goes under the usage line when not empty.
    static func help<Values>(
        command: String, abstract: String, discussion: String, options: [Option<Values>],
        positionals: [Positional<Values>]
    ) -> String {
        var lines = [
            "OVERVIEW: \(abstract)", "",
            "USAGE: \(usage(command: command, options: options, positionals: positionals))", "",
        ]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines.append("OPTIONS:")
        let rows = options.map { option in
            (option.names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? ""), option.help)
        }
        for (left, help) in rows + [("-h, --help", "Show help information.")] {
            lines.append("  " + left + String(repeating: " ", count: max(1, 28 - left.count)) + help)
        }
        return lines.joined(separator: "\n")
    }
}
