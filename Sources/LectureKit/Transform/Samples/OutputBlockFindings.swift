import LectureSupport
import SourceText

/// The one rule by which a sample's output is judged for what `lecture build` would refuse to
/// publish (`MachinePathOutput`: a path of the machine; `SecretOutput`: a key or token): what the
/// sample printed is an error at the sample, never blessed (`printed`); each `output` block (its
/// own, or each part's in a continued program) in which something is found is one at the block's
/// first line that holds it, where a person edits (`of`).
enum OutputBlockFindings {
    /// Each output block of `sample` in which `find` finds something, with what it found and the
    /// block's first line that `holds` it (the block's first line when none does alone; the
    /// sample's place when the block has no range).
    static func of<Found>(
        _ sample: Sample, find: (String) -> Found?, holds: (Found, String) -> Bool
    ) -> [(found: Found, location: SourceLocation)] {
        var blocks: [(output: String, range: SourceRange?)] =
            sample.continued ? sample.parts.map { ($0.expectedOutput ?? "", $0.outputRange) } : []
        if !sample.continued, let output = sample.expectedOutput { blocks.append((output, sample.outputRange)) }
        return blocks.compactMap { block in
            guard let found = find(block.output) else { return nil }
            let lines = block.output.split(separator: "\n", omittingEmptySubsequences: false)
            let offset = lines.firstIndex { holds(found, String($0)) } ?? 0
            let location = block.range.map { SourceLocation(line: $0.start.line + 1 + offset, column: $0.start.column) }
            return (found, location ?? sample.location)
        }
    }

    /// The error for a sample that printed `what` (`'/home/me'`, a private key), at the sample:
    /// `--bless` does not write it into the page, and `fix` says what to print instead.
    static func printed(
        _ identifier: Diagnostic.Identifier, _ what: String, by sample: Sample, fix: String
    ) -> Diagnostic {
        .error(
            identifier, sample.path, sample.location,
            "sample printed \(what), which 'lecture build' would refuse to publish",
            notes: ["--bless does not write it into the page: " + fix])
    }
}
