import LectureSupport
internal import SwiftAnalysis

/// What the merged path (`MergedSamples`, `TestModuleGroups`) reads in each sample's syntax tree,
/// read once per program: `MergedSamples.accepts` and the plan of the test modules read it on
/// the job pool, and a compile takes the tests the plan found instead of parsing again.
///
/// Read when first asked for, not in advance: read from the moment the samples were extracted,
/// two threads parsing every sample held back the driver's answer and the first compile by
/// 0.15–0.2 s (first compile 0.60–0.68 s after the start against 0.42–0.53 s, three runs
/// each alternately, 2026-12-02).
final class SampleSyntax: Sendable {
    /// What one program's syntax tree says.
    struct Facts: Sendable {
        /// It declares something the whole process sees (`ProcessWideDeclarations`).
        var processWide: Bool
        /// A `test` sample's tests (`TestDiscovery`), `nil` for other samples.
        var tests: DiscoveredTests?
        /// A `test` sample's names as one file of a module (`ModuleScopeNames`), `nil` when it
        /// is not a `test` sample, its tests cannot run, or the reading cannot see through it.
        var names: ModuleScopeNames?
    }

    private let read = Locked<[String: Facts]>([:])

    /// Nothing read yet.
    init() {}

    /// The facts of `sample`'s program.
    func facts(of sample: Sample) -> Facts {
        if let known = read.withLock({ $0[sample.program] }) { return known }
        let facts = Self.read(sample)
        read.withLock { $0[sample.program] = facts }
        return facts
    }

    /// The tests `sample`'s program declares, read as one of its facts (any sample, `test` or not).
    func tests(of sample: Sample) -> DiscoveredTests {
        facts(of: sample).tests ?? TestDiscovery.discover(in: sample.program)
    }

    /// Each program is parsed at most once, for all three readings, and a plain sample only when
    /// it could declare something the whole process sees (`ProcessWideDeclarations.mayDeclare`):
    /// of the lecture's 45 samples, only its 14 `test` samples are parsed, where every sample
    /// used to be parsed and every `test` sample three times (2026-12-02).
    private static func read(_ sample: Sample) -> Facts {
        let program = sample.program
        guard sample.mode == .test || ProcessWideDeclarations.mayDeclare(in: program) else {
            return Facts(processWide: false)
        }
        let parsed = ParsedSource(program)
        let processWide = ProcessWideDeclarations.found(in: parsed)
        guard sample.mode == .test else { return Facts(processWide: processWide) }
        let tests = TestDiscovery.discover(in: parsed)
        let names = SampleVerifier.discoveryProblem(tests) == nil ? ModuleScopeNames.of(parsed) : nil
        return Facts(processWide: processWide, tests: tests, names: names)
    }
}
