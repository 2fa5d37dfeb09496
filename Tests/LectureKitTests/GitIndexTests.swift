import Foundation
import LectureSupport
import Testing

@testable import LectureKit

/// `GitIndex` reads the index git itself writes: versions 2, 3 (an intent-to-add entry) and 4
/// (paths prefix-compressed), SHA-1 and SHA-256 repositories; a damaged index lists nothing.
@Suite struct GitIndexTests {
    static let paths = ["README.md", "docs/book/book.toml", "docs/book/src/SUMMARY.md", "docs/bookshelf.txt", "zz.txt"]

    @Test(arguments: [("sha1", 2), ("sha1", 3), ("sha1", 4), ("sha256", 2), ("sha256", 4)])
    func theIndexGitWritesListsItsPaths(_ format: String, _ version: Int) throws {
        let root = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(root) }
        for path in Self.paths + ["docs/untracked/book.toml"] {
            try FileSystem.writeAtomically("x\n", to: root + "/" + path)
        }
        try GitRepositoryFixture.make(root, tracking: Self.paths, objectFormat: format, indexVersion: version)
        if version == 3 {
            try FileSystem.writeAtomically("x\n", to: root + "/docs/new/book.toml")
            try GitRepositoryFixture.git(["-C", root, "add", "-N", "docs/new/book.toml"])
        }
        let git = GitFolders.gitFolders(at: root + "/.git")
        for path in Self.paths { #expect(GitIndex.lists(path, gitFolders: git), "\(path)") }
        #expect(!GitIndex.lists("docs/untracked/book.toml", gitFolders: git))
        #expect(!GitIndex.lists("docs/book", gitFolders: git), "a folder is no entry")
        #expect(GitIndex.lists("docs/book", below: true, gitFolders: git))
        #expect(!GitIndex.lists("docs/boo", below: true, gitFolders: git), "a prefix of a name is no folder")
        #expect(!GitIndex.lists("docs/untracked", below: true, gitFolders: git))
        #expect(GitIndex.lists("docs/new/book.toml", gitFolders: git) == (version == 3))
    }

    /// A cut or overwritten index is read no further than it holds, and lists nothing past the damage.
    @Test func aDamagedIndexListsNothingPastTheDamage() throws {
        let root = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(root) }
        for path in Self.paths { try FileSystem.writeAtomically("x\n", to: root + "/" + path) }
        try GitRepositoryFixture.make(root, tracking: Self.paths, indexVersion: 4)
        let bytes = try FileSystem.read(root + "/.git/index")
        for cut in [0, 11, 12, 60, bytes.count / 2] {
            #expect(
                !GitIndex.firstEntry(in: Array(bytes.prefix(cut)), hashBytes: 20) { $0.elementsEqual("zz.txt".utf8) })
        }
        var huge = bytes
        huge.replaceSubrange(8..<12, with: [0x7f, 0xff, 0xff, 0xff])
        #expect(!GitIndex.firstEntry(in: huge, hashBytes: 20) { _ in false })
        #expect(GitIndex.firstEntry(in: bytes, hashBytes: 20) { $0.elementsEqual("zz.txt".utf8) })
    }
}
