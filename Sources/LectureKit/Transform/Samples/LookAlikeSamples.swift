import LectureSupport

/// How many fences look like a sample and are not (```` ```Swift ````, ```` ```swfit ````, a
/// fence inside raw HTML, an info string with odd white space): counted with the samples an
/// unverified build did not verify, and as skipped by `lecture check`, so the two counts add up.
extension DroppedSamples {
    /// The fences `diagnostics` report as looking like a sample, but a misspelt `output` block
    /// (not a sample) and a fence that is a sample after all (`fences`: `path:line` of each
    /// sample's or refused fence; odd white space after its language leaves a fence a sample).
    static func lookAlikes(in diagnostics: [Diagnostic], fences: Set<String>) -> Int {
        diagnostics.count { diagnostic in
            diagnostic.identifier == identifier && !diagnostic.summary.contains("an expected output")
                && !fences.contains("\(diagnostic.path):\(diagnostic.location?.line ?? 0)")
        }
    }

    /// `path:line` of each of `samples`' fences.
    static func fences(of samples: [Sample]) -> Set<String> {
        Set(samples.flatMap { sample in sample.parts.map { "\(sample.path):\($0.fence.line)" } })
    }
}
