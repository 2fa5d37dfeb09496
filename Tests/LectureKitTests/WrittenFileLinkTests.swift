import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file the tool writes (`lecture pdf`'s PDF, by default or `-o`; `check`'s JUnit report) is
/// judged as the path itself, never as where a link there leads, and is written without
/// following one: a committed `T.pdf -> ../home/docs/out.pdf` beside book.toml had the default PDF
/// written through it over a PDF lecture printed before (attack 15, F4). Every path here is in
/// the test's own temporary folders; nothing is written through a link, so none leaves them.
@Suite struct WrittenFileLinkTests {
    /// A book folder and, outside it, a file `isOwn` says the tool wrote.
    static func tree() throws -> (book: String, outside: String) {
        let book = try TestSupport.makeTree(["book.toml": "[book]\ntitle = \"T\"\n"])
        let outside = try TestSupport.makeTree(["docs/out.pdf": "%PDF- printed before\n"])
        return (book, outside + "/docs/out.pdf")
    }

    @Test(arguments: ["PDF", "-o", "--report junit:"])
    func aFileThatIsALinkToTheToolsOwnFileIsRefused(_ option: String) throws {
        let (book, outside) = try Self.tree()
        #expect(symlink(outside, book + "/T.pdf") == 0)
        let path = WrittenPath(book + "/T.pdf", option: option, what: "PDF", kind: .file)
        #expect(path.resolved == CanonicalPath.of(book) + "/T.pdf")
        let refusal = path.refusal(protecting: []) { _ in true }
        #expect(
            refusal?.message.contains("is a symbolic link to '\(outside)'; lecture never writes through a link")
                == true, "\(refusal?.message ?? "accepted")")
        #expect(TestSupport.read(outside) == "%PDF- printed before\n")
    }

    /// A link put at the name after the check is replaced, not followed.
    @Test func aLinkPlantedAfterTheCheckIsReplacedNotFollowed() throws {
        let (book, outside) = try Self.tree()
        let path = WrittenPath(book + "/T.pdf", option: "PDF", what: "PDF", kind: .file)
        #expect(path.refusal(protecting: []) { _ in true } == nil)
        #expect(symlink(outside, book + "/T.pdf") == 0)
        try path.write(Array("%PDF- new\n".utf8))
        #expect(TestSupport.read(outside) == "%PDF- printed before\n")
        #expect(WrittenPath.entry(book + "/T.pdf") == .regularFile)
        #expect(TestSupport.read(book + "/T.pdf") == "%PDF- new\n")
    }

    /// A folder on the way that is a link is still followed when the person named it (`-o
    /// linked/x.pdf`): only the file itself is judged as written.
    @Test func aFolderLinkOnTheWayIsResolved() throws {
        let (book, outside) = try Self.tree()
        let docs = FileSystem.parent(outside)
        #expect(symlink(docs, book + "/linked") == 0)
        let path = WrittenPath(book + "/linked/new.pdf", option: "-o", what: "PDF", kind: .file)
        #expect(path.resolved == CanonicalPath.of(docs) + "/new.pdf")
    }
}
