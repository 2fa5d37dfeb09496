import Foundation
import LectureSupport

/// No file of the content folder is dropped from the site unsaid for the length of its path
/// (issue 34): a file or folder nested past `PATH_MAX` (4096 bytes with the NUL), which the
/// system can neither list nor open, and a file whose path fits in the content folder but not
/// in the output folder (whose path is longer), are each a warning at the path, naming the
/// limit, instead of missing from the copied files.
enum UnreachableAssets {
    /// A warning for each entry of `tooLong` (relative to `contentDirectory`), and for each of
    /// `tooLongForSite`, the assets whose place in `outputDirectory` is past the limit.
    static func warnings(
        tooLong: [String], tooLongForSite: [String], contentDirectory: String, outputDirectory: String
    ) -> [Diagnostic] {
        let limit = FolderWalk.pathLimit - 1
        let listed = tooLong.map { relative in
            let path = FileSystem.join(contentDirectory, relative)
            return Diagnostic.warning(
                .assetNotCopied, path, nil,
                "not copied into the site: its path is \(path.utf8.count) bytes, past the \(limit) the system opens (PATH_MAX)",
                notes: ["move it into a shallower folder or shorten the folders' names"])
        }
        let output = CanonicalPath.of(outputDirectory)
        let copied = tooLongForSite.map { relative in
            Diagnostic.warning(
                .assetNotCopied, FileSystem.join(contentDirectory, relative), nil,
                "not copied into the site: its path there would be \(FileSystem.join(output, relative).utf8.count) bytes, past the \(limit) the system opens (PATH_MAX)",
                notes: [
                    "move it into a shallower folder, shorten the folders' names, or choose an output folder with a shorter path"
                ])
        }
        return listed + copied
    }

    /// A warning for each symbolic link of the content folder (`links`, relative to
    /// `contentDirectory`): lecture copies regular files only, so a link, which could lead to a
    /// file outside the book, is not published (mdBook copies its target).
    /// A theme's folder says so (`folder`: "theme folder"), its links left out as the pages' are.
    static func links(_ links: [String], contentDirectory: String, folder: String = "content folder") -> [Diagnostic] {
        links.map { relative in
            let path = FileSystem.join(contentDirectory, relative)
            let target =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \(quoted: $0)" } ?? ""
            // Where it leads, said as it is: `loop -> .` stays inside the book (attack 9, noticed);
            // `data.txt -> ../.secrets/k.txt` leads into a dot-folder, and the rule is that one.
            let real = CanonicalPath.of(path)
            let content = CanonicalPath.of(contentDirectory)
            if let hidden = dotComponent(of: real, besides: content) {
                let what = hidden.folder ? "a dot-folder" : "a dot-file"
                return Diagnostic.warning(
                    .assetNotCopied, path, nil,
                    "not copied into the site: it is a symbolic link\(target) into \(what) (\(quoted: hidden.name)), and lecture leaves out dotfiles and dot-folders everywhere (it neither copies, reads nor serves them)",
                    notes: [
                        "keys and tokens live in dot-folders: copy what the site needs into the \(folder) under a name without a leading dot"
                    ])
            }
            let inside = CanonicalPath.isWithin(real, content)
            return Diagnostic.warning(
                .assetNotCopied, path, nil,
                "not copied into the site: it is a symbolic link\(target), and lecture publishes regular files only, "
                    + (inside
                        ? "never a link, even one that leads inside the book"
                        : "so a link cannot publish a file from outside the book"),
                notes: [
                    "copy the file (or folder) into the \(folder); for code shown in a page, '{{#include}}' reads files from the folders '[preprocessor.lecture] include-from' names"
                ])
        }
    }

    /// The first dot-named component of `real` (canonical) below the folder it shares with
    /// `content` (the content folder or the theme's, canonical), when that shared folder is
    /// `content` or its parent (the book's folder): a link `src/data.txt -> ../.secrets/k.txt`
    /// leads into `.secrets`; one that leaves the book is said to leave it.
    private static func dotComponent(of real: String, besides content: String) -> (name: String, folder: Bool)? {
        let parent = content == "/" ? "/" : String(content[..<(content.lastIndex(of: "/") ?? content.startIndex)])
        for base in [content, parent.isEmpty ? "/" : parent] where CanonicalPath.isWithin(real, base) {
            return BookFileRule.privateComponent(of: real, below: base)
        }
        return nil
    }

    /// A warning for each named pipe, socket or device of the content folder (`special`,
    /// relative to `contentDirectory`): the book's files are regular files; these are left out.
    static func special(_ special: [String], contentDirectory: String) -> [Diagnostic] {
        special.map { relative in
            let path = FileSystem.join(contentDirectory, relative)
            return Diagnostic.warning(
                .assetNotCopied, path, nil,
                "not copied into the site: it is \(kind(of: path, following: false)), and lecture publishes regular files only",
                notes: ["remove it from the content folder, or put the file it stands for in its place"])
        }
    }

    /// What the file at `path` is, for a sentence ("a file", "a named pipe", "a socket", "a device"), or
    /// "not a regular file"; `following`: a symbolic link's target is named.
    static func kind(of path: String, following: Bool) -> String {
        var info = stat()
        let mode = (following ? stat(path, &info) : lstat(path, &info)) == 0 ? info.st_mode & S_IFMT : 0
        return mode == S_IFREG
            ? "a file"
            : mode == S_IFIFO
                ? "a named pipe"
                : mode == S_IFSOCK ? "a socket" : mode == S_IFCHR || mode == S_IFBLK ? "a device" : "not a regular file"
    }
}
