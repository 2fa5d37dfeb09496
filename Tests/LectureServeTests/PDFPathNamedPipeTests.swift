import Foundation
import TestFolders
import Testing

@testable import LectureServe
@testable import LectureSupport

/// Code review 41, #7: `lecture pdf -o PATH` looks at an existing file there before it replaces
/// it (`PDFPath.isOwn`), and a named pipe at that path held it forever; now it is no PDF of
/// lecture's, said at once.
@Suite struct PDFPathNamedPipeTests {
    @Test func aNamedPipeWhereThePDFGoesIsNotWaitedOn() throws {
        let folder = try TestFolders.make("lecture-pdf-pipe")
        defer { FileSystem.removeTemporaryDirectory(folder) }
        #expect(NamedPipe.make(at: folder + "/book.pdf"))
        let own = NamedPipe.call({ PDFPath.isOwn(folder + "/book.pdf") }, releasing: folder + "/book.pdf")
        #expect(!own.value && !own.released)
    }
}
