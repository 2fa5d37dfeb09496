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
        OutputBlockFindings.printed(
            .machinePathPublished, "\(quoted: needle.path), \(needle.role) on this machine", by: sample,
            fix: "print a path relative to the working folder, or only a name, or leave the path out")
    }

    /// The error for each output block of `sample` that holds a path of `needles`, at its line
    /// (`OutputBlockFindings`).
    static func blocks(of sample: Sample, _ needles: [MachinePaths.Needle]) -> [Diagnostic] {
        OutputBlockFindings.of(
            sample, find: { firstNeedle(in: $0, needles) },
            holds: { needle, line in firstNeedle(in: line, [needle]) != nil }
        ).map { needle, location in
            .error(
                .machinePathPublished, sample.path, location,
                "the output block holds \(quoted: needle.path), \(needle.role) on this machine, which 'lecture build' would refuse to publish",
                notes: [
                    "make the sample print a path relative to the working folder, or only a name, and bless it again"
                ])
        }
    }
}
