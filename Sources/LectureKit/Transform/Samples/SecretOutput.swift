import LectureSupport
import SourceText

/// A sample's output holding a private key or a token of a well-known format (`SecretScan`).
/// `lecture build` refuses to publish a page that holds one (`PublishedSecrets`), so `lecture
/// check` and `--bless` apply the same rule, as they do to the machine's paths
/// (`MachinePathOutput`): output that prints one is an error at the sample (never blessed into
/// the page), and an output block that holds one is an error at its line, so check, bless and
/// build agree on a page (attack 16, k75). The messages name what was found, never the secret.
enum SecretOutput {
    /// The error for a sample that printed `found`, at the sample.
    static func printed(_ found: SecretScan.Finding, by sample: Sample) -> Diagnostic {
        .error(
            .secretPublished, sample.path, sample.location,
            "sample printed \(found.kind), which 'lecture build' would refuse to publish",
            notes: [
                "--bless does not write it into the page: make the sample print a placeholder or a shortened form instead, and revoke the key if it is real"
            ])
    }

    /// The error for each output block of `sample` that holds a secret, at its line.
    static func blocks(of sample: Sample) -> [Diagnostic] {
        var blocks: [(output: String, range: SourceRange?)] =
            sample.continued ? sample.parts.map { ($0.expectedOutput ?? "", $0.outputRange) } : []
        if !sample.continued, let output = sample.expectedOutput { blocks.append((output, sample.outputRange)) }
        return blocks.compactMap { block -> Diagnostic? in
            guard let found = SecretScan.first(in: block.output) else { return nil }
            let lines = block.output.split(separator: "\n", omittingEmptySubsequences: false)
            let offset = lines.firstIndex { SecretScan.first(in: String($0)) != nil } ?? 0
            let location = block.range.map { SourceLocation(line: $0.start.line + 1 + offset, column: $0.start.column) }
            return .error(
                .secretPublished, sample.path, location ?? sample.location,
                "the output block holds \(found.kind), which 'lecture build' would refuse to publish",
                notes: [
                    "make the sample print a placeholder or a shortened form instead and write that in the block by hand (--bless does not replace a block that holds one); revoke the key if it is real"
                ])
        }
    }
}
