import Foundation
import LectureSupport

/// The git folders that hold what a checkout knows of the book's repository and of every
/// repository around it: each `.git` from the book's folder up to `/`, and where a `.git` is a
/// file (`gitdir: PATH`, a submodule or a `git worktree`), the folder it names and that
/// folder's `commondir` (a worktree's shared `.git`). `GIT_DIR` and `GIT_COMMON_DIR`, when set,
/// name more. A `.git` file that is a symbolic link is followed, as git follows it: what it
/// names is only hidden, never read or published (code review 40, #12).
///
/// A submodule's `.git` names `../.git/modules/NAME` in the superproject: its `config` holds
/// what `actions/checkout` writes there (`http.extraheader`, the token), and so does the
/// superproject's own `.git/config` (attack 20, F2). `SampleSandbox` hides each of them,
/// wherever it lies: under `/usr` or `/opt` too.
enum GitFolders {
    /// The largest `.git` file or `commondir` read: a path on one line.
    static let maximumPointerBytes = 4096

    /// The git folders of the repositories holding `folder` (canonical), and of `GIT_DIR`.
    static func around(_ folder: String, environment: [String: String] = ProcessEnvironment.current())
        -> [String]
    {
        var found: [String] = []
        var current = folder
        while true {
            found += gitFolders(at: FileSystem.join(current, ".git"))
            guard current != "/", let slash = current.lastIndex(of: "/") else { break }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        for variable in ["GIT_DIR", "GIT_COMMON_DIR"] {
            if let gitDirectory = environment[variable], !gitDirectory.isEmpty {
                found += gitFolders(at: CanonicalPath.of(gitDirectory))
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    /// The folders a `.git` at `path` stands for: itself when a folder (with its `commondir`),
    /// the folder its `gitdir:` line names when a file.
    static func gitFolders(at path: String) -> [String] {
        if FileSystem.isDirectory(path) {
            let folder = CanonicalPath.of(path)
            return [folder] + common(of: folder)
        }
        guard let line = pointer(path, prefix: "gitdir:") else { return [] }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let named = CanonicalPath.of(line.hasPrefix("/") ? line : FileSystem.join(parent.isEmpty ? "/" : parent, line))
        guard FileSystem.isDirectory(named) else { return [] }
        return [named] + common(of: named)
    }

    /// The shared git folder a worktree's git folder names in its `commondir` file.
    private static func common(of folder: String) -> [String] {
        guard let line = pointer(FileSystem.join(folder, "commondir"), prefix: "") else { return [] }
        let named = CanonicalPath.of(line.hasPrefix("/") ? line : FileSystem.join(folder, line))
        return FileSystem.isDirectory(named) ? [named] : []
    }

    /// The first line of the small regular file at `path`, after `prefix`, trimmed; nil when it
    /// is not one (a link is followed to a regular file), or is larger than a pointer.
    private static func pointer(_ path: String, prefix: String) -> String? {
        guard let bytes = FolderFile.file(path, limit: maximumPointerBytes, followingLink: true).bytes else {
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let first = text.split(separator: "\n", omittingEmptySubsequences: false).first,
            first.hasPrefix(prefix)
        else { return nil }
        let value = first.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }
}
