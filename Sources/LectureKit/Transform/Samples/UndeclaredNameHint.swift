import CommonMark
import LectureSupport

/// swiftc's "cannot find 'X' in scope" in a sample whose page declares `X` in an earlier fence
/// that is a program of its own: the author wrote the page as one program in fragments, as Swift
/// tutorials are, so the note says where `X` is declared and how to make the fences one program
/// (`continue`, or `group=NAME`). A `compile_fail` sample that failed on such a name alone is
/// failed: it failed for the fence it stands in, not for the error its page explains.
enum UndeclaredNameHint {
    /// `results` with the note added to each such error; `pageName` is a page's path in the pages'
    /// folder (as `continue` names it) for a sample.
    static func hinted(_ results: [SampleResult], pageName: (Sample) -> String) -> [SampleResult] {
        results.map { result in
            var result = result
            let sample = result.sample
            guard !sample.continued, sample.context.isEmpty else { return result }
            if sample.mode == .compileFail {
                return compileFailHinted(result, declaredBy: results.map(\.sample), pageName: pageName(sample))
            }
            // The fix once per fence, at its first such error; every later use one line that
            // points back to it (newuser-6, #11: four copies buried the rest of the output).
            var explainedAt: SourceLocation?
            for (index, diagnostic) in result.diagnostics.enumerated() where diagnostic.severity == .error {
                guard let name = undeclared(diagnostic.summary),
                    let declared = declaringFence(name, before: sample, in: results.map(\.sample))
                else { continue }
                let place = "\(quoted: name) is declared by the fence at \(declared.path):\(declared.location.line)"
                if let explainedAt {
                    result.diagnostics[index].notes.append(
                        "\(place); how to join the fences: see the note at line \(explainedAt.line)")
                    continue
                }
                explainedAt = diagnostic.location ?? sample.location
                result.diagnostics[index].notes.append(
                    "\(place), but each fence is a program of its own: to continue one program across the page's fences, set [preprocessor.lecture.samples] continue = [\"\(pageName(sample))\"] in book.toml, or give the fences the same 'group=NAME'"
                )
            }
            return result
        }
    }

    /// `result` of a `compile_fail` sample whose every error was "cannot find 'X' in scope"
    /// (`SampleResult.undeclaredNames`) for an `X` an earlier fence of its page declares: failed
    /// with an error that says so when it passed on any error (no `expect-error`), a false pass
    /// the page would show as "fails to compile, as intended"; its `expect-error` mismatch given
    /// the same note. Passed as it was when `expect-error` names the missing name (the page's point).
    static func compileFailHinted(_ result: SampleResult, declaredBy samples: [Sample], pageName: String)
        -> SampleResult
    {
        var result = result
        let sample = result.sample
        let found = result.undeclaredNames.lazy.compactMap { name in
            samples.first(where: {
                $0.path == sample.path && $0.location.line < sample.location.line && $0.mode != .compileFail
                    && declares($0, name)
            }).map { (name, $0) }
        }.first
        guard let (name, declared) = found else { return result }
        let place = "\(quoted: name) is declared by the fence at \(declared.path):\(declared.location.line)"
        let join =
            "each fence is a program of its own: to continue one program across the page's fences, set [preprocessor.lecture.samples] continue = [\"\(pageName)\"] in book.toml, or give the fences the same 'group=NAME'"
        if result.outcome == .passed, sample.expectedErrors.isEmpty {
            result.outcome = .failed
            result.diagnostics.append(
                .error(
                    .sampleUnexpectedError, sample.path, sample.location,
                    "'compile_fail' sample fails only because it cannot find \(quoted: name), which an earlier fence declares",
                    notes: [
                        "\(place), but \(join); it then fails for the reason the page gives, or compiles",
                        "if the missing name is the point, say so: expect-error=\"cannot find '\(name)' in scope\"",
                    ]))
        } else if let index = result.diagnostics.firstIndex(where: { $0.identifier == .sampleUnexpectedError }) {
            result.diagnostics[index].notes.append("\(place), but \(join)")
        }
        return result
    }

    /// The names of "cannot find 'X' in scope" when every error of a compiler's output `stderr`
    /// is one; empty when any other error is there, or none.
    static func onlyUndeclared(_ stderr: String) -> [String] {
        let errors = CompileFailExpectation.messages(in: stderr)
        let names = errors.compactMap(undeclared)
        guard !errors.isEmpty, names.count == errors.count else { return [] }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique
    }

    /// The first fence of `sample`'s page, above it, that declares `name`.
    static func declaringFence(_ name: String, before sample: Sample, in samples: [Sample]) -> Sample? {
        samples.first {
            $0.path == sample.path && $0.location.line < sample.location.line && declares($0, name)
        }
    }

    /// `X` of "cannot find 'X' in scope" (or "cannot find type 'X' in scope").
    static func undeclared(_ message: String) -> String? {
        for prefix in ["cannot find '", "cannot find type '"] where message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            guard let end = rest.range(of: "' in scope") else { return nil }
            return String(rest[..<end.lowerBound])
        }
        return nil
    }

    /// Whether a line of `sample`'s code declares `name` (`struct Name`, `let name`, `func name(`).
    static func declares(_ sample: Sample, _ name: String) -> Bool {
        let keywords = ["struct", "class", "enum", "actor", "protocol", "typealias", "func", "let", "var"]
        return sample.parts.contains { part in
            part.code.split(separator: "\n").contains { line in
                let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                return zip(words, words.dropFirst()).contains { keywords.contains(String($0)) && $1 == name }
            }
        }
    }
}
