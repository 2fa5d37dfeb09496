import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The git folders around a book (`GitFolders`), which samples may not see: a `.git` folder
/// and every one above it, the folder a submodule's or a worktree's `.git` file names, a
/// worktree's shared folder (`commondir`), and `GIT_DIR` (attack 20, F2).
@Suite struct GitFoldersTests {
    @Test func aSubmodulesGitFileAndTheSuperproject() throws {
        let root = CanonicalPath.of(
            try TestSupport.makeTree([
                "app/.git/config": "[core]\n",
                "app/.git/modules/docs/config": "[core]\n",
                "app/docs/.git": "gitdir: ../.git/modules/docs\n",
                "app/docs/src/a.md": "# A\n",
            ]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = GitFolders.around(root + "/app/docs", environment: [:])
        #expect(found == [root + "/app/.git/modules/docs", root + "/app/.git"])
    }

    @Test func aWorktreesGitFileAndItsCommonFolder() throws {
        let root = CanonicalPath.of(
            try TestSupport.makeTree([
                "main/.git/config": "[core]\n",
                "main/.git/worktrees/wt/commondir": "../..\n",
                "wt/src/a.md": "# A\n",
            ]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.writeAtomically("gitdir: \(root)/main/.git/worktrees/wt\n", to: root + "/wt/.git")
        let found = GitFolders.around(root + "/wt", environment: [:])
        #expect(found == [root + "/main/.git/worktrees/wt", root + "/main/.git"])
    }

    @Test func gitDirectoryFromTheEnvironment() throws {
        let root = CanonicalPath.of(try TestSupport.makeTree(["repo.git/config": "[core]\n", "book/a.md": "# A\n"]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(GitFolders.around(root + "/book", environment: ["GIT_DIR": root + "/repo.git"]) == [root + "/repo.git"])
        #expect(GitFolders.around(root + "/book", environment: [:]).isEmpty)
    }

    /// `GIT_COMMON_DIR` names the shared git folder of a worktree, as `GIT_DIR` its own.
    @Test func commonGitDirectoryFromTheEnvironment() throws {
        let root = CanonicalPath.of(
            try TestSupport.makeTree([
                "repo.git/config": "[core]\n", "repo.git/worktrees/wt/HEAD": "x\n", "book/a.md": "# A\n",
            ]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["GIT_DIR": root + "/repo.git/worktrees/wt", "GIT_COMMON_DIR": root + "/repo.git"]
        #expect(
            GitFolders.around(root + "/book", environment: environment)
                == [root + "/repo.git/worktrees/wt", root + "/repo.git"])
    }

    /// A `.git` file that is a link is followed, as git follows it (the pointer's path is taken
    /// from the link's folder, as git's `read_gitfile` does); one too large to be a pointer, or a
    /// link to a folder's non-file, names nothing (code review 40, #12).
    @Test func aGitFileThatIsALinkIsFollowed() throws {
        let root = CanonicalPath.of(
            try TestSupport.makeTree([
                "elsewhere/.git/config": "[core]\n", "linked/a.md": "# A\n", "large/a.md": "# A\n",
                "fifo/a.md": "# A\n", "pointer": "gitdir: ../elsewhere/.git\n",
            ]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root + "/linked/.git", withDestinationPath: root + "/pointer")
        try FileSystem.writeAtomically(
            "gitdir: ../elsewhere/.git\n" + String(repeating: "x", count: GitFolders.maximumPointerBytes),
            to: root + "/large/.git")
        #expect(mkfifo(root + "/named-pipe", 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/fifo/.git", withDestinationPath: root + "/named-pipe")
        #expect(GitFolders.around(root + "/linked", environment: [:]) == [root + "/elsewhere/.git"])
        #expect(GitFolders.around(root + "/large", environment: [:]).isEmpty)
        #expect(GitFolders.around(root + "/fifo", environment: [:]).isEmpty)
    }

    /// Git's small files are read by the one bounded reader (`FolderFile.file`): a link at the
    /// end is followed only when asked (a `.git` pointer, not the index or the config), a named
    /// pipe is refused without waiting, a file past the limit is not read.
    @Test func gitsSmallFilesAreReadByTheBoundedReader() throws {
        let root = CanonicalPath.of(try TestSupport.makeTree(["repo/.git/index": "DIRC", "pointer": "gitdir: x\n"]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root + "/repo/.git/config", withDestinationPath: root + "/pointer")
        #expect(mkfifo(root + "/repo/.git/HEAD", 0o600) == 0)
        #expect(FolderFile.file(root + "/repo/.git/index", limit: 4) == .bytes(Array("DIRC".utf8)))
        #expect(FolderFile.file(root + "/repo/.git/index", limit: 3) == .tooLarge(4))
        #expect(FolderFile.file(root + "/repo/.git/config", limit: 100) == .refused("it is a symbolic link"))
        #expect(
            FolderFile.file(root + "/repo/.git/config", limit: 100, followingLink: true).bytes
                == Array("gitdir: x\n".utf8))
        #expect(
            FolderFile.file(root + "/repo/.git/HEAD", limit: 100, followingLink: true)
                == .refused("it is not a regular file"))
        #expect(FolderFile.file(root + "/repo/.git/absent", limit: 100) == .missing)
    }
}
