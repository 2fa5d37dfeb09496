import LectureSupport

/// The warnings about where a sample's output is written (`UncomparedOutputHints`), judged again
/// once `--bless` has written the samples' output blocks: the warnings made before about a
/// blessed sample (a `// Prints` comment with no block, a `text` block now made its output
/// block) are dropped, and its comments (`UncomparedOutputHints.commentWarnings`) judged against the block just written,
/// so a run never advises what it has just done.
enum BlessedWarnings {
    /// `diagnostics` with the output-placement warnings inside each of `blessed` (samples as
    /// blessed: their output blocks hold what was written) replaced by those its new blocks call for.
    static func rejudged(_ diagnostics: [Diagnostic], blessed: [Sample]) -> [Diagnostic] {
        guard !blessed.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            !rejudgedKinds.contains(diagnostic.identifier) || !blessed.contains { covers($0, diagnostic) }
        } + blessed.flatMap(UncomparedOutputHints.commentWarnings)
    }

    /// The warnings judged again: where output is written, and a misspelt output block
    /// (`ouptut`, `DroppedSamples.misspelled`) that bless renamed.
    static let rejudgedKinds: Set<Diagnostic.Identifier> = [.sampleOutputPlacement, .sampleNotRecognised]

    /// Whether `diagnostic` stands in `sample`: on a line of one of its fences' code, or at the
    /// plain block under a fence that bless made its output block.
    static func covers(_ sample: Sample, _ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.path == sample.path, let line = diagnostic.location?.line else { return false }
        return sample.parts.contains { part in
            (part.firstLine...max(part.firstLine, part.endLine)).contains(line)
                || part.plainOutputBlock?.range.start.line == line
        }
    }
}
