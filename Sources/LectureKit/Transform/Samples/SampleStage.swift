import CommonMark
import LectureSupport

/// The sample part of the transform stage, shared by `lecture build` and `lecture check`:
/// extract every page's samples, then verify them all on one job pool.
package struct SampleStage: Sendable {
    /// The verifier every sample goes through.
    package var verifier: SampleVerifier

    /// Prepares the toolchain and the sample libraries, under the run's `run` (jobs, cancellation). - Throws: `LectureError` (setup, exit 2).
    static func prepare(
        cacheDirectory: String, options: SampleVerifier.Options, run: RunContext, toolchain found: Toolchain? = nil
    ) throws -> SampleStage {
        try options.environment.validate()
        if options.sandbox == .require, SampleSandbox.unavailability != nil {
            throw LectureError(unreported: [SampleSandbox.notContained(required: true)])
        }
        let cache = Cache(directory: cacheDirectory)  // absolute: swiftc runs in another folder
        let toolchain = try found ?? Toolchain.find(cache: cache, run: run)
        let libraries = try SampleLibraries.prepare(
            toolchain: toolchain, cacheDirectory: cache.directory, folders: options.libraries,
            shownFolders: options.shownLibraries,
            languageMode: options.swiftLanguageMode,
            timeout: options.libraryCompileTimeout, run: run)
        return SampleStage(
            verifier: SampleVerifier(
                toolchain: toolchain, libraries: libraries, cache: cache, options: options, run: run))
    }

    /// Extracts samples from parsed files, in file order.
    package static func extract(_ files: [(SourceFile, [Block])]) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        var samples: [Sample] = []
        var diagnostics: [Diagnostic] = []
        for (file, blocks) in files {
            let found = SampleExtractor.extract(
                from: blocks, path: file.displayPath, failedIncludes: file.failedIncludeLines,
                pageHasIncludes: file.expandsDirectives)
            samples += found.samples.map { $0.located(in: file) }
            diagnostics += found.diagnostics
        }
        return (samples, diagnostics)
    }

    /// Verifies `samples`, showing `[k/N] path:line` progress on a terminal.
    /// - Throws: the verifier's cancellation (`lecture.cancelled`) when it was cancelled: the
    ///   results of samples cut short are no verdict, and are not reported.
    func verify(_ samples: [Sample], console: Console) throws -> [SampleResult] {
        let total = samples.filter { $0.mode != .ignore }.count
        let progress: @Sendable (Int, Sample) -> Void = { done, sample in
            console.progress("[\(min(done, total))/\(total)] \(sample.editedPlace)")
        }
        var results = verifier.verify(samples, progress: progress)
        try verifier.run.cancellation.check()
        let onTheCache = results.indices.filter { results[$0].failedOnTheCache }
        if !onTheCache.isEmpty {
            // A cache moved, copied or cut short: built again, and what failed on it verified again.
            try CompiledCacheDamage.rebuild(for: verifier)
            let again = verifier.verify(onTheCache.map { samples[$0] }, progress: progress)
            for (index, result) in zip(onTheCache, again) { results[index] = result }
            try verifier.run.cancellation.check()
        }
        console.clearProgress()
        // An output block holding a path of the machine or a secret, whatever the run (or the
        // cache) said: each unless the run's output already did.
        for index in results.indices {
            let said = Set(results[index].diagnostics.map(\.identifier))
            let found =
                (said.contains(.machinePathPublished)
                    ? [] : MachinePathOutput.blocks(of: samples[index], verifier.options.machinePaths))
                + (said.contains(.secretPublished) ? [] : SecretOutput.blocks(of: samples[index]))
            guard !found.isEmpty else { continue }
            results[index].diagnostics += found
            results[index].outcome = .failed
        }
        return results
    }

    /// The run's one warning when samples ran without a sandbox (`auto` on a machine without
    /// namespaces, or `off`, which the person building chose), else none: samples never run
    /// uncontained unsaid; and one when, as root, contained samples had no cgroup of their own
    /// (`SampleCgroup.missing`).
    var sandboxWarnings: [Diagnostic] {
        let cgroup = verifier.sandboxUse.anyWithoutCgroup ? [SampleCgroup.missing()] : []
        guard verifier.sandboxUse.anyUncontained else { return cgroup }
        return [
            verifier.options.sandbox == .off
                ? SampleSandbox.turnedOff() : SampleSandbox.notContained(required: false)
        ] + cgroup
    }
}
