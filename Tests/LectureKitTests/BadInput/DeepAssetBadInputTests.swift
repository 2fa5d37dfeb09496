import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file nested past `PATH_MAX` is not dropped from the copied files without a word (issue
/// 34): one the system cannot list in the content folder, and one that fits there but not at
/// its place in the output folder (whose path is longer), are each a warning at its path; the
/// build goes on without them.
@Suite(.serialized) struct DeepAssetBadInputTests {
    /// Makes `levels` folders named `name` below `folder`, then `file` in the deepest, through
    /// descriptors (a path past `PATH_MAX` cannot be named whole); the relative path made.
    static func nest(in folder: String, levels: Int, name: String, file: String) throws -> String {
        var fd = open(folder, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        for _ in 0..<levels {
            _ = mkdirat(fd, name, 0o755)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            try #require(next >= 0, "\(String(cString: strerror(errno)))")
            fd = next
        }
        let out = openat(fd, file, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(out >= 0)
        close(out)
        close(fd)
        return Array(repeating: name, count: levels).joined(separator: "/") + "/" + file
    }

    /// Removes what `nest` made, through descriptors.
    static func remove(_ root: String) {
        if let handle = try? DirectoryHandle(opening: (root as NSString).deletingLastPathComponent) {
            handle.removeTree((root as NSString).lastPathComponent)
        }
    }

    @Test func aFileNestedPastPathMaxInTheContentIsWarnedAtItsPath() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage,
            "content/near.txt": "near\n",
        ])
        defer { Self.remove(root) }
        let name = String(repeating: "d", count: 200)
        let relative = try Self.nest(in: root + "/content", levels: 21, name: name, file: "deep.txt")
        #expect((root + "/content/" + relative).utf8.count > 4096)
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(!failed, "\(lines)")
        let warning = lines.first { $0.contains("warning: not copied into the site: its path is") }
        #expect(warning?.hasPrefix(root + "/content/" + name + "/") == true, "\(lines)")
        #expect(warning?.contains("PATH_MAX") == true)
        #expect(FileSystem.exists(root + "/_site/near.txt"))
    }

    @Test func aFileThatFitsInTheContentButNotInTheSiteIsWarnedAndLeftOut() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { Self.remove(root) }
        let name = String(repeating: "e", count: 200)
        // Content path: root + ~3820 bytes; the output folder's path is 250 bytes longer.
        let relative = try Self.nest(in: root + "/content", levels: 19, name: name, file: "x.txt")
        let output = String(repeating: "o", count: 250) + "/_site"
        #expect((root + "/content/" + relative).utf8.count < 4096)
        #expect((root + "/" + output + "/" + relative).utf8.count >= 4096)
        let (lines, failed) = try BadInputBook.build(root: root, output: output)
        #expect(!failed, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    root + "/content/" + relative + ": warning: not copied into the site: its path there would be")
            }, "\(lines)")
    }
}
