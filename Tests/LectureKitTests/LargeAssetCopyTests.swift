import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A large asset is copied into the site in bounded memory, and a sparse one stays sparse
/// (a 512 MiB asset took 1.09 GB of memory, read whole, and was written dense).
@Suite struct LargeAssetCopyTests {
    @Test func aOneGibibyteAssetIsCopiedInBoundedMemory() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        // 1 GiB, sparse: a few bytes at the start and at 512 MiB, holes elsewhere.
        let size: Int64 = 1 << 30
        let fd = open(book + "/src/big.bin", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(pwrite(fd, "HEAD", 4, 0) == 4)
        #expect(pwrite(fd, "MIDDLE", 6, off_t(size / 2)) == 6)
        #expect(ftruncate(fd, off_t(size)) == 0)
        close(fd)

        let result = try run.command(
            "/usr/bin/time",
            ["-f", "peak-rss-kib=%M", TestSupport.executable, "build", "--cache-dir", run.scratch + "/cache"],
            in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        let peak =
            result.stderrText.split(separator: "\n").compactMap { line -> Int? in
                line.hasPrefix("peak-rss-kib=") ? Int(line.dropFirst("peak-rss-kib=".count)) : nil
            }.first ?? Int.max
        // A build of this book without the asset stays far below; reading it whole would take 1 GiB.
        #expect(peak < 300 * 1024, "peak RSS \(peak) KiB")

        var info = stat()
        #expect(stat(book + "/book/big.bin", &info) == 0)
        #expect(Int64(info.st_size) == size)
        #expect(Int64(info.st_blocks) * 512 < 64 << 20, "written dense: \(info.st_blocks) blocks")
        let copy = open(book + "/book/big.bin", O_RDONLY)
        defer { close(copy) }
        var head = [UInt8](repeating: 0, count: 6)
        #expect(pread(copy, &head, 4, 0) == 4 && Array(head.prefix(4)) == Array("HEAD".utf8))
        #expect(pread(copy, &head, 6, off_t(size / 2)) == 6 && head == Array("MIDDLE".utf8))

        // Built again unchanged: the live copy is compared in bounded memory and linked.
        let again = try run.command(
            "/usr/bin/time",
            ["-f", "peak-rss-kib=%M", TestSupport.executable, "build", "--cache-dir", run.scratch + "/cache"],
            in: "work/book")
        #expect(again.succeeded, "\(again.stderrText)")
        var linked = stat()
        #expect(stat(book + "/book/big.bin", &linked) == 0 && linked.st_ino == info.st_ino)
        let second =
            again.stderrText.split(separator: "\n").compactMap { line -> Int? in
                line.hasPrefix("peak-rss-kib=") ? Int(line.dropFirst("peak-rss-kib=".count)) : nil
            }.first ?? Int.max
        #expect(second < 300 * 1024, "peak RSS \(second) KiB")
    }

    /// `FileCopy` copies every byte, holes kept, data behind them too.
    @Test func fileCopyKeepsEveryByteAndTheHoles() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileSystem.writeAtomically(bytes, to: root + "/dense")
        let sparse = open(root + "/sparse", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(pwrite(sparse, "X", 1, 5 << 20) == 1)
        #expect(ftruncate(sparse, 9 << 20) == 0)
        close(sparse)
        let folder = try DirectoryHandle(opening: root)
        let dense = open(root + "/dense", O_RDONLY | O_CLOEXEC)
        let sparseInput = open(root + "/sparse", O_RDONLY | O_CLOEXEC)
        defer {
            close(dense)
            close(sparseInput)
        }
        #expect(folder.copyFile("dense.copy", from: dense))
        #expect(folder.copyFile("sparse.copy", from: sparseInput))
        #expect(try FileSystem.read(root + "/dense.copy") == bytes)
        #expect(try FileSystem.read(root + "/sparse.copy") == (try FileSystem.read(root + "/sparse")))
        #expect(folder.holdsCopy(of: dense, at: "dense.copy"))
        #expect(!folder.holdsCopy(of: sparseInput, at: "dense.copy"))
        #expect(!folder.copyFile("dense.copy", from: dense), "an existing file is not replaced")
    }
}
