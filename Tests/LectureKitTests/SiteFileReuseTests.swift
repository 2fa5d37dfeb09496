import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A rebuild hard-links a file of the live site only when it is what the build would write
/// (`DirectoryHandle.isReusable`, attack 11, kind 32): a page `chmod 000`'d or `600`'d by hand
/// stayed so through every rebuild (a 403 once deployed), since the link shares the inode. Each
/// thing the reuse trusts is changed on an unchanged page (`same.html`, compared by its bytes),
/// an unchanged page the caller names as such (`linking`, no bytes compared) and a copied file
/// (`keep.css`): each is written anew with the build's own mode, one name and the process's owner.
@Suite struct SiteFileReuseTests {
    static let paths = ["same.html", "keep.css", "empty.html"]
    static let mode = FileMode.created(0o644)

    /// What a user did to the live site's files between two builds.
    enum Change: String, CaseIterable, Sendable {
        case modeNone, modeOwnerOnly, modeExecutable, secondName, owner
    }

    static func stat(_ path: String) -> Glibc.stat {
        var info = Glibc.stat()
        _ = lstat(path, &info)
        return info
    }

    @Test(arguments: Change.allCases) func aChangedFileOfTheLiveSiteIsWrittenAnew(_ change: Change) throws {
        // Only root can give a file to another user.
        guard change != .owner || geteuid() == 0 else { return }
        let root = try TestSupport.makeTree(["assets/old.css": "a {}", "assets/new.css": "b {}", "kept/.keep": ""])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = root + "/_site"
        try SiteWriter.write(SiteReplacementTests.firstSite(root), to: OutputFolder(output))
        var before: [String: UInt] = [:]
        for path in Self.paths {
            let file = output + "/" + path
            before[path] = UInt(Self.stat(file).st_ino)
            switch change {
            case .modeNone: #expect(chmod(file, 0) == 0)
            case .modeOwnerOnly: #expect(chmod(file, 0o600) == 0)
            case .modeExecutable: #expect(chmod(file, 0o755) == 0)
            case .secondName: #expect(link(file, root + "/kept/" + path) == 0)
            case .owner: #expect(chown(file, 65534, 65534) == 0)
            }
        }
        try SiteWriter.write(
            SiteReplacementTests.secondSite(root), to: OutputFolder(output), linking: ["empty.html"])
        #expect(
            SiteReplacementTests.files(output) == SiteReplacementTests.expected(SiteReplacementTests.secondSite(root)))
        for path in Self.paths {
            let info = Self.stat(output + "/" + path)
            #expect(UInt(info.st_ino) != before[path], "\(path): written anew, not linked")
            #expect(info.st_mode & 0o7777 == Self.mode, "\(path): mode \(String(info.st_mode & 0o7777, radix: 8))")
            #expect(info.st_nlink == 1, "\(path)")
            #expect(info.st_uid == geteuid(), "\(path)")
        }
        if change == .secondName {
            // The user's other name keeps the old file, which the site no longer shares.
            #expect(FileManager.default.contents(atPath: root + "/kept/same.html") == Data("같음".utf8))
        }
    }

    /// Untouched files are still linked (the reuse stays on).
    @Test func anUntouchedFileIsStillLinked() throws {
        let root = try TestSupport.makeTree(["assets/old.css": "a {}", "assets/new.css": "b {}"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = root + "/_site"
        try SiteWriter.write(SiteReplacementTests.firstSite(root), to: OutputFolder(output))
        let before = Self.paths.map { UInt(Self.stat(output + "/" + $0).st_ino) }
        try SiteWriter.write(SiteReplacementTests.secondSite(root), to: OutputFolder(output), linking: ["empty.html"])
        #expect(Self.paths.map { UInt(Self.stat(output + "/" + $0).st_ino) } == before)
        #expect(Self.paths.allSatisfy { Self.stat(output + "/" + $0).st_mode & 0o7777 == Self.mode })
    }
}
