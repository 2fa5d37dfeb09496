import LectureSupport
import SourceText

/// A sample's output holding a path of the machine that builds the book (`MachinePaths`: the
/// book's folder, the cache, the home folder, the temporary folder; attack 11, kind 73, a sample
/// printing `/proc/self/mountinfo`). `lecture build` refuses to publish a page that holds one, so
/// `lecture check` and `--bless` apply the same rule to the same paths: output that prints one is
/// an error at the sample (never blessed into the page), and an output block that holds one is an
/// error at its line, so check, bless and build agree on a page.
enum MachinePathOutput {
    /// The first of `needles` that `text` holds as a whole path, if any.
    static func firstNeedle(in text: String, _ needles: [MachinePaths.Needle]) -> MachinePaths.Needle? {
        guard !needles.isEmpty, !text.isEmpty else { return nil }
        return MachinePaths.found(in: Array(text.utf8), needles).first.map { needles[$0] }
    }

    /// The error for a sample that printed `needle`'s path, at the sample.
    static func printed(_ needle: MachinePaths.Needle, by sample: Sample) -> Diagnostic {
        .error(
            .machinePathPublished, sample.path, sample.location,
            "sample printed \(quoted: needle.path), \(needle.role) on this machine, which 'lecture build' would refuse to publish",
            notes: [
                "--bless does not write it into the page: print a path relative to the working folder, or only a name, or leave the path out"
            ])
    }

    /// The error for each output block of `sample` that holds a path of `needles`, at its line.
    static func blocks(of sample: Sample, _ needles: [MachinePaths.Needle]) -> [Diagnostic] {
        var blocks: [(output: String, range: SourceRange?)] =
            sample.continued ? sample.parts.map { ($0.expectedOutput ?? "", $0.outputRange) } : []
        if !sample.continued, let output = sample.expectedOutput { blocks.append((output, sample.outputRange)) }
        return blocks.compactMap { block -> Diagnostic? in
            guard let needle = firstNeedle(in: block.output, needles) else { return nil }
            let lines = block.output.split(separator: "\n", omittingEmptySubsequences: false)
            let offset = lines.firstIndex { firstNeedle(in: String($0), [needle]) != nil } ?? 0
            let location = block.range.map { SourceLocation(line: $0.start.line + 1 + offset, column: $0.start.column) }
            return .error(
                .machinePathPublished, sample.path, location ?? sample.location,
                "the output block holds \(quoted: needle.path), \(needle.role) on this machine, which 'lecture build' would refuse to publish",
                notes: [
                    "make the sample print a path relative to the working folder, or only a name, and bless it again"
                ])
        }
    }
}
