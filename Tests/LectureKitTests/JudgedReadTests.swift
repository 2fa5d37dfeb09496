import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file of the book is judged on the descriptor that is then read or copied, never on a name
/// opened twice (`BookFile`, `CopiedFile`; attack 15, F1: a static file, the theme's favicon and
/// additional-css, each checked early and copied by path later, published a home-folder file
/// swapped in between, 9–18 times in 60 builds). The swap is made deterministically: between the
/// judgement and the read, and between the listing and the copy. Only temporary folders are read
/// and written.
@Suite struct JudgedReadTests {
    static let secret = "CANARY-HOME-SECRET-15"

    /// A book folder with `src/a.txt` and, beside it, `home/secret.txt`; canonical paths.
    static func tree() throws -> (book: String, home: String) {
        let root = CanonicalPath.of(try TestSupport.temporaryDirectory())
        try TestSupport.write(Array("own bytes\n".utf8), to: root + "/b/src/a.txt")
        try TestSupport.write(Array("\(secret)\n".utf8), to: root + "/home/secret.txt")
        return (root + "/b", root + "/home")
    }

    /// Replaces `path` by a symbolic link to `target` in one rename, as an attacker's loop does.
    static func swap(_ path: String, toLinkTo target: String) {
        let temporary = path + ".swap"
        #expect(symlink(target, temporary) == 0)
        #expect(rename(temporary, path) == 0)
    }

    @Test func aFileSwappedForALinkAfterItsJudgementIsReadAsJudged() throws {
        let (book, home) = try Self.tree()
        defer { FileSystem.removeTemporaryDirectory(FileSystem.parent(book)) }
        let path = book + "/src/a.txt"
        guard case .success(let file) = BookFile.open(path, roots: [book]) else {
            Issue.record("the book's own file was refused")
            return
        }
        Self.swap(path, toLinkTo: home + "/secret.txt")
        #expect(try file.bytes().bytes == Array("own bytes\n".utf8))
        #expect(file.real == path, "judged where it was opened")
        // Opened again, the link is judged as what it leads to.
        #expect(Self.problem(path, [book]) == .refused(real: home + "/secret.txt", .outside(home + "/secret.txt")))
    }

    /// Each kind of file the site copies, with the folders its rule allows and whether a link of
    /// its own is followed.
    static let copiedKinds: [(name: String, relative: String, followingLink: Bool)] = [
        ("a static file of the pages", "src/a.txt", false),
        ("the theme's favicon", "theme/favicon.svg", true),
        ("additional-css", "extra.css", true),
        ("a template folder's asset", "theme/assets/x.js", false),
    ]

    @Test(arguments: copiedKinds.indices) func aCopiedFileSwappedForALinkOutIsNotPublished(index: Int) throws {
        let kind = Self.copiedKinds[index]
        let (book, home) = try Self.tree()
        defer { FileSystem.removeTemporaryDirectory(FileSystem.parent(book)) }
        let source = book + "/" + kind.relative
        try TestSupport.write(Array("own bytes\n".utf8), to: source)
        var site = SiteFiles()
        site.generated["index.html"] = Array("<p>x</p>".utf8)
        site.copied["copied"] = CopiedFile(source: source, roots: [book], followingLink: kind.followingLink)
        // Listed as the book's own file; swapped before the copy.
        Self.swap(source, toLinkTo: home + "/secret.txt")
        #expect(FileSystem.exists(source) && (try? FileSystem.read(source)) == Array("\(Self.secret)\n".utf8))
        let output = book + "/book"
        #expect(throws: LectureError.self, "\(kind.name)") { try SiteWriter.write(site, to: OutputFolder(output)) }
        #expect(!FileSystem.exists(output + "/copied"), "\(kind.name)")
        // The hash that names it reads it through the same rule: nothing.
        #expect(ContentNames.renames(of: site, files: ["copied"], folder: nil) { Self.bytes($0) }.isEmpty)
    }

    /// The scan that keeps secrets off the site reads the bytes that are copied: a static file
    /// clean when `Load` scanned it, replaced (one rename, as an attacker's loop does) by another
    /// file of the book that holds a key before the copy, is an error at the file and nothing is
    /// published; the same file unchanged is copied.
    @Test func aFileGivenASecretAfterTheScanIsNotPublished() throws {
        let (book, _) = try Self.tree()
        defer { FileSystem.removeTemporaryDirectory(FileSystem.parent(book)) }
        let source = book + "/src/a.txt"
        #expect(
            PublishedSecrets.inAssets(["a.txt"], contentDirectory: book + "/src", budget: DecompressionBudget())
                .problems.isEmpty)
        var site = SiteFiles()
        site.copied["a.txt"] = CopiedFile(source: source, roots: [book + "/src"], followingLink: false)
        let output = book + "/book"
        try SiteWriter.write(site, to: OutputFolder(output))
        #expect(try FileSystem.read(output + "/a.txt") == Array("own bytes\n".utf8))
        let key = String(repeating: "-", count: 5) + "BEGIN OPENSSH PRIVATE KEY" + String(repeating: "-", count: 5)
        try TestSupport.write(Array("own bytes\n\(key)\nb3Bl\n".utf8), to: book + "/notes.txt")
        #expect(rename(book + "/notes.txt", source) == 0)
        let other = book + "/site2"
        do {
            try SiteWriter.write(site, to: OutputFolder(other))
            Issue.record("a file holding a key was published")
        } catch let error as LectureError {
            #expect(
                error.diagnostics.map(\.headline) == [
                    "\(source):2:1: error: an OpenSSH private key would be published; nothing is written"
                ], "\(error)")
        }
        #expect(!FileSystem.exists(other), "nothing is written")
    }

    /// A link inside the book is followed where the kind follows links, and copied as judged.
    @Test func aLinkInsideTheBookIsCopiedWhereTheKindFollowsLinks() throws {
        let (book, _) = try Self.tree()
        defer { FileSystem.removeTemporaryDirectory(FileSystem.parent(book)) }
        #expect(symlink("src/a.txt", book + "/extra.css") == 0)
        var site = SiteFiles()
        site.copied["extra.css"] = CopiedFile(source: book + "/extra.css", roots: [book])
        site.copied["a.txt"] = CopiedFile(source: book + "/src/a.txt", roots: [book], followingLink: false)
        try SiteWriter.write(site, to: OutputFolder(book + "/book"))
        #expect(try FileSystem.read(book + "/book/extra.css") == Array("own bytes\n".utf8))
        #expect(try FileSystem.read(book + "/book/a.txt") == Array("own bytes\n".utf8))
    }

    /// A named pipe, a folder and a dot-file are refused on the descriptor, without blocking.
    @Test func aPipeAFolderAndADotFileAreRefusedOnTheirDescriptor() throws {
        let (book, _) = try Self.tree()
        defer { FileSystem.removeTemporaryDirectory(FileSystem.parent(book)) }
        #expect(mkfifo(book + "/pipe", 0o644) == 0)
        try TestSupport.write(Array("TOKEN=x\n".utf8), to: book + "/.env")
        #expect(Self.problem(book + "/pipe", [book]) == .refused(real: book + "/pipe", .special))
        #expect(Self.problem(book + "/src", [book]) == .refused(real: book + "/src", .folder))
        #expect(
            Self.problem(book + "/.env", [book]) == .refused(real: book + "/.env", .privateFile(".env", folder: false)))
        #expect(Self.problem(book + "/none", [book]) == .refused(real: book + "/none", .missing))
    }

    /// Why `path` was not opened, or nil when it was.
    static func problem(_ path: String, _ roots: [String]) -> BookFile.Problem? {
        if case .failure(let problem) = BookFile.open(path, roots: roots) { problem } else { nil }
    }

    static func bytes(_ file: CopiedFile) -> [UInt8]? {
        guard case .success(let opened) = file.open() else { return nil }
        return try? opened.bytes().bytes
    }
}
