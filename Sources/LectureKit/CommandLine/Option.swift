import LectureSupport

/// One command-line option, declared once: its spellings, the name of its value, its help line
/// and where its value goes in `Values`, the command's typed options.
///
/// swift-argument-parser's `@Option` and `@Flag` by hand (we can't fetch the package): the
/// parser (`CommandLineParser`), the usage line and `--help` (`HelpText`) all read these
/// declarations, so an option is named in one place.
package struct Option<Values> {
    /// Its spellings, short before long (`["-j", "--jobs"]`).
    let names: [String]
    /// The value's name shown in help (`dir` as `<dir>`); `nil` for a flag, which takes none.
    let valueName: String?
    /// One line for `--help`.
    let help: String
    /// Whether it may be given more than once (each value is kept, in order).
    let repeatable: Bool
    /// Converts the text given (empty for a flag) and stores it.
    /// - Throws: `LectureError` (exit 2) naming the option and the value it needs.
    let store: (inout Values, String) throws -> Void

    /// An option that takes a value, converted by `convert` and stored at `keyPath`.
    /// - Parameter convert: throws `LectureError` (exit 2) for text it does not accept.
    package static func value<Value>(
        _ names: String..., value: String, help: String, at keyPath: WritableKeyPath<Values, Value?>,
        convert: @escaping (String) throws -> Value
    ) -> Option {
        Option(names: names, valueName: value, help: help, repeatable: false) { values, text in
            values[keyPath: keyPath] = try convert(text)
        }
    }

    /// An option that takes text as it is, stored at `keyPath`.
    package static func value(
        _ names: String..., value: String, help: String, at keyPath: WritableKeyPath<Values, String?>
    ) -> Option {
        Option(names: names, valueName: value, help: help, repeatable: false) { values, text in
            values[keyPath: keyPath] = text
        }
    }

    /// An option that takes text as it is, stored at `keyPath` over its default.
    package static func value(
        _ names: String..., value: String, help: String, at keyPath: WritableKeyPath<Values, String>
    ) -> Option {
        Option(names: names, valueName: value, help: help, repeatable: false) { values, text in
            values[keyPath: keyPath] = text
        }
    }

    /// An option whose value is a path, stored at `keyPath`: a control character in it is a
    /// usage error (`PathText`, the one check of every path a person writes).
    package static func path(
        _ names: String..., value: String, help: String, at keyPath: WritableKeyPath<Values, String?>
    ) -> Option {
        Option(names: names, valueName: value, help: help, repeatable: false) { values, text in
            try PathText.check(text, option: names.last ?? "")
            values[keyPath: keyPath] = text
        }
    }

    /// An option whose value is a path, stored at `keyPath` over its default (as `path` above).
    package static func path(
        _ names: String..., value: String, help: String, at keyPath: WritableKeyPath<Values, String>
    ) -> Option {
        Option(names: names, valueName: value, help: help, repeatable: false) { values, text in
            try PathText.check(text, option: names.last ?? "")
            values[keyPath: keyPath] = text
        }
    }

    /// An option that may be given more than once; every value is converted by `convert`
    /// (which throws a usage error for a bad one) and appended at `keyPath`.
    static func values<Value>(
        _ names: String..., value: String, help: String, at keyPath: WritableKeyPath<Values, [Value]>,
        convert: @escaping (String) throws -> Value
    ) -> Option {
        Option(names: names, valueName: value, help: help, repeatable: true) { values, text in
            values[keyPath: keyPath].append(try convert(text))
        }
    }

    /// A flag: `true` at `keyPath` when given.
    package static func flag(_ names: String..., help: String, at keyPath: WritableKeyPath<Values, Bool>) -> Option {
        Option(names: names, valueName: nil, help: help, repeatable: false) { values, _ in
            values[keyPath: keyPath] = true
        }
    }

    /// This option for a command whose options hold this group at `group` (swift-argument-parser's
    /// `@OptionGroup`): the same names and help, stored inside the group.
    package func within<Outer>(_ group: WritableKeyPath<Outer, Values>) -> Option<Outer> {
        let store = self.store
        return Option<Outer>(names: names, valueName: valueName, help: help, repeatable: repeatable) { outer, text in
            try store(&outer[keyPath: group], text)
        }
    }
}

extension PathText {
    /// Throws the usage error (exit 2) for a control character in `text`, given to `option`
    /// (an option's name, or the argument's `<name>`).
    static func check(_ text: String, option: String) throws {
        guard let problem = problem(text) else { return }
        throw LectureError(.badOptionValue, "\(option) \(problem)", notes: [note])
    }
}
