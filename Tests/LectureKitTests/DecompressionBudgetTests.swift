import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Code review 40 #1: each copied file had its own 256 MiB of inflating and scanning, so a book
/// of small gzip and zip bombs cost about 1,000 times its size. Now a stream stops past the
/// first MiB when it unpacks to more than 200 times what it read (a bomb's ratio), and `Load`
/// unpacks at most its `DecompressionBudget` over all files; past either, the file is
/// published with `lecture.site.unscanned` saying why. The work is counted in unpacked bytes
/// (the budget's `spent`), not in seconds.
@Suite struct DecompressionBudgetTests {
    /// A book whose content folder holds the files `script` (Python, given the folder) writes.
    static func book(writing script: String) throws -> (root: String, configuration: BuildConfiguration) {
        let (root, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\nBombs beside.\n",
        ])
        try EncodedSecretsTests.packed(script, [root + "/content"])
        return (root, configuration)
    }

    /// `Load` of the book: its `lecture.site.unscanned` warnings by file name, and the bytes it unpacked.
    static func load(_ configuration: BuildConfiguration, budget: DecompressionBudget) throws
        -> (unscanned: [String: String], spent: Int)
    {
        var context = BuildContext(
            configuration: configuration, console: TestSupport.Recorder().console, diagrams: false,
            decompression: budget)
        try BuildPipeline.run([.load], on: &context, memory: nil)
        var unscanned: [String: String] = [:]
        for problem in context.diagnostics.diagnostics where problem.identifier == .secretUnscanned {
            unscanned[String(problem.path.split(separator: "/").last ?? "")] = problem.summary
        }
        return (unscanned, budget.spent)
    }

    /// Python writing `count` gzip files and `count` zip archives, each of `mebibytes` MiB of
    /// zeros, every `every`th byte random when not 0, into the folder it is given.
    static func bombs(count: Int, mebibytes: Int, every: Int = 0) -> String {
        """
        import gzip,sys,zipfile,os
        data=bytearray(\(mebibytes)<<20)
        if \(every): data[::\(every)]=os.urandom(len(data[::\(every)]))
        for i in range(\(count)):
         open(sys.argv[1]+'/bomb%02d.txt.gz'%i,'wb').write(gzip.compress(data,9))
         with zipfile.ZipFile(sys.argv[1]+'/bomb%02d.zip'%i,'w',zipfile.ZIP_DEFLATED) as z: z.writestr('a.txt',data)
        """
    }

    /// 40 gzip and 40 zip bombs of 10 MiB of zeros (about 10 KB each, a ratio of 1,000): each
    /// stream stops past its first MiB, said at its file; the load unpacks no more than a MiB
    /// and a scan chunk (1 MiB) per stream, with the heads judged (4 KiB each), where each
    /// file's own limit let it unpack 800 MiB in all.
    @Test func aBookOfBombsStopsEachAtItsRatio() throws {
        let (root, configuration) = try Self.book(writing: Self.bombs(count: 40, mebibytes: 10))
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (unscanned, spent) = try Self.load(configuration, budget: DecompressionBudget())
        #expect(unscanned.count == 80, "\(unscanned.keys.sorted())")
        #expect(
            unscanned["bomb00.txt.gz"]
                == "the secret scan could not read its gzip-compressed text past the first 1 MiB it unpacks to: it unpacks to more than 200 times its size, as a decompression bomb does; it is published unscanned"
        )
        #expect(
            unscanned["bomb00.zip"]
                == "the secret scan could not read its zip member 'a.txt' past the first 1 MiB it unpacks to: it unpacks to more than 200 times its size, as a decompression bomb does; it is published unscanned"
        )
        #expect(spent <= 80 * (2 << 20 + 8 << 10), "\(spent) bytes unpacked")
        #expect(spent >= 80 * (1 << 20), "\(spent) bytes unpacked")
    }

    /// Bombs under the ratio (about 40 to 1: one random byte in 64) are stopped by the budget
    /// shared by the build's files: 12 files of 4 MiB under a budget of 10 MiB unpack 10 MiB,
    /// and every file past it is said, with the budget's reason.
    @Test func aBookOfBombsUnderTheRatioStopsAtTheBuildsBudget() throws {
        let (root, configuration) = try Self.book(writing: Self.bombs(count: 6, mebibytes: 4, every: 64))
        defer { FileSystem.removeTemporaryDirectory(root) }
        let budget = DecompressionBudget(total: 10 << 20)
        let (unscanned, spent) = try Self.load(configuration, budget: budget)
        #expect(spent == 10 << 20)
        // Two files read whole (8 MiB and the heads), a third cut, the rest not read at all.
        #expect(unscanned.count >= 9 && unscanned.count <= 10, "\(unscanned.keys.sorted())")
        #expect(
            unscanned.values.allSatisfy {
                $0.contains("past the build's decompression budget (10 MiB unpacked over all the book's files)")
            }, "\(unscanned)")
    }

    /// The budget is the build's: a new build (`BuildContext`) starts with a whole one, and a
    /// stream's own bytes are taken from it, the unused given back.
    @Test func aBudgetIsTakenAndGivenBack() {
        let budget = DecompressionBudget(total: 100)
        #expect(budget.take(60) == 60)
        #expect(budget.take(60) == 40)
        #expect(budget.take(1) == 0 && budget.isSpent)
        budget.giveBack(30)
        #expect(budget.spent == 70 && !budget.isSpent)
        let context = BuildContext(configuration: BuildConfiguration(), console: TestSupport.Recorder().console)
        #expect(context.decompression.total == DecompressionBudget.buildBytes && context.decompression.spent == 0)
    }

    /// Code review 41 #6: a scan kept for the next build of a session charged nothing to that
    /// build's budget, so a file added first in the listing was read with the whole budget, and
    /// a file a clean build cuts was read whole: an incremental build said other things than a
    /// clean one. Now a kept scan takes what it unpacked, in the listing's order, and one the
    /// budget cut (or cannot pay for again) is read again: the same warnings as a clean build.
    @Test func aKeptScanTakesFromTheBudgetAsACleanBuildDoes() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        try EncodedSecretsTests.packed(Self.bombs(count: 3, mebibytes: 4, every: 64), [folder])
        let assets = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let first = PublishedSecrets.inAssets(
            assets.filter { $0 != "bomb00.txt.gz" }, contentDirectory: folder,
            budget: DecompressionBudget(total: 10 << 20))
        let clean = PublishedSecrets.inAssets(
            assets, contentDirectory: folder, budget: DecompressionBudget(total: 10 << 20))
        let incremental = PublishedSecrets.inAssets(
            assets, contentDirectory: folder, earlier: first.scans, budget: DecompressionBudget(total: 10 << 20))
        #expect(clean.problems.map(\.path).contains(folder + "/bomb01.txt.gz"), "\(clean.problems)")
        #expect(incremental.problems == clean.problems)
        #expect(incremental.read < assets.count, "a scan the budget can pay for again is kept")
    }
}
