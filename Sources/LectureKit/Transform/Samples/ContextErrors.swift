import LectureSupport

/// The compiler's diagnostics of a fence compiled after its page's continued fences
/// (`Sample.context`) that stand at those fences' lines: the page's program reports them at its
/// own fences already, so a fence that sees the program says them once, as one error of its own
/// when they are why it failed (newuser-10: each error of a tutorial's step was printed twice,
/// and a later fence's note pointed at the copy).
enum ContextErrors {
    /// `diagnostics` of `sample` without those at its context's lines, and, when the compile
    /// failed (`compiled` false) only there, one error that says so.
    static func folded(_ diagnostics: [Diagnostic], of sample: Sample, compiled: Bool) -> [Diagnostic] {
        guard !sample.context.isEmpty else { return diagnostics }
        let inContext = { (diagnostic: Diagnostic) -> Bool in
            guard let line = diagnostic.location?.line else { return false }
            return sample.context.contains { part in
                line >= part.firstLine && line < part.firstLine + part.code.utf8.count { $0 == UInt8(ascii: "\n") }
            }
        }
        let own = diagnostics.filter { !inContext($0) }
        let theirs = diagnostics.filter { inContext($0) && $0.severity == .error }
        guard let first = theirs.first, !compiled, !own.hasErrors else { return own }
        return own + [
            .error(
                .sampleCompile, sample.path, sample.location,
                "sample is compiled after the page's continued fences above it, which do not compile",
                notes: [
                    "the first of their errors: \(first.path):\(first.location?.line ?? 0): error: \(first.summary); each is reported at its own fence",
                    "fix those fences first: this one sees their declarations, as the page's reader does",
                ])
        ]
    }
}
