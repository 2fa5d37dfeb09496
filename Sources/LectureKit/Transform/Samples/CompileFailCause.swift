import LectureSupport

/// Whether a `compile_fail` sample with no `expect-error` failed for a reason its page shows
/// (newuser-10, #1): one of its errors must stand on a line of its own fences that the page shows
/// and be about that code. Not such a reason: a name the sample never declares (declared on another
/// page, by a fence that is a program of its own, or nowhere: the scope lesson declares the name
/// it then cannot see), a module the run lacks, a link that finds no library for a symbol, an
/// error on a line the page hides or on an earlier fence the sample continues. rustdoc's
/// `compile_fail` passes on any error; a page that says "fails to compile, as intended" must
/// fail on what its reader sees.
enum CompileFailCause {
    /// Why one compiler error is not the page's.
    enum Elsewhere: Equatable {
        /// "cannot find 'X' in scope" for an `X` the sample does not declare.
        case undeclared(String)
        /// "no such module 'X'".
        case missingModule(String)
        /// On a line that is not one the sample's fences show (`line`, the Markdown file's).
        case outsideShownLines(Int)
        /// The linker's error, which names no line (an undefined symbol, a missing library).
        case link
    }

    /// The error that fails `sample`, which failed to compile with `located` (swiftc's
    /// diagnostics at the page's lines, `CompilerOutput`) and `stderr`, when none of its errors
    /// is the page's; `nil` when one is, or when `expect-error` states the error (it pins it).
    static func error(of sample: Sample, located: [Diagnostic], stderr: String) -> Diagnostic? {
        guard sample.mode == .compileFail, sample.expectedErrors.isEmpty else { return nil }
        let errors = located.filter { $0.severity == .error }
        var reasons: [(Diagnostic?, Elsewhere)] = []
        for error in errors {
            guard let reason = elsewhere(error, of: sample) else { return nil }
            reasons.append((error, reason))
        }
        if reasons.isEmpty { reasons = [(nil, .link)] }
        let summary: String
        switch reasons[0].1 {
        case .undeclared(let name):
            summary =
                "'compile_fail' sample fails only because it cannot find \(quoted: name), which it does not declare"
        case .missingModule(let name):
            summary = "'compile_fail' sample fails only because there is no module \(quoted: name)"
        case .outsideShownLines:
            summary = "'compile_fail' sample fails only on lines its page does not show as its code"
        case .link:
            summary = "'compile_fail' sample fails only at the link, not on its code"
        }
        let listed = reasons.prefix(5).map { error, reason in
            (error.map { "\(sample.path):\($0.location?.line ?? 0): error: \($0.summary)" }
                ?? "the linker: "
                + (CompileFailExpectation.messages(in: stderr).first ?? "failed"))
                + " (" + why(reason) + ")"
        }
        var notes = [
            "it would show \"fails to compile, as intended\" for an error that is not its own code's:\n"
                + listed.joined(separator: "\n") + (reasons.count > 5 ? "\n(\(reasons.count - 5) more)" : "")
        ]
        if case .undeclared(let name) = reasons[0].1 {
            notes.append("if the missing name is the point, say so: expect-error=\"cannot find '\(name)' in scope\"")
        } else {
            notes.append(
                "make the code fail as the page says, and give the error it shows: expect-error=\"…\" (a part of its message)"
            )
        }
        return .error(.sampleUnexpectedError, sample.path, sample.location, summary, notes: notes)
    }

    /// Why `error` is not the page's, or `nil` when it is.
    static func elsewhere(_ error: Diagnostic, of sample: Sample) -> Elsewhere? {
        guard let line = error.location?.line, shows(sample, line: line) else {
            return .outsideShownLines(error.location?.line ?? 0)
        }
        if let name = UndeclaredNameHint.undeclared(error.summary), !UndeclaredNameHint.declares(sample, name) {
            return .undeclared(name)
        }
        let module = "no such module '"
        if error.summary.hasPrefix(module), error.summary.hasSuffix("'") {
            return .missingModule(String(error.summary.dropFirst(module.count).dropLast()))
        }
        return nil
    }

    /// Whether Markdown line `line` is a line of `sample`'s own fences that its page shows (not
    /// hidden between `// snippet.hide` and `// snippet.show`).
    static func shows(_ sample: Sample, line: Int) -> Bool {
        sample.parts.contains { part in
            part.displayedLines.contains { !$0.hidden && part.firstLine + $0.index == line }
        }
    }

    static func why(_ reason: Elsewhere) -> String {
        switch reason {
        case .undeclared: "a name the fence never declares: declared elsewhere, or nowhere"
        case .missingModule: "a module this run does not have, not the code's mistake"
        case .outsideShownLines(let line):
            line == 0 ? "at no line of the fence" : "at a line the page does not show as this fence's code"
        case .link: "a symbol no library linked defines"
        }
    }
}
