import CommonMark
import LectureSupport

/// swiftc's "cannot find 'X' in scope" in a sample when another fence of the book declares `X`:
/// an earlier fence of its page that is a program of its own (the author wrote the page as one
/// program in fragments, as Swift tutorials are), or a fence of another page (a tutorial that
/// builds one program across pages, newuser-10 #4). The note says where `X` is declared and how to
/// make the fences one program: `continue` or `group=NAME` on one page, never advised where it is
/// set already (newuser-10, #2), and a hidden preamble across pages, which no setting joins. A
/// `compile_fail` sample that failed on such a name alone failed for the fence it stands in, not
/// for the error its page explains (`CompileFailCause` fails it; the note says where the name is).
enum UndeclaredNameHint {
    /// `results` with the note added to each such error; `pageName` is a page's path in the pages'
    /// folder (as `continue` names it) for a sample.
    static func hinted(_ results: [SampleResult], pageName: (Sample) -> String) -> [SampleResult] {
        let samples = results.map(\.sample)
        return results.map { result in
            var result = result
            let sample = result.sample
            if sample.mode == .compileFail {
                return compileFailHinted(result, declaredBy: samples, pageName: pageName)
            }
            // The fix once per fence, at its first such error; every later use one line that
            // points back to it (newuser-6, #11: four copies buried the rest of the output).
            var explainedAt: SourceLocation?
            for (index, diagnostic) in result.diagnostics.enumerated() where diagnostic.severity == .error {
                guard let name = undeclared(diagnostic.summary),
                    let declared = declaringFence(
                        name, for: sample, above: diagnostic.location?.line ?? sample.location.line, in: samples)
                else { continue }
                let place = "\(quoted: name) is declared by the fence at \(declared.path):\(declared.location.line)"
                if let explainedAt {
                    result.diagnostics[index].notes.append(
                        "\(place); how to join the fences: see the note at \(sample.path):\(explainedAt.line)")
                    continue
                }
                explainedAt = diagnostic.location ?? sample.location
                result.diagnostics[index].notes.append(place + join(sample, declared, pageName: pageName))
            }
            return result
        }
    }

    /// How `sample` comes to see what the fence `declared` declares, after "X is declared by the
    /// fence at …": the page's setting when its page is not continued, why not when it is, a
    /// hidden preamble when `declared` is on another page.
    static func join(_ sample: Sample, _ declared: Sample, pageName: (Sample) -> String) -> String {
        if declared.path != sample.path {
            return
                ", on another page: a page's fences never see another page's ('continue' and 'group=' join the fences of one page); to verify a tutorial that builds one program across pages, repeat what this fence needs from the earlier pages at its top, between '// snippet.hide' and '// snippet.show' lines, which the page hides until its reader shows them"
        }
        if sample.onContinuedPage {
            return
                ", and the page is continued already, but only its plain fences (no attribute but 'run', no 'group=', 'flags=' or '@main') are its program, which a 'compile_fail', 'no_run' or 'should_fail' fence sees above it: that fence or this one stands apart; remove what sets it apart, or give both the same 'group=NAME'"
        }
        return
            ", but each fence is a program of its own: to continue one program across the page's fences, set [preprocessor.lecture.samples] continue = [\"\(pageName(sample))\"] in book.toml, or give the fences the same 'group=NAME'"
    }

    /// `result` of a `compile_fail` sample whose every error was "cannot find 'X' in scope"
    /// (`SampleResult.undeclaredNames`) for an `X` another fence of the book declares: its error
    /// (`CompileFailCause`'s, or an `expect-error` mismatch) given the note that says where, and how
    /// to join them. Passed as it was when `expect-error` names the missing name (the page's point).
    static func compileFailHinted(
        _ result: SampleResult, declaredBy samples: [Sample], pageName: (Sample) -> String
    ) -> SampleResult {
        var result = result
        let sample = result.sample
        let found = result.undeclaredNames.lazy.compactMap { name in
            declaringFence(name, for: sample, above: sample.location.line, in: samples).map { (name, $0) }
        }.first
        guard let (name, declared) = found,
            let index = result.diagnostics.firstIndex(where: { $0.identifier == .sampleUnexpectedError })
        else { return result }
        let notDeclared = ", which it does not declare"
        if result.diagnostics[index].summary.hasSuffix(notDeclared) {
            result.diagnostics[index].summary =
                String(result.diagnostics[index].summary.dropLast(notDeclared.count))
                + (declared.path == sample.path ? ", which an earlier fence declares" : ", which another page declares")
        }
        let place = "\(quoted: name) is declared by the fence at \(declared.path):\(declared.location.line)"
        result.diagnostics[index].notes.insert(
            place + join(sample, declared, pageName: pageName)
                + "; it then fails for the reason the page gives, or compiles",
            at: 0)
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

    /// The fence that declares `name` for `sample`, whose error about it stands at line `line`:
    /// the first of its page above that line, else the first of another page; never a
    /// `compile_fail` fence (it declares nothing a program keeps) nor `sample` itself.
    static func declaringFence(_ name: String, for sample: Sample, above line: Int, in samples: [Sample]) -> Sample? {
        let candidates = samples.filter {
            $0.mode != .compileFail && !($0.path == sample.path && $0.location == sample.location) && declares($0, name)
        }
        return candidates.first { $0.path == sample.path && $0.location.line < line }
            ?? candidates.first { $0.path != sample.path }
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
