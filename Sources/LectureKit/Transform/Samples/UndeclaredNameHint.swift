import CommonMark
import LectureSupport

/// swiftc's "cannot find 'X' in scope" in a sample whose page declares `X` in an earlier fence
/// that is a program of its own: the author wrote the page as one program in fragments, as Swift
/// tutorials are, so the note says where `X` is declared and how to make the fences one program
/// (`continue`, or `group=NAME`).
enum UndeclaredNameHint {
    /// `results` with the note added to each such error; `pageName` is a page's path in the pages'
    /// folder (as `continue` names it) for a sample.
    static func hinted(_ results: [SampleResult], pageName: (Sample) -> String) -> [SampleResult] {
        results.map { result in
            var result = result
            let sample = result.sample
            guard !sample.continued, sample.context.isEmpty else { return result }
            // The fix once per fence, at its first such error; every later use one line that
            // points back to it (newuser-6, #11: four copies buried the rest of the output).
            var explainedAt: SourceLocation?
            for (index, diagnostic) in result.diagnostics.enumerated() where diagnostic.severity == .error {
                guard let name = undeclared(diagnostic.summary),
                    let declared = results.lazy.map(\.sample).first(where: {
                        $0.path == sample.path && $0.location.line < sample.location.line && declares($0, name)
                    })
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
