import Foundation
import LectureSupport
import Testing

@testable import LectureKit

/// `GitIndex` reads the index git itself writes: versions 2, 3 (an intent-to-add entry) and 4
/// (paths prefix-compressed), SHA-1 and SHA-256 repositories (told from the index itself, not
/// the config); an index it cannot read, a damaged one, a split one cannot tell (code review 41
/// #4); a crafted one costs copying no more than its size, and is parsed once (#3).
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
        // The config is not read: written with a comment, as CI scripts do, it changes nothing.
        let config = try String(contentsOfFile: root + "/.git/config", encoding: .utf8)
        try FileSystem.writeAtomically(
            config.replacingOccurrences(of: "objectformat = sha256", with: "objectFormat = sha256 ; set by CI"),
            to: root + "/.git/config")
        if version == 3 {
            try FileSystem.writeAtomically("x\n", to: root + "/docs/new/book.toml")
            try GitRepositoryFixture.git(["-C", root, "add", "-N", "docs/new/book.toml"])
        }
        let git = GitFolders.gitFolders(at: root + "/.git")
        for path in Self.paths { #expect(GitIndex.lists(path, gitFolders: git) == .listed, "\(path)") }
        #expect(GitIndex.lists("docs/untracked/book.toml", gitFolders: git) == .unlisted)
        #expect(GitIndex.lists("docs/book", gitFolders: git) == .unlisted, "a folder is no entry")
        #expect(GitIndex.lists("docs/book", below: true, gitFolders: git) == .listed)
        #expect(
            GitIndex.lists("docs/boo", below: true, gitFolders: git) == .unlisted, "a prefix of a name is no folder")
        #expect(GitIndex.lists("docs/untracked", below: true, gitFolders: git) == .unlisted)
        #expect(GitIndex.lists("docs/new/book.toml", gitFolders: git) == (version == 3 ? .listed : .unlisted))
    }

    /// A cut or overwritten index is read no further than it holds, and cannot tell past the
    /// damage: never "unlisted", which would make a tracked book another project's.
    @Test func aDamagedIndexCannotTell() throws {
        let root = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(root) }
        for path in Self.paths { try FileSystem.writeAtomically("x\n", to: root + "/" + path) }
        try GitRepositoryFixture.make(root, tracking: Self.paths, indexVersion: 4)
        let bytes = try FileSystem.read(root + "/.git/index")
        let zz = Array("zz.txt".utf8)
        var copied = 0
        for cut in [0, 11, 12, 60, bytes.count / 2] {
            let answer = GitIndex.listing(of: zz, below: false, in: Array(bytes.prefix(cut)), copied: &copied)
            #expect(answer == .unknown("its index is damaged, or of a version lecture does not read"), "\(cut)")
        }
        var huge = bytes
        huge.replaceSubrange(8..<12, with: [0x7f, 0xff, 0xff, 0xff])
        #expect(GitIndex.listing(of: zz, below: false, in: huge, copied: &copied) != .unlisted)
        #expect(GitIndex.listing(of: zz, below: false, in: bytes, copied: &copied) == .listed)
        #expect(GitIndex.listing(of: Array("nope".utf8), below: false, in: bytes, copied: &copied) == .unlisted)
    }

    /// A split index (`core.splitIndex`) holds its entries in a shared part lecture does not
    /// read: what it does not list itself is unknown, not unlisted. A missing index lists nothing.
    @Test func aSplitIndexCannotTellWhatItsSharedPartHolds() throws {
        let root = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(root) }
        for path in Self.paths { try FileSystem.writeAtomically("x\n", to: root + "/" + path) }
        try GitRepositoryFixture.make(root, tracking: Self.paths)
        try GitRepositoryFixture.git(["-C", root, "update-index", "--split-index"])
        let git = GitFolders.gitFolders(at: root + "/.git")
        #expect(
            GitIndex.lists("README.md", gitFolders: git)
                == .unknown("its index is split ('core.splitIndex'), and lecture does not read the shared part"))
        try FileSystem.writeAtomically("x\n", to: root + "/new.txt")
        try GitRepositoryFixture.git(["-C", root, "add", "new.txt"])
        #expect(GitIndex.lists("new.txt", gitFolders: git) == .listed, "the split part's own entry")
        let bare = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(bare) }
        try GitRepositoryFixture.make(bare)
        #expect(GitIndex.lists("README.md", gitFolders: GitFolders.gitFolders(at: bare + "/.git")) == .unlisted)
    }

    /// Code review 41 #3: a version 4 entry that drops nothing and adds nothing repeats the last
    /// name, and each copied it whole (64 KiB allowed): a crafted 16 MiB index of one 4 KiB name
    /// and 64-byte entries after it copied 1 GiB. One buffer copies what the entries add, no more
    /// than the index's size; a name past `PATH_MAX` is damage.
    @Test func aCraftedVersion4IndexCopiesNoMoreThanItsSize() {
        func entry(flags: Int, name: [UInt8]) -> [UInt8] {
            var facts = [UInt8](repeating: 0, count: 40)
            facts[24..<28] = [0, 0, 0x81, 0xA4]  // mode 0o100644
            return facts + [UInt8](repeating: 0xAB, count: 20) + [UInt8(flags >> 8), UInt8(flags & 0xFF)] + [0]
                + name + [0]
        }
        let count = (16 << 20) / 64
        var bytes = Array("DIRC".utf8) + [0, 0, 0, 4] + withUnsafeBytes(of: UInt32(count + 1).bigEndian, Array.init)
        bytes += entry(flags: 0xFFF, name: [UInt8](repeating: UInt8(ascii: "a"), count: GitIndex.maximumName))
        let repeated = entry(flags: 0xFFF, name: [])
        for _ in 0..<count { bytes += repeated }
        var copied = 0
        #expect(GitIndex.listing(of: Array("zz".utf8), below: false, in: bytes, copied: &copied) == .unlisted)
        #expect(copied <= bytes.count, "\(copied) bytes copied for an index of \(bytes.count)")
        var longer = bytes
        longer.insert(UInt8(ascii: "a"), at: 12 + 63)
        #expect(GitIndex.listing(of: Array("zz".utf8), below: false, in: longer, copied: &copied) != .unlisted)
    }

    /// The answer is remembered for the index file it was read from: the same file (device,
    /// inode, size, modification time) is not read again, a changed one is.
    @Test func anIndexIsParsedOncePerVersionOfTheFile() throws {
        let root = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(root) }
        for path in Self.paths { try FileSystem.writeAtomically("x\n", to: root + "/" + path) }
        try GitRepositoryFixture.make(root, tracking: Self.paths)
        let git = GitFolders.gitFolders(at: root + "/.git")
        let index = root + "/.git/index"
        #expect(GitIndex.lists("zz.txt", gitFolders: git) == .listed)
        var status = stat()
        #expect(lstat(index, &status) == 0)
        // The same bytes' count of zeros, in place: the same inode and size, the time put back.
        let fd = open(index, O_WRONLY | O_CLOEXEC)
        let zeros = [UInt8](repeating: 0, count: Int(status.st_size))
        #expect(write(fd, zeros, zeros.count) == zeros.count)
        var times = [status.st_atim, status.st_mtim]
        #expect(futimens(fd, &times) == 0)
        close(fd)
        #expect(GitIndex.lists("zz.txt", gitFolders: git) == .listed, "remembered, not read again")
        times[1].tv_nsec = (times[1].tv_nsec + 1) % 1_000_000_000
        #expect(utimensat(AT_FDCWD, index, &times, 0) == 0)
        #expect(GitIndex.lists("zz.txt", gitFolders: git) != .listed, "read again once changed")
    }
}
