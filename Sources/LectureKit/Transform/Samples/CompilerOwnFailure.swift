import LectureSupport

/// A failed compile that names no line of the sample: swiftc itself failed, not the sample's code
/// (a frontend that is not one, `SWIFT_DRIVER_SWIFT_FRONTEND_EXEC=/bin/false`; a missing file of
/// the toolchain; a full temporary folder; a variable its Clang refuses). Like a compile that did
/// not finish (`UnfinishedProcess`) it is no verdict on the sample: an error of the run, never
/// cached, so the next build tries again. A link that fails on a symbol the sample's code names
/// but nothing defines is the sample's (its code is the cause), as every located error is.
enum CompilerOwnFailure {
    /// The error for `compile` of `sample`, or nil when the compile succeeded or its failure is
    /// the sample's: `located` (swiftc's diagnostics at the sample's lines) holds an error, or the
    /// linker names an undefined symbol.
    static func error(of sample: Sample, compile: Subprocess.Result, located: [Diagnostic]) -> Diagnostic? {
        guard !compile.succeeded, !located.hasErrors else { return nil }
        let said = compile.stderrText + compile.stdoutText
        if said.contains("undefined reference to") || said.contains("undefined symbol") { return nil }
        return .error(
            .sampleUnverifiable, sample.path, sample.location,
            "the compiler failed without naming a line of the sample; the sample could not be verified",
            notes: [
                "the compiler said:\n" + TerminalText.capped(ProgramPaths.shown(said, of: sample, as: sample.path))
            ] + [CompilerEnvironment.note()].compactMap { $0 } + [
                "this is a failure of swiftc or of what it runs on (its environment, its files, the temporary folder), not of the sample's code; nothing was cached: the next build tries again"
            ])
    }
}
