import LectureSupport

/// A page's errors about a sample's own fences and blocks, found when the page is read (an
/// attribute, an output block the sample may not have, its group): each is a failure of that
/// sample, counted once with it, not one more failed case beside a sample counted as passed
/// (newuser-8, #8: a `compile_fail` sample with an output block was "1 passed" and a second
/// "failed" case in the counts and the JUnit report).
enum SampleOwnErrors {
    /// The kinds of error that are about one sample's own fences and blocks; decided by identifier
    /// alone, never by a summary's words. An output block that follows no sample has its own
    /// (`sampleOutputWithoutSample`), which is the page's: it is not among them.
    static let identifiers: Set<Diagnostic.Identifier> = [.sampleOutputPlacement, .sampleAttributes, .sampleGroup]

    /// `results` with each error of `errors` that is a sample's own added to that sample's
    /// result, which then fails; the errors that are no sample's, left over.
    static func folded(_ errors: [Diagnostic], into results: [SampleResult]) -> (
        results: [SampleResult], others: [Diagnostic]
    ) {
        var results = results
        var others: [Diagnostic] = []
        for error in errors {
            guard identifiers.contains(error.identifier),
                let line = error.location?.line,
                let owner = owner(
                    ofLine: line, path: error.path, in: results, below: error.identifier == .sampleOutputPlacement)
            else {
                others.append(error)
                continue
            }
            results[owner].outcome = .failed
            results[owner].diagnostics.append(error)
        }
        return (results, others)
    }

    /// The index of the result whose sample a line of its page belongs to: the one with a fence
    /// on that line (an attribute, a group); for an error at an output block (`below`), else the
    /// one whose code block ends nearest above it. An error at a fence that made no sample (its
    /// attributes contradict, its group has no name) is no other sample's: `nil`, the page's.
    static func owner(ofLine line: Int, path: String, in results: [SampleResult], below: Bool) -> Int? {
        let onPage = results.indices.filter { results[$0].sample.path == path }
        if let fence = onPage.first(where: { results[$0].sample.parts.contains { $0.fence.line == line } }) {
            return fence
        }
        guard below else { return nil }
        let above = onPage.compactMap { index -> (index: Int, end: Int)? in
            let ends = results[index].sample.parts.map(\.endLine).filter { $0 < line }
            return ends.max().map { (index, $0) }
        }
        return above.max { $0.end < $1.end }?.index
    }
}
