/// The compiler flags a sample may add with `flags="…"` (`Sample.compilerFlags`): only flags that
/// change what the language means, never where the compiler reads or writes (no `-I`, `-Xcc`,
/// `-load-plugin-library`, `-o`), so a book cannot reach outside its samples through them. The
/// point is to compile a sample as a new Xcode 26 app target does (default main-actor isolation,
/// SE-0466; "Approachable Concurrency"'s upcoming features, SE-0461 and SE-0470, one by one or by
/// the name Swift 6.3 gives them together, `ApproachableConcurrency`).
enum SampleCompilerFlags {
    /// A flag and the values it may take, in the order the note lists them.
    struct Allowed: Sendable {
        var flag: String
        var values: [String]
    }

    /// Every flag allowed, each followed by one of its values as the next word.
    static let allowed: [Allowed] = [
        Allowed(flag: "-default-isolation", values: ["MainActor", "nonisolated"]),
        Allowed(
            flag: "-enable-upcoming-feature",
            values: [
                "NonisolatedNonsendingByDefault", "InferIsolatedConformances", "InferSendableFromCaptures",
                "GlobalActorIsolatedTypesUsability", "DisableOutwardActorInference", "ExistentialAny",
                "MemberImportVisibility", "ApproachableConcurrency",
            ]),
    ]

    /// The note that lists what `flags=` accepts.
    static var allowedNote: String {
        "allowed flags: "
            + allowed.map { "\($0.flag) " + $0.values.joined(separator: "|") }.joined(separator: "; ")
    }

    /// The flags of one `flags="…"` value, split at spaces, or what is wrong with them, each
    /// problem a sentence for a diagnostic.
    static func parse(_ value: String) -> (flags: [String], problems: [String]) {
        var words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        var flags: [String] = []
        var problems: [String] = []
        if words.isEmpty {
            problems.append("'flags=' needs compiler flags, as in flags=\"-default-isolation MainActor\"")
        }
        while let word = words.popFirst() {
            guard let known = allowed.first(where: { $0.flag == word }) else {
                problems.append("compiler flag \(quoted: word) is not allowed in a sample's 'flags='")
                continue
            }
            guard let value = words.first, !value.hasPrefix("-") else {
                problems.append(
                    "compiler flag \(quoted: word) needs a value: \(known.values.joined(separator: " or "))")
                continue
            }
            words.removeFirst()
            guard known.values.contains(value) else {
                problems.append("'\(word) \(value)' is not allowed in a sample's 'flags='")
                continue
            }
            if word == "-default-isolation", flags.contains(word) {
                problems.append("'-default-isolation' is given twice")
                continue
            }
            flags += [word, value]
        }
        return (problems.isEmpty ? flags : [], problems)
    }
}
