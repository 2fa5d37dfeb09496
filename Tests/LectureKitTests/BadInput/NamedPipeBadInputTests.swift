import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Code review 41, #7: a book's folders can hold a named pipe (a tarball carries one), and
/// opening a FIFO to read waits for a writer: `MdBookOutput` read a `book/.nojekyll` FIFO and the
/// build waited forever. Every open of a path the book controls is `O_NONBLOCK` now, or goes
/// through `FileSystem.read`, which is, and reads only a regular file: the site's files compared
/// before reuse (`DirectoryHandle.holds`, `holdsCopy`), a page read back for `--bless`, an
/// existing JUnit report, an existing `book.toml` at `lecture init`, the site copy scanned again.
/// Each of them meets a FIFO, returns at once, and reads nothing.
@Suite struct NamedPipeBadInputTests {
    @Test func namedPipesInTheBooksFoldersAreNotWaitedOn() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        for name in [".nojekyll", "index.html", "book.toml", "report.xml", "page.md"] {
            #expect(NamedPipe.make(at: folder + "/" + name), "\(name)")
        }
        try TestSupport.write([], to: folder + "/empty")
        let handle = try DirectoryHandle(opening: folder)

        let mdBook = NamedPipe.call(
            { MdBookOutput.wrote(handle, names: [".nojekyll"]) }, releasing: folder + "/.nojekyll")
        #expect(!mdBook.value && !mdBook.released, "MdBookOutput.wrote")
        let same = NamedPipe.call({ handle.holds([], at: "index.html") }, releasing: folder + "/index.html")
        #expect(!same.value && !same.released, "DirectoryHandle.holds")
        let input = open(folder + "/empty", O_RDONLY | O_CLOEXEC)
        defer { close(input) }
        let copy = NamedPipe.call({ handle.holdsCopy(of: input, at: "index.html") }, releasing: folder + "/index.html")
        #expect(!copy.value && !copy.released, "DirectoryHandle.holdsCopy")
        let contents = NamedPipe.call({ handle.contents("index.html", atMost: 10) }, releasing: folder + "/index.html")
        #expect(contents.value == nil && !contents.released, "DirectoryHandle.contents")
        let report = NamedPipe.call(
            { JUnitReportPath.isReport(folder + "/report.xml") }, releasing: folder + "/report.xml")
        #expect(!report.value && !report.released, "JUnitReportPath.isReport")
        let existing = NamedPipe.call(
            { InitCommand.alreadyABook(["book.toml"], directory: folder) }, releasing: folder + "/book.toml")
        #expect(!existing.released, "InitCommand.alreadyABook")
        let page = NamedPipe.call(
            { (try? BlessedPageFile(folder + "/page.md"))?.read() == nil }, releasing: folder + "/page.md")
        #expect(page.value && !page.released, "BlessedPageFile.read")
        let rescanned = NamedPipe.call(
            { PublishedSecrets.inCopy("page.md", in: handle, source: "src/page.md", budget: DecompressionBudget()) },
            releasing: folder + "/page.md")
        #expect(rescanned.value.isEmpty && !rescanned.released, "PublishedSecrets.inCopy")
    }
}
