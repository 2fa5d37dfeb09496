internal import SwiftAnalysis

/// `test` samples of a merged program (`MergedSamples`) compiled as the files of one module, by
/// one frontend job, where none of them could tell: what a test sample's job costs beyond its own
/// code (starting the compiler, loading the testing library and its macro plugin, the runner) is
/// then paid once for the module.
///
/// Samples share a module only when each could have been compiled alone exactly as it is
/// compiled there (`ModuleScopeNames.isIndependent(of:)`): the same testing library and the
/// same imports, no name one declares for the module spelled by another, nothing the compiler
/// looks up unspelled. A module whose job fails or reports anything about the samples' lines is
/// compiled again one sample per job (`MergedSamples.compileTests`), so every diagnostic is the
/// one of a sample's own job; a sample whose run fails is verified alone, as every merged sample is.
enum TestModuleGroups {
    /// At most this many samples in one module: a longer job would finish alone at the end.
    static let maximumSize = 4

    /// The units of `samples`'s frontend jobs, each a list of indices: every `test` sample that
    /// can share a module in the first group (in page order) of its library whose members it is
    /// independent of, every other sample alone. The syntax trees are read on `jobs` threads,
    /// unless `syntax` has read them.
    static func units(of samples: [Sample], jobs: Int, syntax: SampleSyntax = SampleSyntax()) -> [[Int]] {
        struct Group {
            var members: [Int]
            var names: [ModuleScopeNames]
            var xcTest: Bool
        }
        let tests = samples.indices.filter { samples[$0].mode == .test }
        let read = tests.parallelMap(jobs: jobs) { syntax.facts(of: samples[$0]) }
        var found: [Int: SampleSyntax.Facts] = [:]
        for (index, facts) in zip(tests, read) { found[index] = facts }
        var groups: [Group] = []
        var units: [[Int]] = []
        for index in samples.indices {
            guard let facts = found[index], let tests = facts.tests, let names = facts.names else {
                units.append([index])
                continue
            }
            let xcTest = !tests.xcTestClasses.isEmpty
            if let at = groups.firstIndex(where: { group in
                group.xcTest == xcTest && group.members.count < maximumSize
                    && group.names.allSatisfy { $0.isIndependent(of: names) }
            }) {
                groups[at].members.append(index)
                groups[at].names.append(names)
            } else {
                groups.append(Group(members: [index], names: [names], xcTest: xcTest))
            }
        }
        return units + groups.map(\.members)
    }
}
