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
        OutputBlockFindings.printed(
            .secretPublished, found.kind, by: sample,
            fix: "make the sample print a placeholder or a shortened form instead, and revoke the key if it is real")
    }

    /// The error for each output block of `sample` that holds a secret, at its line
    /// (`OutputBlockFindings`).
    static func blocks(of sample: Sample) -> [Diagnostic] {
        OutputBlockFindings.of(
            sample, find: { SecretScan.first(in: $0) }, holds: { _, line in SecretScan.first(in: line) != nil }
        ).map { found, location in
            .error(
                .secretPublished, sample.path, location,
                "the output block holds \(found.kind), which 'lecture build' would refuse to publish",
                notes: [
                    "make the sample print a placeholder or a shortened form instead and write that in the block by hand (--bless does not replace a block that holds one); revoke the key if it is real"
                ])
        }
    }
}
