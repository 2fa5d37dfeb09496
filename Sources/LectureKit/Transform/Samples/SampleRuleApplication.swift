/// The book's rules (`SampleRules`) applied to a page's samples as written, in three steps:
///
/// 1. **Platform**: a sample that imports an Apple framework no sample library provides
///    (`SamplePlatform`) is not compiled, with the reason (and, unless it is marked `ignore-linux`,
///    a warning at the import); one marked `ignore-linux` whose
///    frameworks are all provided is compiled, not run.
/// 2. **Continuation**: on a page that continues one program (`continue`), its plain fences (no
///    attribute but `run`, no group, no `@main`) become one sample, each part keeping its own
///    output block, in page order, the files their `reads=` name together; fences with another
///    attribute stand apart, and a `compile_fail`, `no_run` or `should_fail` one among them sees the
///    continued fences above it (`Sample.context`), one plain fence as well as two (newuser-10, #2, #3).
/// 3. **Without output**: a sample with no output block and no attribute choosing its mode is
///    run (passing on exit status 0), compiled only, shown only, or an error (`without-output`).
enum SampleRuleApplication {
    static func apply(_ rules: SampleRules, to samples: [Sample], continued: Bool) -> [Sample] {
        let provided = rules.providedModules ?? SamplePlatform.appleFrameworks
        var samples = samples.map { platform($0, provided: provided) }
        if continued {
            samples = continuing(samples).map { sample in
                var sample = sample
                sample.onContinuedPage = true
                return sample
            }
        }
        return samples.map { withoutOutput($0, rule: rules.withoutOutput) }
    }

    /// Step 1.
    static func platform(_ sample: Sample, provided: Set<String>) -> Sample {
        guard sample.mode != .ignore else { return sample }
        var sample = sample
        let missing = SamplePlatform.unprovidedImports(of: sample, provided: provided)
        if !missing.isEmpty {
            sample.mode = .ignore
            sample.skipReason = SamplePlatform.reason(missing: missing.map(\.module))
            sample.appleOnlyModules = missing.map(\.module)
            // Marked `ignore-linux`, the author has said so; unmarked, each import is warned about.
            if !sample.markedNotForLinux { sample.unprovidedImports = missing }
        } else if sample.markedNotForLinux && sample.mode == .run {
            sample.mode = .noRun
            sample.compileOnlyReason = "marked 'ignore-linux': compiled against the book's sample libraries, not run"
        }
        return sample
    }

    /// Whether `sample` joins its page's continued program: a fence with an attribute stands
    /// apart, its own compiler flags (`flags="…"`) included, which the program's other fences lack;
    /// but `reads=FILE`, which says what the run's folder holds, not how the code is compiled: a
    /// fence that reads a file into a type declared above it needs the program (`continuing`
    /// gives the program every file its fences read).
    static func continues(_ sample: Sample) -> Bool {
        sample.mode == .run && sample.group == nil && !sample.shouldFail && !sample.markedNotForLinux
            && !sample.declaresMain && sample.compilerFlags.isEmpty
    }

    /// Step 2: the page's plain samples as one, at the place of the first.
    static func continuing(_ samples: [Sample]) -> [Sample] {
        let joining = samples.indices.filter { continues(samples[$0]) }
        guard let first = joining.first else { return samples }
        // One plain fence is the page's program as it is; the fences apart still see it.
        let program = joining.count >= 2 ? joined(joining.map { samples[$0] }) : samples[first]
        var result: [Sample] = []
        for index in samples.indices {
            if index == first {
                result.append(program)
            } else if !joining.contains(index) {
                var apart = samples[index]
                if seesProgram(apart) {
                    apart.context = program.parts.filter { $0.fence.line < apart.location.line }
                }
                result.append(apart)
            }
        }
        return result
    }

    /// Whether a fence that stands apart from its page's continued program is compiled after the
    /// program's fences above it: a `compile_fail` or `no_run` one (compiled, not run), and a
    /// `should_fail` one, run with them, what they print left out (`Sample.contextEnd`): "this
    /// line crashes" is shown with the page's own values.
    static func seesProgram(_ sample: Sample) -> Bool {
        switch sample.mode {
        case .compileFail, .noRun: true
        case .run: sample.shouldFail && !sample.declaresMain
        case .ignore, .test: false
        }
    }

    /// `samples`, the page's plain fences (two or more), as one continued program.
    static func joined(_ samples: [Sample]) -> Sample {
        var program = samples[0]
        program.parts = samples.map { sample in
            var part = sample.parts[0]
            part.expectedOutput = sample.expectedOutput
            part.outputRange = sample.outputRange
            part.markedRun = sample.modeIsExplicit
            return part
        }
        program.expectedOutput = nil
        program.outputRange = nil
        program.continued = true
        // The run's folder holds what every fence reads, not only the first one's files.
        program.reads = samples.flatMap(\.reads).reduce(into: []) { all, file in
            if !all.contains(file) { all.append(file) }
        }
        program.modeIsExplicit = samples.contains { $0.modeIsExplicit }
        return program
    }

    /// Step 3.
    /// A continued program with `require` requires a block of each fence that prints and is not
    /// marked `run` (`Part.markedRun`), whether or not its other fences have theirs (newuser-8, #1).
    static func withoutOutput(_ sample: Sample, rule: SampleRules.WithoutOutput) -> Sample {
        var sample = sample
        if sample.continued, rule == .require {
            sample.requiresOutput = sample.parts.contains { $0.expectedOutput == nil && !$0.markedRun }
            return sample
        }
        guard sample.mode == .run, !sample.hasExpectedOutput, !sample.shouldFail else { return sample }
        if sample.modeIsExplicit { return sample }
        switch rule {
        case .run: break
        case .require: sample.requiresOutput = true
        case .compile:
            sample.mode = .noRun
            sample.compileOnlyReason = "no output block: compiled, not run (book.toml: without-output = \"compile\")"
        case .show:
            sample.mode = .ignore
            sample.skipReason = "no output block, and book.toml says without-output = \"show\""
        }
        return sample
    }
}
