import Dispatch
import LectureSupport
internal import SwiftAnalysis

/// What the merged path (`MergedSamples`, `TestModuleGroups`) reads in each sample's syntax tree,
/// read once per program, on the job pool, from the moment the samples are extracted: a cold
/// check then parses the lecture's samples while the compiler's version is still being asked,
/// not after it, before the first compile.
///
/// `facts(of:)` waits for the reading started by `init(reading:jobs:)`, and reads a program it
/// was not given itself. Once the verifier knows which samples its cache does not answer for,
/// `need(only:)` stops the reading of the others (a warm check parses nothing).
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
    private let reading = DispatchGroup()
    /// The programs still worth reading; `nil` for all.
    private let needed = Locked<Set<String>?>(nil)

    /// Starts reading `samples`'s programs on `jobs` threads, in the background.
    init(reading samples: [Sample], jobs: Int) {
        let unread = samples.filter { $0.mode != .ignore }
        DispatchQueue.global().async(group: reading) { [read, needed] in
            let facts = unread.parallelMap(jobs: jobs) { sample -> Facts? in
                needed.withLock { $0?.contains(sample.program) ?? true } ? Self.read(sample) : nil
            }
            read.withLock { known in
                for (sample, one) in zip(unread, facts) { known[sample.program] = one }
            }
        }
    }

    /// Nothing read in advance: each program is read when asked for.
    init() {}

    /// Only `samples` are asked for from now on: the others are not read.
    func need(only samples: [Sample]) {
        needed.withLock { $0 = Set(samples.map(\.program)) }
    }

    /// The facts of `sample`'s program.
    func facts(of sample: Sample) -> Facts {
        reading.wait()
        if let known = read.withLock({ $0[sample.program] }) { return known }
        let facts = Self.read(sample)
        read.withLock { $0[sample.program] = facts }
        return facts
    }

    private static func read(_ sample: Sample) -> Facts {
        let processWide = ProcessWideDeclarations.found(in: sample.program)
        guard sample.mode == .test else { return Facts(processWide: processWide) }
        let tests = TestDiscovery.discover(in: sample.program)
        let names = SampleVerifier.discoveryProblem(tests) == nil ? ModuleScopeNames.of(sample.program) : nil
        return Facts(processWide: processWide, tests: tests, names: names)
    }
}
