import LectureSupport

/// Notes for a sample that does not compile because it was written for another tool or another
/// Swift: mdBook's hidden lines (`# ` at a line's start, which mdBook hides in Rust, and in any
/// language `hidelines=` names), which Swift samples write as Swift-DocC's snippet markers; code
/// from before Swift 6 (a global variable used from a function) that the Swift 6 language mode
/// refuses, which book.toml's `swift-language-mode = 5` compiles as written.
enum CompileErrorHints {
    /// How Swift samples hide lines, for an mdBook author.
    static let hiddenLines =
        "Swift samples hide lines between '// snippet.hide' and '// snippet.show' (Swift-DocC's snippet markers), not with mdBook's '# ' prefix or hidelines=; the page shows them with the code's hidden-lines button"

    /// The note for a Swift 6 concurrency error.
    static let languageMode =
        "samples are compiled in the Swift 6 language mode, whose concurrency checking refuses code written for Swift 5 (a global 'var' used from a function); for a book written before Swift 6, set swift-language-mode = 5 under [preprocessor.lecture] in book.toml, or give this fence flags=\"-default-isolation MainActor\""

    /// Whether a line of `code` starts with mdBook's hiding prefix (`# ` or a lone `#`, after
    /// spaces): never Swift, whose `#` directives (`#if`, `#warning`) have no space after `#`.
    static func hasMdBookHiddenLines(_ code: String) -> Bool {
        code.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
            let text = line.drop { $0 == " " || $0 == "\t" }
            return text == "#" || text.hasPrefix("# ")
        }
    }

    /// The note on the compiler's warning at a bare expression (`x`, a playground's way to show
    /// a value): a program shows nothing there.
    static let unusedValue =
        "a playground shows this value beside the line; a program shows nothing: print it (print(...)) and put the line it prints in a block with info string 'output' right under the fence, where lecture compares it"

    /// `diagnostics` with `unusedValue` noted on each "expression of type '…' is unused" warning,
    /// and on each "result of call to '…' is unused" warning of `sample` whose line ends in a
    /// result comment (`try parser.parse("21")   // 42`, `ResultComments`; newuser-10, #9).
    static func withUnusedValueNotes(_ diagnostics: [Diagnostic], of sample: Sample) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.severity == .warning, diagnostic.summary.contains(" is unused"),
                diagnostic.summary.hasPrefix("expression of type ")
                    || (diagnostic.summary.hasPrefix("result of call to ")
                        && endsInResultComment(diagnostic.location?.line, of: sample))
            else { return diagnostic }
            var noted = diagnostic
            noted.notes.append(unusedValue)
            return noted
        }
    }

    /// Whether Markdown line `line` of `sample`'s code ends in a result comment (`ResultComments`).
    static func endsInResultComment(_ line: Int?, of sample: Sample) -> Bool {
        guard let line else { return false }
        for part in sample.parts {
            let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false)
            let index = line - part.firstLine
            if lines.indices.contains(index) { return ResultComments.resultComment(lines[index]) != nil }
        }
        return false
    }

    /// Whether `message` is one of Swift 6's concurrency errors (isolation, sendability).
    static func isConcurrencyError(_ message: String) -> Bool {
        let words = [
            "actor-isolated", "nonisolated", "global actor", "concurrency-safe", "data race", "non-Sendable",
            "'Sendable'", "isolated context",
        ]
        return words.contains { message.contains($0) }
    }

    /// The notes for the first error of `diagnostics`, a compile of `sample` in `languageMode`.
    static func notes(_ diagnostics: [Diagnostic], of sample: Sample, languageMode: String) -> [String] {
        var notes: [String] = []
        if sample.parts.contains(where: { hasMdBookHiddenLines($0.code) }) { notes.append(Self.hiddenLines) }
        if languageMode == "6", diagnostics.contains(where: { $0.severity == .error && isConcurrencyError($0.summary) })
        {
            notes.append(Self.languageMode)
        }
        return notes
    }
}
