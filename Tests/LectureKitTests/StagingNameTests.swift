import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `lecture build` removes only what it made in this run: entries beside the output folder that
/// carry the names of its staging folders (`.book.tmp-N`, `.book.old-N`, a link of that name,
/// committed with the book or left by anyone) are never entered nor removed, only named.
/// Attack 16's k04, through the real tool, contained.
@Suite struct StagingNameTests {
    @Test func entriesNamedLikeStagingFoldersBesideTheSiteAreLeftAndNamed() throws {
        let (run, first) = try TestSupport.containedBook { book in
            try TestSupport.write(Array("KEEP-ME\n".utf8), to: book + "/.book.tmp-999999/keep/file.txt")
            try TestSupport.write(Array("KEEP-ME2\n".utf8), to: book + "/.book.old-999998/file.txt")
            // Named after live processes too (this one, pid 1): their liveness proves nothing.
            try FileSystem.makeDirectories(book + "/.book.tmp-1-7")
            try FileSystem.makeDirectories(book + "/.book.old-1")
            try FileSystem.makeDirectories(book + "/../outside")
            try TestSupport.write(Array("OUT\n".utf8), to: book + "/../outside/kept.txt")
            #expect(symlink("../outside", book + "/.book.old-999997") == 0)
        }
        let book = run.scratch + "/work/book"
        let planted = [".book.old-1", ".book.old-999997", ".book.old-999998", ".book.tmp-1-7", ".book.tmp-999999"]
        func entries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: book)) ?? []).filter { $0.hasPrefix(".book.") }
                .sorted()
        }
        #expect(first.termination == .exited(0), "\(first.stderrText)")
        #expect(FileSystem.exists(book + "/book/index.html"))
        // A second build replaces a site: the old folder goes, the planted ones stay.
        let second = try run.lecture(["build"], in: "work/book")
        #expect(second.termination == .exited(0), "\(second.stderrText)")
        for result in [first, second] {
            for name in planted {
                #expect(
                    result.stderrText.contains("\(name): warning: an entry beside the output folder has the name"),
                    "\(name): \(result.stderrText)")
            }
        }
        #expect(entries() == planted, "nothing of this run is left, nothing planted is gone")
        #expect(TestSupport.read(book + "/.book.tmp-999999/keep/file.txt") == "KEEP-ME\n")
        #expect(TestSupport.read(book + "/.book.old-999998/file.txt") == "KEEP-ME2\n")
        #expect(TestSupport.read(book + "/.book.old-999997/kept.txt") == "OUT\n")
        #expect(DirectoryHandle.kind(at: book + "/.book.old-1") == .directory)
    }
}
