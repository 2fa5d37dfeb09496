import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 19, F1 and F2: a file lecture reads back from a sample's run folder (a test program's
/// events file) is the program's choice. It is read only as a regular file reached without
/// following a link, at most `RunFolderLimit.bytes` long (`RunFolderFile`). Every case here is
/// made in a scratch folder; the link's target is a decoy in it.
struct RunFolderFileTests {
    /// A run folder with a working folder `work` and a decoy beside it, outside the run folder.
    static func runFolder() throws -> (scratch: String, run: String) {
        let scratch = CanonicalPath.of(try TestSupport.temporaryDirectory())
        try FileSystem.makeDirectories(scratch + "/run/work")
        try FileSystem.writeAtomically("HOST-FILE-SECRET password=hunter2\n", to: scratch + "/decoy.jsonl")
        return (scratch, scratch + "/run")
    }

    @Test func aRegularFileIsRead() throws {
        let (scratch, run) = try Self.runFolder()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        try FileSystem.writeAtomically("{}\n", to: run + "/work/events.jsonl")
        #expect(RunFolderFile.read("work/events.jsonl", in: run) == .bytes(Array("{}\n".utf8)))
        #expect(RunFolderFile.read("work/absent.jsonl", in: run) == .missing)
    }

    /// The file replaced by a link to a file outside: refused, the decoy never read (F1).
    @Test func aLinkInThePlaceOfTheFileIsNotFollowed() throws {
        let (scratch, run) = try Self.runFolder()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        #expect(symlink(scratch + "/decoy.jsonl", run + "/work/events.jsonl") == 0)
        #expect(RunFolderFile.read("work/events.jsonl", in: run) == .refused("it is a symbolic link"))
    }

    /// The working folder itself replaced by a link (the program renamed its folder away):
    /// refused on the way, not only at the last name.
    @Test func aLinkOnTheWayIsNotFollowed() throws {
        let (scratch, run) = try Self.runFolder()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        try FileSystem.writeAtomically("HOST-FILE-SECRET\n", to: scratch + "/elsewhere/events.jsonl")
        try FileManager.default.removeItem(atPath: run + "/work")
        #expect(symlink(scratch + "/elsewhere", run + "/work") == 0)
        #expect(RunFolderFile.read("work/events.jsonl", in: run) == .refused("'work' is no longer a folder"))
    }

    /// A FIFO in the file's place is refused at once: opening it does not wait for a writer.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let (scratch, run) = try Self.runFolder()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        #expect(mkfifo(run + "/work/events.jsonl", 0o600) == 0)
        #expect(RunFolderFile.read("work/events.jsonl", in: run) == .refused("it is not a regular file"))
    }

    /// A sparse file of a tebibyte (no block on disk, so the run folder's measure let it pass)
    /// is too large, and nothing of it is allocated (F2: lecture aborted allocating 1 TiB).
    @Test func aSparseTebibyteIsTooLargeAndNotRead() throws {
        let (scratch, run) = try Self.runFolder()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let fd = open(run + "/work/events.jsonl", O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 1 << 40) == 0)
        close(fd)
        #expect(RunFolderFile.read("work/events.jsonl", in: run) == .tooLarge(1 << 40))
        #expect(RunFolderFile.read("work/events.jsonl", in: run, limit: 10) == .tooLarge(1 << 40))
    }

    /// What a test sample's verdict says of each: an error at the sample, naming the reason.
    @Test func theSampleIsFailedWithTheReason() throws {
        let sample = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift test\nimport Testing\n```\n"), path: "p.md"
        ).samples[0]
        let linked = SampleVerifier.eventsProblem(.refused("it is a symbolic link"), of: sample)
        #expect(linked?.severity == .error)
        #expect(
            linked?.summary
                == "test sample's events file 'lecture-test-events.jsonl' was not read: it is a symbolic link")
        let large = SampleVerifier.eventsProblem(.tooLarge(1 << 40), of: sample)
        #expect(large?.summary.contains("more than the 64 MiB a sample may write") == true)
        #expect(SampleVerifier.eventsProblem(.missing, of: sample) == nil)
    }
}
