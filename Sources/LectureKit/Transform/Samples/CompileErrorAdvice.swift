import LectureSupport

/// The advice under a sample's first compile error. Marking the fence `ignore` or `compile_fail`
/// fits an excerpt (code that needs a type around it) and a book whose samples were never compiled
/// (an mdBook book just given `verify = true`, most of its fences failing); on a plain typo in a
/// book that compiles, it would teach an author to hide a real mistake (newuser-7, #6), so there
/// the note points at the error instead. A name an earlier fence declares gets
/// `UndeclaredNameHint`'s note alone; a terminal session in a `swift` fence, one error instead of
/// the compiler's.
enum CompileErrorAdvice {
    /// The note that names the attributes of a fence not meant to compile.
    static let attributes =
        "if the fence is not meant to compile alone (an excerpt), mark it 'ignore'; if the page shows an error on purpose, mark it 'compile_fail' (with expect-error=\"…\" naming the error)"

    /// The note for an error in a book whose samples mostly compile.
    static let fixTheCode =
        "most of the book's samples compile, so this one is likely meant to: fix the code where the compiler points"

    /// The note for the fence at `line` of `sample`, shaped as an excerpt (`excerptFence`).
    static func excerptNote(line: Int, of sample: Sample) -> String {
        "the fence at \(sample.path):\(line) reads as an excerpt (a line '...' stands for code left out, or every line is indented, cut from a body): mark it 'ignore' (```swift ignore), shown and not compiled"
    }

    /// The first fence of `sample` shaped as an excerpt, not a program: a line that is only
    /// `...` or `…` (code left out), or every line indented (lines cut from a body). The
    /// compiler's errors on such code ("expected expression", "cannot find 'x' in scope") are
    /// about the cut, not a mistake to fix (newuser-8, #5).
    static func excerptFence(_ sample: Sample) -> Sample.Part? {
        sample.parts.first { part in
            let lines = part.code.split(separator: "\n").filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            let elided = lines.contains { ["...", "…"].contains($0.trimmingCharacters(in: " \t")) }
            let indented = !lines.isEmpty && lines.allSatisfy { $0.first == " " || $0.first == "\t" }
            return elided || indented
        }
    }

    /// The first fence of `sample` that is a terminal session, not Swift: its first line that is
    /// not blank starts with a shell prompt, `$ ` (`$ swift build`, then what it printed), which
    /// no Swift statement does (newuser-10, #8: 14 compiler errors and the advice to fix the code).
    static func shellSessionFence(_ sample: Sample) -> Sample.Part? {
        sample.parts.first { part in
            let first = part.visibleLines.lazy.map { $0.text.drop { $0 == " " || $0 == "\t" } }.first { !$0.isEmpty }
            return first?.hasPrefix("$ ") == true
        }
    }

    /// `diagnostics` of a sample whose fence `fence` is a terminal session with the compiler's
    /// own replaced by one error at the fence, with the fix.
    static func shellSession(_ diagnostics: [Diagnostic], at fence: Sample.Part, of sample: Sample) -> [Diagnostic] {
        let errors = diagnostics.filter { $0.identifier == .sampleCompiler && $0.severity == .error }.count
        return diagnostics.filter { $0.identifier != .sampleCompiler } + [
            .error(
                .sampleCompile, sample.path, fence.fence,
                "the fence holds a shell session, not Swift: its first line starts with a '$ ' prompt",
                notes: [
                    "a terminal session is shown, not compiled: write its fence ```console (or ```sh) instead of ```swift; swiftc gave \(errors) error\(errors == 1 ? "" : "s") on it"
                ])
        ]
    }

    /// Parts of swiftc's messages for code that is an excerpt: a member outside its type, a
    /// statement outside a function.
    static let excerptSigns = [
        "expected declaration", "expected expression", "expressions are not allowed at the top level",
        "invalid outside of a func", "is only valid on", "only allowed inside", "can only appear inside",
        "can only be specified on", "may only be declared on a type", "outside of a type", "extraneous",
        "'self'", "'super'",
    ]

    /// Samples failing to compile from which a book reads as never compiled, when they are at
    /// least half of the samples compiled.
    static let manyFailing = 3

    /// `results` with one advice note on the first compile error of each sample that failed to
    /// compile: `attributes` for an excerpt or a book whose samples mostly fail, else `fixTheCode`.
    static func advised(_ results: [SampleResult]) -> [SampleResult] {
        let firstErrors = results.map { result in
            result.diagnostics.firstIndex { $0.severity == .error && $0.identifier == .sampleCompiler }
        }
        let failing = firstErrors.compactMap { $0 }.count
        let compiled = results.filter { $0.outcome != .skipped && $0.sample.mode != .compileFail }.count
        let neverCompiled = failing >= manyFailing && failing * 2 >= compiled
        let samples = results.map(\.sample)
        return zip(results, firstErrors).map { result, first in
            guard let first else { return result }
            var result = result
            // A terminal session: one error with the fix, not swiftc's error per line.
            if let fence = shellSessionFence(result.sample) {
                result.diagnostics = shellSession(result.diagnostics, at: fence, of: result.sample)
                return result
            }
            let summary = result.diagnostics[first].summary
            // A missing module is no mistake in the code: its own note says where modules come from.
            if summary.hasPrefix("no such module") { return result }
            // A type shown again on a continued page: `ProgramRedeclaration`'s notes say the fix.
            if ProgramRedeclaration.isNoted(result.diagnostics, of: result.sample) { return result }
            // An excerpt by its shape, whatever the compiler says of it (newuser-8, #5).
            if let fence = excerptFence(result.sample) {
                result.diagnostics[first].notes += [
                    excerptNote(line: fence.fence.line, of: result.sample), attributes,
                ]
                return result
            }
            // A name an earlier fence declares: `UndeclaredNameHint`'s note says how to join them.
            if let name = UndeclaredNameHint.undeclared(summary),
                UndeclaredNameHint.declaringFence(
                    name, for: result.sample,
                    above: result.diagnostics[first].location?.line ?? result.sample.location.line,
                    in: samples)
                    != nil
            {
                return result
            }
            let excerpt = excerptSigns.contains { summary.contains($0) }
            result.diagnostics[first].notes.append(excerpt || neverCompiled ? attributes : fixTheCode)
            return result
        }
    }
}
