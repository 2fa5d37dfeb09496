import LectureSupport

/// The arguments that are not options (a book's folder, files), declared as options are: the
/// usage text they show, and where they go.
package struct Positional<Values> {
    /// As the usage line shows it: `[<dir>]`, `[<dir>] [<file.md> ...]`.
    package let usage: String
    /// How many it takes at most; `nil` for any number.
    let limit: Int?
    let store: (inout Values, [String]) throws -> Void

    /// Arguments are paths (a book's folder, its pages): a control character in one is a usage
    /// error (`PathText`).
    /// At most one argument, stored at `keyPath`; `name` is shown as `[<name>]`.
    static func optional(_ name: String, at keyPath: WritableKeyPath<Values, String?>) -> Positional {
        Positional(usage: "[<\(name)>]", limit: 1) { values, arguments in
            for argument in arguments { try PathText.check(argument, option: "<\(name)>") }
            values[keyPath: keyPath] = arguments.first
        }
    }

    /// Any number of arguments, in order, stored at `keyPath`; `usage` shows them.
    package static func all(usage: String, at keyPath: WritableKeyPath<Values, [String]>) -> Positional {
        Positional(usage: usage, limit: nil) { values, arguments in
            for argument in arguments { try PathText.check(argument, option: "argument") }
            values[keyPath: keyPath] = arguments
        }
    }

    /// This argument for a command whose options hold this group at `group`.
    package func within<Outer>(_ group: WritableKeyPath<Outer, Values>) -> Positional<Outer> {
        let store = self.store
        return Positional<Outer>(usage: usage, limit: limit) { outer, arguments in
            try store(&outer[keyPath: group], arguments)
        }
    }
}
